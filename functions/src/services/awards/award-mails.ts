import { caseFileStem, type CaseLanguage, type CorrectionKind } from '@ratkaisu/core';
import type { MailMessage } from '../../ports/mailer.js';
import type { TribunalDocumentKind } from './award-document.js';

/** The file names of the tribunal's documents and the steps of a request's course (the delivery and the request itself: notices/notice-templates.ts). */

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

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
