import type { MailMessage } from '../../ports/mailer.js';

/** The mails of the account area, in English (SPEC.md section 9), as plain text with a simple HTML part. */

export function confirmationMail(to: string, userName: string, link: string): MailMessage {
  return mail(to, 'Confirm your email address for Ratkaisu', userName, [
    'Thank you for registering with Ratkaisu.',
    'Please confirm your email address by opening this link:',
    { link, label: 'Confirm email address' },
    'The link is valid for 24 hours and can be used once.',
    'If you did not register, you can ignore this message.',
  ]);
}

export function passwordResetMail(to: string, userName: string, link: string): MailMessage {
  return mail(to, 'Reset your Ratkaisu password', userName, [
    'We received a request to reset the password of your Ratkaisu account.',
    'To choose a new password, open this link:',
    { link, label: 'Reset password' },
    'The link is valid for 1 hour and can be used once. Resetting the password signs you out everywhere.',
    'If you did not ask for this, you can ignore this message; your password stays as it is.',
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
