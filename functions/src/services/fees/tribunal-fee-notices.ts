import { formatDisplayDateTime, type DisplayLanguage } from '@ratkaisu/core';

/**
 * The mails and in-app notices of the tribunal's fees (docs/fees.md "The tribunal's advance"), in English and in
 * Finnish: a reminder before a tribunal request lapses for an unpaid fee, the lapse itself, and a share paid by the
 * other party. services/notices renders them as the `tribunalFees` event, like its own templates.
 */

type Side = 'claimant' | 'respondent';

export type TribunalFeeNotice =
  /** A fee of the request is unpaid and falls due soon: `unpaid` names whose. */
  | { kind: 'reminder'; dueBy: string; unpaid: ('administrativeFee' | Side)[] }
  /** The request lapsed: nothing was paid of `unpaid` in time; what was paid is credited. */
  | { kind: 'lapsed'; unpaid: ('administrativeFee' | Side)[]; credited: boolean }
  /** `bySide` took over the other side's share of the advance and pays it. */
  | { kind: 'sharePaidByOther'; bySide: Side };

interface Facts {
  caseName: string;
  caseNumber?: string;
  link: string;
}

export interface RenderedFeeNotice {
  subject: string;
  text: string;
  summary: string;
}

const UNPAID: Record<DisplayLanguage, Record<'administrativeFee' | Side, string>> = {
  en: {
    administrativeFee: 'the administrative fee',
    claimant: "the claimant's share of the advance on the arbitrators' fees",
    respondent: "the respondent's share of the advance on the arbitrators' fees",
  },
  fi: {
    administrativeFee: 'hallinnointimaksu',
    claimant: 'kantajan osuus välimiesten palkkioiden ennakosta',
    respondent: 'vastaajan osuus välimiesten palkkioiden ennakosta',
  },
};

const SIDE: Record<DisplayLanguage, Record<Side, string>> = {
  en: { claimant: 'claimant', respondent: 'respondent' },
  fi: { claimant: 'kantaja', respondent: 'vastaaja' },
};

function list(items: string[], language: DisplayLanguage): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${language === 'fi' ? 'ja' : 'and'} ${items.at(-1)}`;
}

function caseRef(facts: Facts): string {
  return `"${facts.caseName.replace(/\s+/g, ' ').trim()}"${facts.caseNumber ? ` (${facts.caseNumber})` : ''}`;
}

function mail(language: DisplayLanguage, facts: Facts, subject: string, lines: string[]): RenderedFeeNotice {
  const prefix = language === 'fi' ? `Ratkaisu, asia ${caseRef(facts)}` : `Ratkaisu case ${caseRef(facts)}`;
  return {
    subject: `${prefix}: ${subject}`,
    text: [language === 'fi' ? 'Hei,' : 'Hello,', '', ...lines, facts.link, '', 'Ratkaisu'].join('\n'),
    summary: lines[0]!,
  };
}

export function renderTribunalFeeNotice(
  language: DisplayLanguage,
  input: TribunalFeeNotice & Facts,
): RenderedFeeNotice {
  const unpaid = (items: ('administrativeFee' | Side)[]) =>
    list(
      items.map((item) => UNPAID[language][item]),
      language,
    );
  switch (input.kind) {
    case 'reminder':
      return language === 'fi'
        ? mail(language, input, 'välimiesoikeuden maksut erääntyvät pian', [
            `Välimiesoikeutta koskevasta pyynnöstä on maksamatta ${unpaid(input.unpaid)}; eräpäivä on ${formatDisplayDateTime(input.dueBy, 'fi')}.`,
            'Ellei maksua suoriteta siihen mennessä, pyyntö raukeaa ja asia palaa vaiheeseen, jossa se oli ennen pyyntöä. Toinen osapuoli voi maksaa puuttuvan osuuden.',
            'Maksa asian sivulla:',
          ])
        : mail(language, input, 'the tribunal’s fees fall due soon', [
            `Of the request for a tribunal, ${unpaid(input.unpaid)} is still unpaid; it is due by ${formatDisplayDateTime(input.dueBy, 'en')}.`,
            'Unless it is paid by then, the request lapses and the case returns to where it was before it. The other party may pay a missing share.',
            'Pay on the case page:',
          ]);
    case 'lapsed':
      return language === 'fi'
        ? mail(language, input, 'välimiesoikeutta koskeva pyyntö raukesi', [
            `Välimiesoikeutta koskeva pyyntö raukesi, koska ${unpaid(input.unpaid)} jäi maksamatta määräajassa.`,
            `Asia palasi vaiheeseen, jossa se oli ennen pyyntöä; välimiehiä ei nimitetä.${input.credited ? ' Maksetut osuudet hyvitetään: hyvityslasku lähetetään maksajalle erikseen.' : ''}`,
            'Asia:',
          ])
        : mail(language, input, 'the request for a tribunal has lapsed', [
            `The request for a tribunal has lapsed: ${unpaid(input.unpaid)} was not paid within the period.`,
            `The case is back where it was before the request; no arbitrators are appointed.${input.credited ? ' What was paid is credited: the payer receives a credit note by separate mail.' : ''}`,
            'The case:',
          ]);
    case 'sharePaidByOther':
      return language === 'fi'
        ? mail(language, input, 'toinen osapuoli maksaa osuuden ennakosta', [
            `${capital(SIDE.fi[input.bySide])} maksaa ${SIDE.fi[other(input.bySide)]}n osuuden välimiesten palkkioiden ennakosta.`,
            'Kuitti annetaan maksajalle. Asia:',
          ])
        : mail(language, input, 'the other party pays a share of the advance', [
            `The ${SIDE.en[input.bySide]} is paying the ${SIDE.en[other(input.bySide)]}'s share of the advance on the arbitrators' fees.`,
            'The receipt is issued to the payer. The case:',
          ]);
  }
}

function other(side: Side): Side {
  return side === 'claimant' ? 'respondent' : 'claimant';
}

function capital(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
