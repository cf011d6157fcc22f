import { caseFileStem, formatCalendarDate, type CaseLanguage, type CorrectionKind } from '@ratkaisu/core';
import type { MailAttachment, MailMessage } from '../../ports/mailer.js';
import type { TribunalDocumentKind } from './award-document.js';

/** The tribunal's mails to the parties after the award (English plain text, as the other case mails). */

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** What each document is called in a mail and in its file name. */
const DOCUMENT_NAMES: Record<TribunalDocumentKind, { mail: string; file: string }> = {
  award: { mail: 'the arbitral award', file: 'Award' },
  correction: { mail: 'a correction of the arbitral award', file: 'Correction' },
  interpretation: { mail: 'an interpretation of the arbitral award', file: 'Interpretation' },
  additionalAward: { mail: 'an additional award', file: 'Additional_award' },
};

export const REQUEST_NAMES: Record<CorrectionKind, string> = {
  correction: 'a correction of a clerical or calculation error',
  interpretation: 'an interpretation of the award',
  additionalAward: 'an additional award on a claim the award did not decide',
};

/**
 * `Award_RAT-2026-000123.pdf`, `Correction_RAT-2026-000123_1a2b3c4d.pdf`; in a Finnish case
 * `Välitystuomio_RAT-2026-000123.pdf`, `Korjaus_RAT-2026-000123_1a2b3c4d.pdf` (core i18n/file-names.ts); a
 * rejected request's decision `Decision_on_request_…` / `Päätös_pyyntöön_…`.
 */
export function tribunalDocumentFileName(
  document: { kind: 'aiDecision' | TribunalDocumentKind; caseNumber: string; id: string; rejection?: true },
  language?: CaseLanguage,
): string {
  if (document.kind === 'award' || document.kind === 'aiDecision') {
    return `${caseFileStem('award', language)}_${document.caseNumber}.pdf`;
  }
  const stem = caseFileStem(document.rejection ? 'requestDecision' : document.kind, language);
  return `${stem}_${document.caseNumber}_${document.id.slice(0, 8)}.pdf`;
}

/**
 * The delivery of a signed document (§ 37): the PDF attached, the link, and what the party should do now —
 * acknowledge receipt, which starts the periods that run from it.
 */
export function deliveryMail(
  to: string,
  input: {
    kind: TribunalDocumentKind;
    /** The tribunal's decision rejecting a request of that kind (§§ 38–39). */
    rejection?: boolean;
    caseName: string;
    caseNumber: string;
    link: string;
    attachment?: MailAttachment;
  },
): MailMessage {
  if (input.rejection && input.kind !== 'award') return rejectionDeliveryMail(to, { ...input, kind: input.kind });
  const what = DOCUMENT_NAMES[input.kind].mail;
  const isAward = input.kind === 'award';
  return {
    to,
    subject: isAward
      ? `Ratkaisu case ${input.caseNumber}: the arbitral award has been issued`
      : `Ratkaisu case ${input.caseNumber}: the tribunal has issued ${what}`,
    text: [
      'Hello,',
      '',
      `The tribunal has signed and issued ${what} in the case "${oneLine(input.caseName)}" (${input.caseNumber}).`,
      input.attachment
        ? `The signed PDF is attached to this mail (${input.attachment.fileName}); it is also on the case page.`
        : 'Download the signed PDF from the case page.',
      '',
      'On the case page, confirm that you have received it ("I have received the award"). Your acknowledgement, or',
      'your first opening of the document there, is recorded as your receipt. The periods that run from receipt of',
      'the award are shown there as dates: a request for correction, interpretation or an additional award',
      '(30 days, Arbitration Act 967/1992 §§ 38–39), a challenge of the arbitrators’ fees (60 days, § 47) and an',
      'action to set the award aside (3 months, § 41).',
      input.link,
      '',
      'Ratkaisu',
    ].join('\n'),
    ...(input.attachment ? { attachments: [input.attachment] } : {}),
  };
}

/**
 * The delivery of the tribunal's signed decision rejecting a request (§§ 38–39): the award stands as issued,
 * and the three months for an action to set it aside (§ 41(3)) run from receipt of a copy of this decision.
 */
function rejectionDeliveryMail(
  to: string,
  input: { kind: CorrectionKind; caseName: string; caseNumber: string; link: string; attachment?: MailAttachment },
): MailMessage {
  return {
    to,
    subject: `Ratkaisu case ${input.caseNumber}: the tribunal's decision on the request for ${REQUEST_NAMES[input.kind]}`,
    text: [
      'Hello,',
      '',
      `The tribunal has signed and issued its decision in the case "${oneLine(input.caseName)}" (${input.caseNumber})`,
      `rejecting the request for ${REQUEST_NAMES[input.kind]}, with its reasons. The award stands as issued.`,
      input.attachment
        ? `The signed PDF is attached to this mail (${input.attachment.fileName}); it is also on the case page.`
        : 'Download the signed PDF from the case page.',
      '',
      'On the case page, confirm that you have received it. Because a request under Arbitration Act 967/1992',
      '§§ 38–39 was made, the three months for an action to set the award aside (§ 41) run from the day you',
      'receive a copy of this decision.',
      input.link,
      '',
      'Ratkaisu',
    ].join('\n'),
    ...(input.attachment ? { attachments: [input.attachment] } : {}),
  };
}

/** The other party and the tribunal are told of a request (§§ 38–39), with the period to comment. */
export function correctionRequestedMail(
  to: string,
  input: {
    audience: 'otherParty' | 'tribunal';
    side: 'claimant' | 'respondent';
    kind: CorrectionKind;
    text: string;
    commentUntil: string;
    caseName: string;
    caseNumber: string;
    link: string;
  },
): MailMessage {
  return {
    to,
    subject: `Ratkaisu case ${input.caseNumber}: the ${input.side} requests ${REQUEST_NAMES[input.kind]}`,
    text: [
      'Hello,',
      '',
      `In the case "${oneLine(input.caseName)}" (${input.caseNumber}) the ${input.side} has asked the tribunal for ${REQUEST_NAMES[input.kind]} (Arbitration Act 967/1992 §§ 38–39):`,
      '',
      input.text,
      '',
      input.audience === 'otherParty'
        ? `You may comment on the request on the case page until ${formatCalendarDate(input.commentUntil)}.`
        : `The other party may comment until ${formatCalendarDate(input.commentUntil)}; the tribunal then decides on the case page.`,
      input.link,
      '',
      'Ratkaisu',
    ].join('\n'),
  };
}

/** A step in a request's course, to everyone concerned: a comment, a new period, the tribunal's decision. */
export function correctionStepMail(
  to: string,
  input: { caseName: string; caseNumber: string; link: string; subject: string; lines: string[] },
): MailMessage {
  return {
    to,
    subject: `Ratkaisu case ${input.caseNumber}: ${input.subject}`,
    text: [
      'Hello,',
      '',
      `In the case "${oneLine(input.caseName)}" (${input.caseNumber}):`,
      '',
      ...input.lines,
      '',
      input.link,
      '',
      'Ratkaisu',
    ].join('\n'),
  };
}
