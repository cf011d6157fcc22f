import type { MailMessage } from '../../ports/mailer.js';

/** The tribunal's notification mails (English plain text, as the other case mails). */

/** A date in a mail, as the case page shows it (Helsinki time). */
export function mailDate(iso: string): string {
  return new Date(iso).toLocaleDateString('fi-FI', { timeZone: 'Europe/Helsinki' });
}

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

export function tribunalSizeAnsweredMail(
  to: string,
  input: { caseName: string; outcome: 'Agreed' | 'Refused' | 'Lapsed'; link: string },
): MailMessage {
  const text = {
    Agreed: 'The other party agreed to a tribunal of three arbitrators; an administrator appoints them.',
    Refused: 'The other party refused a tribunal of three arbitrators, so the tribunal is a sole arbitrator.',
    Lapsed:
      'The other party did not answer the request for three arbitrators within the period, so the tribunal is a sole arbitrator.',
  }[input.outcome];
  return {
    to,
    subject: `Ratkaisu case "${oneLine(input.caseName)}": the size of the tribunal`,
    text: ['Hello,', '', text, '', input.link, '', 'Ratkaisu'].join('\n'),
  };
}

export function challengeMail(
  to: string,
  input: {
    caseName: string;
    arbitrator: string;
    event: 'filed' | 'Sustained' | 'Rejected';
    reasons?: string;
    link: string;
  },
): MailMessage {
  const text = {
    filed: `A party has challenged ${oneLine(input.arbitrator)}. The appointing authority decides the challenge with reasons.`,
    Sustained: `The challenge of ${oneLine(input.arbitrator)} was sustained: the arbitrator is removed and the seat is filled again.`,
    Rejected: `The challenge of ${oneLine(input.arbitrator)} was rejected.`,
  }[input.event];
  return {
    to,
    subject: `Ratkaisu case "${oneLine(input.caseName)}": challenge of an arbitrator`,
    text: [
      'Hello,',
      '',
      text,
      ...(input.reasons ? ['', `Reasons: ${input.reasons}`] : []),
      '',
      input.link,
      '',
      'Ratkaisu',
    ].join('\n'),
  };
}

export function newMatterMail(
  to: string,
  input: { caseName: string; party: string; kind: 'correction' | 'comment'; answerBy: string; link: string },
): MailMessage {
  return {
    to,
    subject: `Ratkaisu case "${oneLine(input.caseName)}": please answer by ${mailDate(input.answerBy)}`,
    text: [
      'Hello,',
      '',
      input.kind === 'correction'
        ? `The ${input.party} corrected the summary of its claims in the case "${oneLine(input.caseName)}".`
        : `The ${input.party} commented on the summary of the claims in the case "${oneLine(input.caseName)}".`,
      `You may answer on the case page by ${mailDate(input.answerBy)}; the tribunal drafts its decision only after your answer or after that date.`,
      input.link,
      '',
      'Ratkaisu',
    ].join('\n'),
  };
}
