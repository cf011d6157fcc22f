import { formatMailDateTime, PHASE_LABELS_EN, type PhaseType } from '@ratkaisu/core';
import type { MailMessage } from '../../ports/mailer.js';

/**
 * The case notification mails, in English plain text (SPEC.md section 9). Dates go through core's
 * formatMailDateTime, the formatter the screens use: 9.12.2026, 15:00 (Helsinki time).
 */

/**
 * The respondent's invitation: sent when the claimant first sends the Claim phase (which needs at least one
 * document), not when the case is opened, so nobody is invited to a case that holds nothing yet.
 */
export function invitationMail(
  to: string,
  input: { caseName: string; claimantName: string; dueDate?: string; link: string },
): MailMessage {
  return {
    to,
    subject: `A case has been opened with you on Ratkaisu: ${oneLine(input.caseName)}`,
    text: [
      'Hello,',
      '',
      `${oneLine(input.claimantName)} has filed its claim in the case "${oneLine(input.caseName)}" on Ratkaisu and named you as the respondent's representative.`,
      ...(input.dueDate
        ? [`The Response phase is open for your answer until ${formatMailDateTime(input.dueDate)}.`]
        : []),
      '',
      'Open this link to see the case and who invited you, then log in, or sign up with this email address:',
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
      ...(input.dueDate ? [`The phase is due on ${formatMailDateTime(input.dueDate)}.`] : []),
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

export function phaseLabel(type: PhaseType): string {
  return PHASE_LABELS_EN[type];
}

export function caseLink(publicUrl: string, disputeId: string): string {
  return `${publicUrl}/case-attachment/${encodeURIComponent(disputeId)}`;
}
