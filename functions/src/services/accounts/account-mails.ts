import type { DisplayLanguage } from '@ratkaisu/core';
import type { MailMessage } from '../../ports/mailer.js';
import { personalMailIn } from './personal-mail.js';

/**
 * The mails of the account area, as plain text with a simple HTML part: in English as docs/product.md section 9 has
 * them, in Finnish for an account whose language is Finnish (the language of the screens at sign-up, or the
 * one chosen later).
 */

export function confirmationMail(to: string, userName: string, link: string, language?: DisplayLanguage): MailMessage {
  return personalMailIn(to, userName, language, {
    en: {
      subject: 'Confirm your email address for Ratkaisu',
      parts: [
        'Thank you for registering with Ratkaisu.',
        'Please confirm your email address by opening this link:',
        { link, label: 'Confirm email address' },
        'The link is valid for 24 hours and can be used once.',
        'If you did not register, you can ignore this message.',
      ],
    },
    fi: {
      subject: 'Vahvista sähköpostiosoitteesi Ratkaisu-palvelussa',
      parts: [
        'Kiitos rekisteröitymisestä Ratkaisu-palveluun.',
        'Vahvista sähköpostiosoitteesi avaamalla tämä linkki:',
        { link, label: 'Vahvista sähköpostiosoite' },
        'Linkki on voimassa 24 tuntia, ja sen voi käyttää kerran.',
        'Jos et rekisteröitynyt, voit jättää tämän viestin huomiotta.',
      ],
    },
  });
}

export function passwordResetMail(to: string, userName: string, link: string, language?: DisplayLanguage): MailMessage {
  return personalMailIn(to, userName, language, {
    en: {
      subject: 'Reset your Ratkaisu password',
      parts: [
        'We received a request to reset the password of your Ratkaisu account.',
        'To choose a new password, open this link:',
        { link, label: 'Reset password' },
        'The link is valid for 1 hour and can be used once. Resetting the password signs you out everywhere.',
        'If you did not ask for this, you can ignore this message; your password stays as it is.',
      ],
    },
    fi: {
      subject: 'Ratkaisu-salasanasi vaihtaminen',
      parts: [
        'Saimme pyynnön vaihtaa Ratkaisu-tilisi salasana.',
        'Valitse uusi salasana avaamalla tämä linkki:',
        { link, label: 'Vaihda salasana' },
        'Linkki on voimassa tunnin, ja sen voi käyttää kerran. Salasanan vaihtaminen kirjaa sinut ulos kaikkialta.',
        'Jos et pyytänyt tätä, voit jättää viestin huomiotta; salasanasi pysyy ennallaan.',
      ],
    },
  });
}

/** To the owner of an email address someone tried to register again (registration answers alike either way). */
export function alreadyRegisteredMail(
  to: string,
  userName: string,
  signInLink: string,
  language?: DisplayLanguage,
): MailMessage {
  return personalMailIn(to, userName, language, {
    en: {
      subject: 'Someone tried to register with your email address at Ratkaisu',
      parts: [
        'Someone (perhaps you) tried to register a new Ratkaisu account with this email address, which already has an account.',
        'No new account was made and your account is unchanged. If it was you, log in with your existing account; if you have forgotten its password, choose "Forgot password" on the login page:',
        { link: signInLink, label: 'Log in to Ratkaisu' },
        'If it was not you, you can ignore this message.',
      ],
    },
    fi: {
      subject: 'Sähköpostiosoitteellasi yritettiin rekisteröityä Ratkaisu-palveluun',
      parts: [
        'Joku (ehkä sinä) yritti rekisteröidä uuden Ratkaisu-tilin tällä sähköpostiosoitteella, jolla on jo tili.',
        'Uutta tiliä ei luotu, eikä tiliisi tehty muutoksia. Jos yritys oli sinun, kirjaudu olemassa olevalla tililläsi; jos olet unohtanut sen salasanan, valitse kirjautumissivulla ”Unohtuiko salasana?”:',
        { link: signInLink, label: 'Kirjaudu Ratkaisu-palveluun' },
        'Jos yritys ei ollut sinun, voit jättää tämän viestin huomiotta.',
      ],
    },
  });
}
