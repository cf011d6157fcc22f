import type { MailMessage } from '../../ports/mailer.js';

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** To the other party of a case without a tribunal: a decision was requested, with which settings. */
export function decisionRequestedMail(to: string, input: { caseName: string; by: string; link: string }): MailMessage {
  return {
    to,
    subject: `Ratkaisu case "${oneLine(input.caseName)}": an AI decision was requested`,
    text: [
      'Hello,',
      '',
      `${oneLine(input.by)} asked the AI to draft a decision in the case "${oneLine(input.caseName)}".`,
      'The settings used (instructions, chapter prompts, temperature, top_p) can be read on the decision card.',
      'An AI decision is not an arbitral award: it resolves the case only if both parties accept it; either party',
      'may request an arbitrator instead.',
      input.link,
      '',
      'Ratkaisu',
    ].join('\n'),
  };
}
