import type { MailMessage } from '../../ports/mailer.js';
import { personalMail as mail } from '../accounts/personal-mail.js';

/** The mails an administrator's changes send, in English like the account area's (account-mails.ts). */

export function invitationMail(to: string, userName: string, link: string, validDays: number): MailMessage {
  return mail(to, 'Your Ratkaisu account', userName, [
    'An administrator has created a Ratkaisu account for you.',
    `Your user name is ${userName}; you can also log in with this email address.`,
    'To choose your password, open this link:',
    { link, label: 'Choose a password' },
    `The link is valid for ${validDays} days and can be used once. Later you can ask for a new link with "Forgot password" on the login screen.`,
    'If you did not expect this, you can ignore this message.',
  ]);
}

export function emailChangedMail(to: string, userName: string, link: string): MailMessage {
  return mail(to, 'Confirm your new email address for Ratkaisu', userName, [
    'An administrator has changed the email address of your Ratkaisu account to this one.',
    'Please confirm it by opening this link before you log in again:',
    { link, label: 'Confirm email address' },
    'The link is valid for 24 hours and can be used once.',
    'If you did not expect this, please contact your administrator.',
  ]);
}
