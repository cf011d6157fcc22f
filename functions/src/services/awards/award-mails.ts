import type { MailMessage } from '../../ports/mailer.js';

/** The award's notification mail (English plain text, as the other case mails). */

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

export function awardIssuedMail(
  to: string,
  input: { caseName: string; caseNumber: string; link: string },
): MailMessage {
  return {
    to,
    subject: `Ratkaisu case ${input.caseNumber}: the arbitral award has been issued`,
    text: [
      'Hello,',
      '',
      `The tribunal has signed and issued its award in the case "${oneLine(input.caseName)}" (${input.caseNumber}).`,
      'Download it from the case page. Your first download is recorded as your receipt of the award; the periods for',
      'challenging the award run from when a party received it (Arbitration Act 967/1992).',
      input.link,
      '',
      'Ratkaisu',
    ].join('\n'),
  };
}
