import { describe, expect, it } from 'vitest';
import { invitationMail, phaseStartedMail } from './dispute-mails.js';

describe('case mails', () => {
  it('write the due date as the screens do, in Helsinki time, never as a UTC date', () => {
    // 22:30 UTC on 8 December is 9 December in Helsinki: the screen shows 9.12.2026.
    const invitation = invitationMail('r@example.test', {
      caseName: 'Toimitusviive',
      claimantName: 'Kantaja Oy',
      dueDate: '2026-12-08T22:30:00.000Z',
      link: 'http://localhost/case-attachment/1',
    });
    expect(invitation.text).toContain('until 9.12.2026, 00:30 (Helsinki time).');
    expect(invitation.text).not.toContain('UTC');

    const started = phaseStartedMail('c@example.test', {
      caseName: 'Toimitusviive',
      phaseLabel: 'Response',
      dueDate: '2026-07-01T09:15:00.000Z',
      link: 'http://localhost/case-attachment/1',
    });
    expect(started.text).toContain('The phase is due on 1.7.2026, 12:15 (Helsinki time).');
  });
});
