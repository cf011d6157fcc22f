import { z } from 'zod';
import { capitalTerm } from './glossary.js';

/**
 * The case's language: the language its documents' file names are in (and, with `notices`, its mails'
 * default). Stored on the case when it is opened, from the opening user's interface language
 * (`POST /api/dispute` `language`). A case opened without one — by an API client that does not send it, or
 * before the field existed — keeps the English names docs/product.md fixes (`Decision_…`, `Award_…`, `Claim_…`).
 */
export const CASE_LANGUAGES = ['fi', 'en'] as const;
export type CaseLanguage = (typeof CASE_LANGUAGES)[number];
export const caseLanguageSchema = z.enum(CASE_LANGUAGES, { error: 'Language must be fi or en.' });

/** The documents a case produces, each named by the glossary's word in the case's language. */
export type CaseFileKind =
  'decision' | 'award' | 'claim' | 'correction' | 'interpretation' | 'additionalAward' | 'requestDecision';

const STEMS: Record<CaseLanguage, Record<CaseFileKind, string>> = {
  en: {
    decision: 'Decision',
    award: 'Award',
    claim: 'Claim',
    correction: 'Correction',
    interpretation: 'Interpretation',
    additionalAward: 'Additional_award',
    requestDecision: 'Decision_on_request',
  },
  fi: {
    decision: capitalTerm('decision', 'fi'),
    award: capitalTerm('award', 'fi'),
    claim: capitalTerm('claim', 'fi'),
    correction: 'Korjaus',
    interpretation: 'Tulkinta',
    additionalAward: 'Lisätuomio',
    requestDecision: 'Päätös_pyyntöön',
  },
};

/** The first part of a case document's file name: `Kanne` in a Finnish case, `Claim` otherwise. */
export function caseFileStem(kind: CaseFileKind, language: CaseLanguage | undefined): string {
  return STEMS[language ?? 'en'][kind];
}
