import {
  formatDisplayDate,
  type CorrectionKind,
  type DisplayLanguage,
  type PhaseType,
  type TribunalRole,
} from '@ratkaisu/core';
import type { Side } from '../notice-params.js';
import { capital, oneLine } from '../render-template.js';

/**
 * The words the notice tables share, in English and Finnish (the glossary's terms: asia, kantaja, vastaaja,
 * ratkaisuehdotus, välimiesoikeus, välitystuomio).
 */

export const SIDE: Record<DisplayLanguage, Record<Side, string>> = {
  en: { claimant: 'claimant', respondent: 'respondent' },
  fi: { claimant: 'kantaja', respondent: 'vastaaja' },
};

/** The other side of a case. */
export function otherSide(side: Side): Side {
  return side === 'claimant' ? 'respondent' : 'claimant';
}

/** A side's name as a value, and capitalised as `Side` to open a sentence. */
export function sideValues(name: string, side: Side, language: DisplayLanguage): Record<string, string> {
  return { [name]: SIDE[language][side], [capital(name)]: capital(SIDE[language][side]) };
}

/** The phases' Finnish names, as the screens show them (web/src/i18n/fi.ts `phases`). */
export const PHASE_LABELS_FI: Record<PhaseType, string> = {
  Claim: 'Kanne',
  Response: 'Vastaus',
  ClaimantLetter1: 'Kantajan lausuma 1',
  RespondentLetter1: 'Vastaajan lausuma 1',
  ClaimantLetter2: 'Kantajan lausuma 2',
  RespondentLetter2: 'Vastaajan lausuma 2',
  Resolution: 'Ratkaisu',
};

/** "sole arbitrator" / "yksin toimiva välimies". */
export const ROLE: Record<DisplayLanguage, Record<TribunalRole, string>> = {
  en: { chair: 'chair of the tribunal', sole: 'sole arbitrator', member: 'member of the tribunal' },
  fi: { chair: 'välimiesoikeuden puheenjohtaja', sole: 'yksin toimiva välimies', member: 'välimiesoikeuden jäsen' },
};

/** The arbitrator's statement of independence (Arbitration Act 967/1992 § 8). */
export function statement(disclosure: string | undefined, language: DisplayLanguage): string {
  if (language === 'fi') {
    return disclosure !== undefined
      ? `ilmoittaa: ${oneLine(disclosure)}`
      : 'ei seikkoja, jotka voisivat antaa aihetta epäillä puolueettomuutta tai riippumattomuutta';
  }
  return disclosure !== undefined
    ? `discloses: ${oneLine(disclosure)}`
    : 'no circumstances that could raise doubts about impartiality or independence';
}

/** What each signed document is called in a mail (the object of "has issued"). */
export const DOCUMENT: Record<DisplayLanguage, Record<'award' | CorrectionKind, string>> = {
  en: {
    award: 'the arbitral award',
    correction: 'a correction of the arbitral award',
    interpretation: 'an interpretation of the arbitral award',
    additionalAward: 'an additional award',
  },
  fi: {
    award: 'välitystuomion',
    correction: 'välitystuomion korjauksen',
    interpretation: 'välitystuomion tulkinnan',
    additionalAward: 'lisätuomion',
  },
};

/** What a request under §§ 38–39 asks for (the object of "requests"). */
export const REQUEST: Record<DisplayLanguage, Record<CorrectionKind, string>> = {
  en: {
    correction: 'a correction of a clerical or calculation error',
    interpretation: 'an interpretation of the award',
    additionalAward: 'an additional award on a claim the award did not decide',
  },
  fi: {
    correction: 'kirjoitus- tai laskuvirheen korjaamista',
    interpretation: 'välitystuomion tulkintaa',
    additionalAward: 'lisätuomiota vaatimuksesta, jota välitystuomiossa ei ratkaistu',
  },
};

/** " (version 2)" / " (versio 2)", or nothing without a version. */
export function versionText(version: number | undefined, language: DisplayLanguage): string {
  if (version === undefined) return '';
  return language === 'fi' ? ` (versio ${version})` : ` (version ${version})`;
}

/** A date as the case page shows it (Helsinki time): 9.12.2026; absent when not given. */
export function calendarDate(iso: string | undefined): string | undefined {
  return iso === undefined ? undefined : formatDisplayDate(iso);
}
