import type { DisplayLanguage } from '../text/display-dates.js';

/**
 * The Arbitration Act's (967/1992) periods after an award, and the sentences Ratkaisu states them in, kept once:
 * the case mails (functions/src/services/notices), the case page's after-care card (the web's `corrections`
 * catalogue) and the award's Finnish notices (functions/src/services/awards/award-wording-fi.ts, quoted in
 * docs/award-law.md) all build their sentences about a period from here, so the length, the section and the
 * words for the step a party takes read the same wherever a party meets them. The dates themselves are
 * computed in core/src/tribunal/award-deadlines.ts (the Act on the Computation of Statutory Time Limits).
 */

/** The periods a party has after receiving the award: §§ 38–39 request, § 47 application, § 41 action. */
export type StatutoryPeriodKind = 'correction' | 'feeChallenge' | 'setAside';

/** What starts a period: a party's receipt of a copy of the award, or (the tribunal's own correction) its date. */
export type PeriodStart = 'awardReceipt' | 'awardDate';

export interface StatutoryPeriod {
  /** The sections of the Act the period rests on. */
  sections: readonly number[];
  /** Its length, counted by the Act on the Computation of Statutory Time Limits (150/1930). */
  length: { days: number; months?: undefined } | { months: number; days?: undefined };
  startsAt: PeriodStart;
  /** The Act's word for what a party files within it: a request, an application or an action. */
  filing: 'pyyntö' | 'hakemus' | 'kanne';
  /** The step a party takes within the period, as a noun phrase starting in lower case. */
  step: Record<DisplayLanguage, string>;
  /** The length as a short term in brackets: "3 months", "3 kuukautta". */
  term: Record<DisplayLanguage, string>;
  /** The length in the Act's own words, as "within …" takes it: "three months", "kolmen kuukauden". */
  within: Record<DisplayLanguage, string>;
  /** Only an award that fixes the arbitrators' fees runs this period (§ 47 concerns that order). */
  onlyWithFeesOrder?: boolean;
}

/** The Act as a mail names it the first time: "Arbitration Act 967/1992", "välimiesmenettelylaki 967/1992". */
export const ARBITRATION_ACT_NAME: Record<DisplayLanguage, string> = {
  en: 'Arbitration Act 967/1992',
  fi: 'välimiesmenettelylaki 967/1992',
};

/** The periods from a party's receipt of the award, in the order every text lists them. */
export const STATUTORY_PERIODS = {
  // § 38: correction or interpretation; § 39: an additional award; 30 days from receiving a copy of the award.
  correction: {
    sections: [38, 39],
    length: { days: 30 },
    startsAt: 'awardReceipt',
    filing: 'pyyntö',
    step: {
      en: 'a request for correction, interpretation or an additional award',
      fi: 'pyyntö tuomion korjaamisesta, tulkitsemisesta tai lisätuomiosta',
    },
    term: { en: '30 days', fi: '30 päivää' },
    within: { en: '30 days', fi: '30 päivän' },
  },
  // § 47: the order on the arbitrators' fee before the district court, 60 days from receiving a copy of the award.
  feeChallenge: {
    sections: [47],
    length: { days: 60 },
    startsAt: 'awardReceipt',
    filing: 'hakemus',
    step: {
      en: 'an application to the district court about the arbitrators’ fees',
      fi: 'hakemus välimiesten palkkiosta käräjäoikeudelle',
    },
    term: { en: '60 days', fi: '60 päivää' },
    within: { en: '60 days', fi: '60 päivän' },
    onlyWithFeesOrder: true,
  },
  // § 41: setting aside by action, three months from receiving a copy of the award (§ 41(3): or of the decision on
  // a request under §§ 38–39).
  setAside: {
    sections: [41],
    length: { months: 3 },
    startsAt: 'awardReceipt',
    filing: 'kanne',
    step: { en: 'an action to set the award aside', fi: 'kanne välitystuomion kumoamiseksi' },
    term: { en: '3 months', fi: '3 kuukautta' },
    within: { en: 'three months', fi: 'kolmen kuukauden' },
  },
} as const satisfies Record<StatutoryPeriodKind, StatutoryPeriod>;

export const STATUTORY_PERIOD_KINDS = [
  'correction',
  'feeChallenge',
  'setAside',
] as const satisfies readonly StatutoryPeriodKind[];

/** § 38: the tribunal may correct an error on its own initiative within 30 days of the award's date. */
export const OWN_INITIATIVE_PERIOD = { sections: [38], length: { days: 30 }, startsAt: 'awardDate' } as const;

/** § 37: a copy of the signed award is delivered to each party; receipt of it starts the periods above. */
export const DELIVERY_SECTIONS = [37] as const;

/** § 40: the grounds on which an award is void; nullity can be invoked without a time limit. */
export const NULLITY_SECTIONS = [40] as const;

