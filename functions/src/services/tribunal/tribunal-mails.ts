import type { MailMessage } from '../../ports/mailer.js';

/** The tribunal's notification mails (English plain text, as the other case mails). */

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

export function tribunalRequestedMail(
  to: string,
  input: { caseName: string; side: string; size: number; link: string },
): MailMessage {
  return {
    to,
    subject: `Ratkaisu case "${oneLine(input.caseName)}": an arbitrator was requested`,
    text: [
      'Hello,',
      '',
      `The ${input.side} has asked for ${input.size === 3 ? 'a tribunal of three arbitrators' : 'an arbitrator'} in the case "${oneLine(input.caseName)}".`,
      'An administrator appoints the tribunal; you will be told the names and each arbitrator’s statement of independence.',
      '',
      input.link,
      '',
      'Ratkaisu',
    ].join('\n'),
  };
}

export function appointmentMail(to: string, input: { caseName: string; role: string; link: string }): MailMessage {
  return {
    to,
    subject: `Ratkaisu: you have been appointed as ${input.role} in "${oneLine(input.caseName)}"`,
    text: [
      'Hello,',
      '',
      `You have been appointed as ${input.role} in the case "${oneLine(input.caseName)}".`,
      'Before you accept, disclose any circumstance that could give rise to justifiable doubts about your impartiality',
      'or independence (Arbitration Act 967/1992). Open the case to accept with your statement, or decline:',
      input.link,
      '',
      'Ratkaisu',
    ].join('\n'),
  };
}

export function tribunalConstitutedMail(
  to: string,
  input: {
    caseName: string;
    members: { name: string; title: string; role: string; statement: string }[];
    link: string;
  },
): MailMessage {
  return {
    to,
    subject: `Ratkaisu case "${oneLine(input.caseName)}": the tribunal is constituted`,
    text: [
      'Hello,',
      '',
      `The tribunal in the case "${oneLine(input.caseName)}" is constituted:`,
      ...input.members.flatMap((member) => [
        `- ${oneLine(member.name)}, ${oneLine(member.title)} (${member.role})`,
        `  Statement of independence: ${oneLine(member.statement)}`,
      ]),
      '',
      'From now on the tribunal decides the case; the AI only drafts for it.',
      input.link,
      '',
      'Ratkaisu',
    ].join('\n'),
  };
}
