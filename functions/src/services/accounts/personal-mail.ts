import type { DisplayLanguage } from '@ratkaisu/core';
import type { MailMessage } from '../../ports/mailer.js';

/** A paragraph of a personal mail, or a link shown as a button-like line. */
export type MailPart = string | { link: string; label: string };

/**
 * A mail to one user: "Hello <name>," (docs/product.md section 9; "Hei <name>," in Finnish) then the
 * parts, as plain text with a simple HTML alternative. Every value is escaped
 * in the HTML part, so a user name can never inject markup.
 */
export function personalMail(
  to: string,
  subject: string,
  userName: string,
  parts: readonly MailPart[],
  language: DisplayLanguage = 'en',
): MailMessage {
  const hello = language === 'fi' ? 'Hei' : 'Hello';
  const text = [
    `${hello} ${userName},`,
    '',
    ...parts.flatMap((part) => (typeof part === 'string' ? [part, ''] : [part.link, ''])),
    'Ratkaisu',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${hello} ${escapeHtml(userName)},</p>`,
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

/** A personal mail's subject and parts in one language. */
export interface MailWording {
  subject: string;
  parts: readonly MailPart[];
}

/**
 * A personal mail in the account's language: the Finnish wording for an account whose language is Finnish,
 * else the English. Each mail states its two wordings side by side and this picks one, so no mail writes the
 * choice again.
 */
export function personalMailIn(
  to: string,
  userName: string,
  language: DisplayLanguage | undefined,
  wording: Readonly<Record<DisplayLanguage, MailWording>>,
): MailMessage {
  const chosen = language === 'fi' ? 'fi' : 'en';
  return personalMail(to, wording[chosen].subject, userName, wording[chosen].parts, chosen);
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
