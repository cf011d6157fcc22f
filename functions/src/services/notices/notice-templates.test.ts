import { describe, expect, it } from 'vitest';
import { renderNotice } from './notice-templates.js';

const facts = { caseName: 'Toimitusviive', link: 'http://localhost/case-attachment/1' };

describe('the invitation and phase mails (SPEC.md section 9)', () => {
  it('write the due date as the screens do, in Helsinki time, never as a UTC date', () => {
    // 22:30 UTC on 8 December is 9 December in Helsinki: the screen shows 9.12.2026.
    const invitation = renderNotice('caseInvitation', 'en', {
      ...facts,
      claimantName: 'Kantaja Oy',
      dueDate: '2026-12-08T22:30:00.000Z',
    });
    expect(invitation.text).toContain('until 9.12.2026, 00:30 (Helsinki time).');
    expect(invitation.text).not.toContain('UTC');

    const started = renderNotice('phaseStarted', 'en', {
      ...facts,
      phase: 'Response',
      dueDate: '2026-07-01T09:15:00.000Z',
    });
    expect(started.text).toContain('The phase is due on 1.7.2026, 12:15 (Helsinki time).');
  });

  it('keep SPEC.md’s English subjects and give a Finnish recipient the same facts in Finnish', () => {
    const en = renderNotice('caseInvitation', 'en', { ...facts, claimantName: 'Kantaja Oy' });
    expect(en.subject).toBe('A case has been opened with you on Ratkaisu: Toimitusviive');
    expect(en.text).toContain(
      'Kantaja Oy has filed its claim in the case "Toimitusviive" on Ratkaisu and named you as the respondent\'s representative.',
    );
    const fi = renderNotice('caseInvitation', 'fi', {
      ...facts,
      claimantName: 'Kantaja Oy',
      dueDate: '2026-12-08T22:30:00.000Z',
    });
    expect(fi.subject).toBe('Kanssanne on avattu asia Ratkaisu-palvelussa: Toimitusviive');
    expect(fi.text).toContain('nimennyt teidät vastaajan edustajaksi');
    expect(fi.text).toContain(facts.link);
    expect(fi.text).not.toContain('Helsinki time');

    expect(renderNotice('phaseStarted', 'en', { ...facts, phase: 'ClaimantLetter1' }).subject).toBe(
      'Ratkaisu case "Toimitusviive": Claimant Letter 1 phase has started',
    );
    const started = renderNotice('phaseStarted', 'fi', { ...facts, phase: 'ClaimantLetter1' });
    expect(started.subject).toBe('Ratkaisu, asia "Toimitusviive": vaihe Kantajan lausuma 1 on alkanut');
    expect(started.summary).toBe('Vaihe Kantajan lausuma 1 on alkanut.');
  });
});