/** "§ 41", "§§ 38–39" in English; "41 §", "38–39 §" in Finnish. */
export function sectionLabel(sections: readonly number[], language: DisplayLanguage): string {
  const numbers = sections.length > 1 ? `${sections[0]}–${sections[sections.length - 1]}` : `${sections[0]}`;
  if (language === 'fi') return `${numbers} §`;
  return sections.length > 1 ? `§§ ${numbers}` : `§ ${numbers}`;
}

/** The section label of a period: "§ 41" / "41 §". */
export function periodSection(kind: StatutoryPeriodKind, language: DisplayLanguage): string {
  return sectionLabel(STATUTORY_PERIODS[kind].sections, language);
}

function capital(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/**
 * A period as the mails list it: "an action to set the award aside (3 months, § 41)"; `withAct` names the Act
 * before the section the first time a mail cites it.
 */
export function periodInMail(kind: StatutoryPeriodKind, language: DisplayLanguage, withAct = false): string {
  const period: StatutoryPeriod = STATUTORY_PERIODS[kind];
  const section = periodSection(kind, language);
  return `${period.step[language]} (${period.term[language]}, ${withAct ? `${ARBITRATION_ACT_NAME[language]} ` : ''}${section})`;
}

/** Several periods as one list, the Act named at the first: "a (…), b (…) and c (…)". */
export function periodsInMail(kinds: readonly StatutoryPeriodKind[], language: DisplayLanguage): string {
  const items = kinds.map((kind, index) => periodInMail(kind, language, index === 0));
  const and = language === 'fi' ? 'ja' : 'and';
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}` : (items[0] ?? '');
}

/** The periods that run for an award: § 47 only when it fixes the arbitrators' fees. */
export function awardPeriodKinds(fixesFees: boolean): StatutoryPeriodKind[] {
  return STATUTORY_PERIOD_KINDS.filter(
    (kind) => fixesFees || !(STATUTORY_PERIODS[kind] as StatutoryPeriod).onlyWithFeesOrder,
  );
}

/** A period's name with its section, as the after-care card opens each line: "An action to set the award aside (§ 41)". */
export function periodLabel(kind: StatutoryPeriodKind, language: DisplayLanguage): string {
  return `${capital(STATUTORY_PERIODS[kind].step[language])} (${periodSection(kind, language)})`;
}

/**
 * A period's last day as the case page's after-care card states it: "An action to set the award aside (§ 41):
 * by 3.6.2027" / "Kanne välitystuomion kumoamiseksi (41 §): viimeistään 3.6.2027". `date` is the formatted date
 * (or the catalogue's `{{date}}` placeholder).
 */
export function periodDeadline(kind: StatutoryPeriodKind, language: DisplayLanguage, date: string): string {
  return `${periodLabel(kind, language)}: ${language === 'fi' ? 'viimeistään' : 'by'} ${date}`;
}

/**
 * The length and start of a period in the Act's words, as the award's notices say it: "kolmen kuukauden kuluessa
 * siitä päivästä, jona asianosainen sai kappaleen välitystuomiota" / "within three months of the day the party
 * received a copy of the award". `receiver` is who received it ("asianosainen", "se"); `document` what was received
 * (Finnish partitive, "välitystuomiota"; § 41(3): "tätä päätöstä").
 */
export function periodWithin(
  kind: StatutoryPeriodKind,
  language: DisplayLanguage,
  { receiver, document }: { receiver?: string; document?: string } = {},
): string {
  const length: string = STATUTORY_PERIODS[kind].within[language];
  return language === 'fi'
    ? `${length} kuluessa siitä päivästä, jona ${receiver ?? 'asianosainen'} sai kappaleen ${document ?? 'välitystuomiota'}`
    : `within ${length} of the day ${receiver ?? 'the party'} received a copy of ${document ?? 'the award'}`;
}

/**
 * § 41(3) told to a party about the tribunal's decision on a request under §§ 38–39: the three months run from the
 * receipt of that decision, not of the award. `withAct` names the Act at the section; `decision` is "this decision"
 * in the mail that carries it, "that decision" in one sent before it exists (Finnish says "tästä" in both).
 */
export function setAsideRunsFromDecision(
  language: DisplayLanguage,
  { withAct = false, decision = 'this' }: { withAct?: boolean; decision?: 'this' | 'that' } = {},
): string {
  const section = `${withAct ? `${ARBITRATION_ACT_NAME[language]} ` : ''}${periodSection('setAside', language)}`;
  return language === 'fi'
    ? `kolmen kuukauden määräaika välitystuomion kumoamista koskevan kanteen nostamiselle (${section}) lasketaan päivästä, jona saatte jäljennöksen tästä päätöksestä`
    : `the three months for an action to set the award aside (${section}) run from the day you receive a copy of ${decision} decision`;
}

/** § 40: nullity has no time limit (the award's and the rejection's closing sentence). */
export const NULLITY_NOTICE: Record<DisplayLanguage, string> = {
  fi: 'Välitystuomion mitättömyyteen lain 40 §:n perusteella voidaan vedota määräajasta riippumatta.',
  en: 'The nullity of the award under § 40 of the Act can be invoked without a time limit.',
};
