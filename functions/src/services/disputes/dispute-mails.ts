import type { PhaseType } from '@ratkaisu/core';
import type { MailMessage } from '../../ports/mailer.js';

/** The case notification mails, in English plain text (SPEC.md section 9). */

export function newCaseMail(to: string, input: { caseName: string; claimantName: string; link: string }): MailMessage {
  return {
    to,
    subject: `A case has been opened with you on Ratkaisu: ${oneLine(input.caseName)}`,
    text: [
      'Hello,',
      '',
      `${oneLine(input.claimantName)} has opened the case "${oneLine(input.caseName)}" on Ratkaisu and named you as the respondent's representative.`,
      '',
      'To see the case, open this link and sign in, or sign up with this email address:',
      input.link,
      '',
      'Ratkaisu',
    ].join('\n'),
  };
}

export function phaseStartedMail(
  to: string,
  input: { caseName: string; phaseLabel: string; dueDate?: string; link: string },
): MailMessage {
  return {
    to,
    subject: `Ratkaisu case "${oneLine(input.caseName)}": ${input.phaseLabel} phase has started`,
    text: [
      'Hello,',
      '',
      `The case "${oneLine(input.caseName)}" has moved to the ${input.phaseLabel} phase.`,
      ...(input.dueDate ? [`The phase is due on ${input.dueDate.slice(0, 10)} (UTC).`] : []),
      '',
      'Open the case:',
      input.link,
      '',
      'Ratkaisu',
    ].join('\n'),
  };
}

/** Subjects and quoted names stay on one line whatever the user typed. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

const PHASE_LABELS: Record<PhaseType, string> = {
  Claim: 'Claim',
  Response: 'Response',
  ClaimantLetter1: 'Claimant Letter 1',
  RespondentLetter1: 'Respondent Letter 1',
  ClaimantLetter2: 'Claimant Letter 2',
  RespondentLetter2: 'Respondent Letter 2',
  Resolution: 'Resolution',
};

export function phaseLabel(type: PhaseType): string {
  return PHASE_LABELS[type];
}

export function caseLink(publicUrl: string, disputeId: string): string {
  return `${publicUrl}/case-attachment/${encodeURIComponent(disputeId)}`;
}
