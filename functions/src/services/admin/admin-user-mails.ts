import type { MailMessage } from '../../ports/mailer.js';

/** The mails an administrator's changes send, in English like the account area's (account-mails.ts). */

export function invitationMail(to: string, userName: string, link: string, validDays: number): MailMessage {
  return mail(to, 'Your Ratkaisu account', userName, [
    'An administrator has created a Ratkaisu account for you.',
    `Your user name is ${userName}; you can also sign in with this email address.`,
    'To choose your password, open this link:',
    { link, label: 'Choose a password' },
    `The link is valid for ${validDays} days and can be used once. Later you can ask for a new link with "Forgot password" on the sign-in screen.`,
    'If you did not expect this, you can ignore this message.',
  ]);
}

export function emailChangedMail(to: string, userName: string, link: string): MailMessage {
  return mail(to, 'Confirm your new email address for Ratkaisu', userName, [
    'An administrator has changed the email address of your Ratkaisu account to this one.',
    'Please confirm it by opening this link before you sign in again:',
    { link, label: 'Confirm email address' },
    'The link is valid for 24 hours and can be used once.',
    'If you did not expect this, please contact your administrator.',
  ]);
}

type Part = string | { link: string; label: string };

function mail(to: string, subject: string, userName: string, parts: Part[]): MailMessage {
  const text = [
    `Hello ${userName},`,
    '',
    ...parts.flatMap((part) => (typeof part === 'string' ? [part, ''] : [part.link, ''])),
    'Ratkaisu',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>Hello ${escapeHtml(userName)},</p>`,
    ...parts.map((part) =>
      typeof part === 'string'
        ? `<p>${escapeHtml(part)}</p>`
        : `<p><a href="${escapeHtml(part.link)}">${escapeHtml(part.label)}</a></p>`,
    ),
    '<p>Ratkaisu</p>',
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
