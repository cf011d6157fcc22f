import type { DisplayLanguage } from '@ratkaisu/core';
import type { MailMessage } from '../../ports/mailer.js';
import { personalMailIn } from '../accounts/personal-mail.js';

/**
 * The mails an administrator's changes send, in the account's language like the account area's
 * (account-mails.ts): Finnish for an account whose language is Finnish, else English.
 */

export function invitationMail(
  to: string,
  userName: string,
  link: string,
  validDays: number,
  language?: DisplayLanguage,
): MailMessage {
  return personalMailIn(to, userName, language, {
    en: {
      subject: 'Your Ratkaisu account',
      parts: [
        'An administrator has created a Ratkaisu account for you.',
        `Your user name is ${userName}; you can also log in with this email address.`,
        'To choose your password, open this link:',
        { link, label: 'Choose a password' },
        `The link is valid for ${validDays} days and can be used once. Later you can ask for a new link with "Forgot password" on the login screen.`,
        'If you did not expect this, you can ignore this message.',
      ],
    },
    fi: {
      subject: 'Ratkaisu-tunnuksesi',
      parts: [
        'Ylläpitäjä on luonut sinulle tunnuksen Ratkaisu-palveluun.',
        `Käyttäjätunnuksesi on ${userName}; voit kirjautua myös tällä sähköpostiosoitteella.`,
        'Valitse salasanasi avaamalla tämä linkki:',
        { link, label: 'Valitse salasana' },
        `Linkki on voimassa ${validDays} päivää, ja sen voi käyttää kerran. Myöhemmin voit pyytää uuden linkin kirjautumisikkunan kohdasta "Unohtuiko salasana?".`,
        'Jos et odottanut tätä viestiä, voit jättää sen huomiotta.',
      ],
    },
  });
}

export function emailChangedMail(to: string, userName: string, link: string, language?: DisplayLanguage): MailMessage {
  return personalMailIn(to, userName, language, {
    en: {
      subject: 'Confirm your new email address for Ratkaisu',
      parts: [
        'An administrator has changed the email address of your Ratkaisu account to this one.',
        'Please confirm it by opening this link before you log in again:',
        { link, label: 'Confirm email address' },
        'The link is valid for 24 hours and can be used once.',
        'If you did not expect this, please contact your administrator.',
      ],
    },
    fi: {
      subject: 'Vahvista uusi sähköpostiosoitteesi Ratkaisu-palvelussa',
      parts: [
        'Ylläpitäjä on vaihtanut Ratkaisu-tunnuksesi sähköpostiosoitteeksi tämän osoitteen.',
        'Vahvista se avaamalla tämä linkki ennen kuin kirjaudut uudelleen:',
        { link, label: 'Vahvista sähköpostiosoite' },
        'Linkki on voimassa 24 tuntia, ja sen voi käyttää kerran.',
        'Jos et odottanut tätä, ota yhteyttä ylläpitäjääsi.',
      ],
    },
  });
}
