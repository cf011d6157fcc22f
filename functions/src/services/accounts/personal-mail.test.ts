import { describe, expect, it } from 'vitest';
import { emailChangedMail, invitationMail } from '../admin/admin-user-mails.js';
import { dataExportReadyMail } from '../data-export/data-export-mail.js';
import { alreadyRegisteredMail, confirmationMail, passwordResetMail } from './account-mails.js';
import { personalMailIn } from './personal-mail.js';

const WORDING = {
  en: { subject: 'Subject', parts: ['A line.', { link: 'https://x.test/a?b=1&c=2', label: 'Open' }] },
  fi: { subject: 'Aihe', parts: ['Rivi.', { link: 'https://x.test/a', label: 'Avaa' }] },
} as const;

describe('personalMailIn', () => {
  it('writes the Finnish wording with "Hei" for a Finnish account', () => {
    const mail = personalMailIn('a@example.test', 'Aino <b>', 'fi', WORDING);
    expect(mail.subject).toBe('Aihe');
    expect(mail.text).toBe(['Hei Aino <b>,', '', 'Rivi.', '', 'https://x.test/a', '', 'Ratkaisu'].join('\n'));
    expect(mail.html).toContain('<p>Hei Aino &#60;b&#62;,</p>');
    expect(mail.html).toContain('<a href="https://x.test/a">Avaa</a>');
  });

  it('writes the English wording for an English account and for one with no language', () => {
    for (const language of ['en', undefined] as const) {
      const mail = personalMailIn('a@example.test', 'Ann', language, WORDING);
      expect(mail.to).toBe('a@example.test');
      expect(mail.subject).toBe('Subject');
      expect(mail.text.split('\n')[0]).toBe('Hello Ann,');
      expect(mail.html).toContain('<a href="https://x.test/a?b=1&#38;c=2">Open</a>');
    }
  });
});

describe('the account and administration mails', () => {
  const link = 'https://ratkaisu.test/link';
  it.each([
    ['confirmation', (l?: 'fi') => confirmationMail('u@x.test', 'user', link, l), 'Confirm', 'Vahvista'],
    ['password reset', (l?: 'fi') => passwordResetMail('u@x.test', 'user', link, l), 'Reset', 'vaihtaminen'],
    ['already registered', (l?: 'fi') => alreadyRegisteredMail('u@x.test', 'user', link, l), 'Someone', 'yritettiin'],
    ['invitation', (l?: 'fi') => invitationMail('u@x.test', 'user', link, 7, l), 'Your Ratkaisu', 'tunnuksesi'],
    ['e-mail changed', (l?: 'fi') => emailChangedMail('u@x.test', 'user', link, l), 'new email', 'uusi'],
    [
      'data export ready',
      (l?: 'fi') => dataExportReadyMail({ email: 'u@x.test', userName: 'user', ...(l ? { language: l } : {}) }, link),
      'copy',
      'kopio',
    ],
  ])('%s: in English by default and in Finnish for a Finnish account, with the link', (_, write, en, fi) => {
    const english = write();
    const finnish = write('fi');
    expect(english.subject).toContain(en);
    expect(english.text.startsWith('Hello user,')).toBe(true);
    expect(finnish.subject).toContain(fi);
    expect(finnish.text.startsWith('Hei user,')).toBe(true);
    for (const mail of [english, finnish]) expect(mail.text).toContain(link);
  });

  it('states the invitation link’s validity in days in both languages', () => {
    expect(invitationMail('u@x.test', 'user', link, 7).text).toContain('valid for 7 days');
    expect(invitationMail('u@x.test', 'user', link, 7, 'fi').text).toContain('voimassa 7 päivää');
  });
});
