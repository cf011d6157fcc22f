import { caseFileStem, type CaseLanguage } from '@ratkaisu/core';
import type { TribunalDocumentKind } from '../awards/award-document.js';

/** The file names of the tribunal's documents (their mails are in notices/notice-templates.ts). */

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
