import type { PhaseType } from '../domain/phases.js';

/**
 * The glossary: one word per thing of a case, in English and Finnish, shared by the web catalogues
 * (web/src/i18n/*-glossary.ts and the texts that name these things), the award's Finnish wording
 * (functions/src/services/awards/award-wording-fi.ts), the claim drafter and the mails.
 *
 * `avoidFi` lists the Finnish synonyms that must not be used for the same thing (as lower-case word stems, so
 * that every inflection is caught); `web/src/i18n/glossary-terms.test.ts` scans the Finnish catalogues and
 * the award wording for them.
 */
export interface GlossaryEntry {
  /** The English term, lower case as used inside a sentence. */
  readonly en: string;
  /** The Finnish term (nominative), lower case as used inside a sentence. */
  readonly fi: string;
  /** Finnish synonyms (stems) that must not name the same thing. */
  readonly avoidFi: readonly string[];
}

export const GLOSSARY = {
  case: { en: 'case', fi: 'asia', avoidFi: [] },
  claimant: { en: 'claimant', fi: 'kantaja', avoidFi: [] },
  respondent: { en: 'respondent', fi: 'vastaaja', avoidFi: [] },
  phase: { en: 'phase', fi: 'vaihe', avoidFi: [] },
  submission: { en: 'submission', fi: 'kirjelmä', avoidFi: [] },
  /**
   * The claim: the claim phase and the claimant's document that opens the case (what the AI drafts).
   * In Finnish arbitration this is the kanne (välimiesmenettelystä annetun lain 23 §: "kantajan on esitettävä
   * vaatimuksensa"); "haastehakemus" is the court document and "vaatimuskirjelmä" an unofficial synonym.
   */
  claim: { en: 'claim', fi: 'kanne', avoidFi: ['haastehakemu', 'vaatimuskirjelm'] },
  decision: { en: 'decision', fi: 'ratkaisu', avoidFi: [] },
  award: { en: 'award', fi: 'välitystuomio', avoidFi: ['välimiestuomio'] },
  tribunal: { en: 'tribunal', fi: 'välimiesoikeus', avoidFi: ['välimieslautakunta'] },
  /**
   * Upload and download get distinct Finnish verbs: a file is *added* to the service ("Lisää asiakirjoja",
   * "Lisätään… 40 %") and *loaded* to one's own computer ("Lataa PDF"). Hence no form of "ladata" for an
   * upload and no form of "lisätä" for a download.
   */
  upload: { en: 'upload', fi: 'lisätä', avoidFi: ['lataa', 'ladat', 'ladan', 'latau', 'ladata'] },
  download: { en: 'download', fi: 'ladata', avoidFi: ['lisää', 'lisät', 'lisäy'] },
} as const satisfies Record<string, GlossaryEntry>;

export type GlossaryTerm = keyof typeof GLOSSARY;

/** A term with its first letter in upper case ("Kanne"), for headings and buttons. */
export function capitalTerm(term: GlossaryTerm, language: 'en' | 'fi'): string {
  const word = GLOSSARY[term][language];
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The phases' names in Finnish: the award's list of documents, file names and the screens use these. */
export const PHASE_NAMES_FI: Record<PhaseType, string> = {
  Claim: capitalTerm('claim', 'fi'),
  Response: 'Vastaus',
  ClaimantLetter1: 'Kantajan lausuma 1',
  RespondentLetter1: 'Vastaajan lausuma 1',
  ClaimantLetter2: 'Kantajan lausuma 2',
  RespondentLetter2: 'Vastaajan lausuma 2',
  Resolution: 'Ratkaisu',
};

/** Whether a Finnish text uses one of the synonyms the glossary rules out for a term (the stems found). */
export function avoidedSynonyms(text: string, term: GlossaryTerm): string[] {
  const lower = text.toLowerCase();
  return GLOSSARY[term].avoidFi.filter((stem) => lower.includes(stem));
}
