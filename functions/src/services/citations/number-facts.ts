/**
 * The numbers a careful reader checks against the cited page: sums of money
 * in euros, dates, percentages and quantities with a unit. Each is reduced to
 * a key that does not depend on how it is written, so "12 500 €",
 * "12.500,00 euroa", "12500 EUR" and "12 500,00 €" are the same sum, and
 * "1.3.2025", "01.03.2025", "1. maaliskuuta 2025" and "2025-03-01" the same date.
 *
 * On the page, a sum or a quantity is found when the same number stands there
 * in any spelling (a table often writes the currency only in its header); a
 * date must be there as a date, a percentage as a percentage.
 */

export type FactKind = 'amount' | 'date' | 'percentage' | 'quantity';

export interface Fact {
  kind: FactKind;
  /** `2025-03-01` for a date; the value in hundredths for the others (`1250000` for 12 500 €). */
  key: string;
  /** Where it stands in the text searched. */
  index: number;
  length: number;
  /** As written. */
  text: string;
}

export interface PageFacts {
  dates: ReadonlySet<string>;
  numbers: ReadonlySet<string>;
  percentages: ReadonlySet<string>;
}

const SPACE = '[ \\u00a0\\u202f]';
/** 12 500 / 12.500 / 12 500,50 / 12500 / 12,5 / 12.5 */
const NUMBER = `\\d{1,3}(?:(?:${SPACE}|\\.)\\d{3})+(?:,\\d+)?|\\d+(?:[.,]\\d+)?`;
const BEFORE = '(?<![\\d.,])';
const AFTER = '(?![\\p{L}\\d])';

const MONTHS = [
  'tammi',
  'helmi',
  'maalis',
  'huhti',
  'touko',
  'kesä',
  'heinä',
  'elo',
  'syys',
  'loka',
  'marras',
  'joulu',
];
const NUMERIC_DATE = new RegExp(
  `${BEFORE}(\\d{1,2})\\.${SPACE}?(\\d{1,2})\\.${SPACE}?((?:19|20)?\\d{2})(?![\\d])`,
  'gu',
);
const WRITTEN_DATE = new RegExp(
  `${BEFORE}(\\d{1,2})(?:\\.|${SPACE}+päivänä)${SPACE}*(${MONTHS.join('|')})kuuta${SPACE}+((?:19|20)\\d{2})(?!\\d)`,
  'giu',
);
const ISO_DATE = /(?<![\d-])((?:19|20)\d{2})-(\d{1,2})-(\d{1,2})(?![\d-])/gu;

const MULTIPLIER = `(?:${SPACE}?(milj\\.|miljoonaa|miljoonan|milj|mrd|miljardia|tuhatta|t\\.))?`;
const CURRENCY = `(?:€|EUR${AFTER}|eur${AFTER}|euro(?:a|n|lla|ksi|on|sta|t|ssa|ja)?${AFTER})`;
const AMOUNT_AFTER = new RegExp(`${BEFORE}(${NUMBER})(?:,-)?${MULTIPLIER}${SPACE}?${CURRENCY}`, 'gu');
const AMOUNT_BEFORE = new RegExp(`(?:€|EUR)${SPACE}?(${NUMBER})${MULTIPLIER}(?![\\d])`, 'gu');
const PERCENT = new RegExp(
  `${BEFORE}(${NUMBER})${SPACE}?(?:%|(?:prosentti(?:a|in|iin|lla|yksikköä|yksikön|yksiköllä)|prosentin)${AFTER})`,
  'gu',
);
const UNITS = [
  'kpl',
  'kappaletta',
  'kappaleen',
  'tonnia',
  'tonnin',
  'tonni',
  't',
  'kg',
  'kiloa',
  'kilogrammaa',
  'm²',
  'm2',
  'm³',
  'm3',
  'neliömetriä',
  'neliötä',
  'kuutiometriä',
  'metriä',
  'metrin',
  'km',
  'kilometriä',
  'litraa',
  'tuntia',
  'tunnin',
  'h',
  'päivää',
  'päivän',
  'pv',
  'vrk',
  'vuorokautta',
  'vuorokauden',
  'viikkoa',
  'viikon',
  'kuukautta',
  'kuukauden',
  'kk',
  'vuotta',
  'vuoden',
  'htp',
  'henkilötyöpäivää',
  'henkilötyötuntia',
  'palkkia',
  'yksikköä',
  'osaketta',
  'osakkeen',
];
const QUANTITY = new RegExp(`${BEFORE}(${NUMBER})${SPACE}?(?:${UNITS.join('|')})(?![\\p{L}\\d²³])`, 'gu');
const ANY_NUMBER = new RegExp(`${BEFORE}(${NUMBER})${MULTIPLIER}`, 'gu');
const PLAIN_NUMBER = /\d+(?:,\d+)?/gu;

/**
 * The facts in `text[start, end)`, each at most once by position: dates
 * first, then sums, percentages and quantities; a span in `skip` (a page
 * reference, a statute, a quoted passage checked on its own) is left out.
 */
export function factsIn(
  text: string,
  start = 0,
  end = text.length,
  skip: readonly { index: number; end: number }[] = [],
): Fact[] {
  const part = text.slice(start, end);
  const taken: { index: number; end: number }[] = skip
    .filter((span) => span.end > start && span.index < end)
    .map((span) => ({ index: span.index - start, end: span.end - start }));
  const free = (index: number, length: number) =>
    !taken.some((span) => index < span.end && index + length > span.index);
  const facts: Fact[] = [];
  const add = (kind: FactKind, key: string | undefined, index: number, written: string) => {
    if (key === undefined || !free(index, written.length)) return;
    taken.push({ index, end: index + written.length });
    facts.push({ kind, key, index: start + index, length: written.length, text: written });
  };
  for (const match of part.matchAll(NUMERIC_DATE)) {
    add('date', dateKey(match[3]!, Number(match[2]), Number(match[1])), match.index, match[0]);
  }
  for (const match of part.matchAll(WRITTEN_DATE)) {
    const month = MONTHS.indexOf(match[2]!.toLowerCase()) + 1;
    add('date', dateKey(match[3]!, month, Number(match[1])), match.index, match[0]);
  }
  for (const match of part.matchAll(ISO_DATE)) {
    add('date', dateKey(match[1]!, Number(match[2]), Number(match[3])), match.index, match[0]);
  }
  for (const pattern of [AMOUNT_AFTER, AMOUNT_BEFORE]) {
    for (const match of part.matchAll(pattern)) {
      add('amount', valueKey(match[1]!, match[2]), match.index, match[0]);
    }
  }
  for (const match of part.matchAll(PERCENT)) add('percentage', valueKey(match[1]!), match.index, match[0]);
  for (const match of part.matchAll(QUANTITY)) add('quantity', valueKey(match[1]!), match.index, match[0]);
  return facts.sort((a, b) => a.index - b.index);
}

/** Every date, number and percentage on a page, by key. */
export function pageFacts(page: string): PageFacts {
  const dates = new Set<string>();
  const numbers = new Set<string>();
  const percentages = new Set<string>();
  for (const fact of factsIn(page)) {
    if (fact.kind === 'date') dates.add(fact.key);
    if (fact.kind === 'percentage') percentages.add(fact.key);
  }
  for (const match of page.matchAll(ANY_NUMBER)) {
    const plain = valueKey(match[1]!);
    if (plain !== undefined) numbers.add(plain);
    const scaled = valueKey(match[1]!, match[2]);
    if (scaled !== undefined) numbers.add(scaled);
  }
  // Each group of digits on its own too, so a number written next to another ("kohta 3 120 000") is not lost.
  for (const match of page.matchAll(PLAIN_NUMBER)) {
    const plain = valueKey(match[0]);
    if (plain !== undefined) numbers.add(plain);
  }
  return { dates, numbers, percentages };
}

/** Whether the fact stands on one of the pages. */
export function factOnPages(fact: Fact, pages: readonly PageFacts[]): boolean {
  return pages.some((page) => {
    switch (fact.kind) {
      case 'date':
        return page.dates.has(fact.key);
      case 'percentage':
        return page.percentages.has(fact.key);
      default:
        return page.numbers.has(fact.key);
    }
  });
}

/** Finnish for the flag: what kind of number was not found. */
export function factLabel(kind: FactKind): string {
  switch (kind) {
    case 'amount':
      return 'Rahamäärää';
    case 'date':
      return 'Päivämäärää';
    case 'percentage':
      return 'Prosenttilukua';
    default:
      return 'Määrää';
  }
}

function dateKey(yearText: string, month: number, day: number): string | undefined {
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The value in hundredths, as text: "12 500,00" and "12.500" → "1250000"; with a multiplier, scaled. */
function valueKey(written: string, multiplier?: string): string | undefined {
  let digits = written.replace(/[ \u00a0\u202f]/gu, '');
  if (/^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/u.test(digits)) digits = digits.replace(/\./gu, '');
  digits = digits.replace(',', '.');
  const value = Number(digits);
  if (!Number.isFinite(value)) return undefined;
  const scale = multiplier ? (MULTIPLIERS[multiplier.toLowerCase()] ?? 1) : 1;
  return String(Math.round(value * scale * 100));
}

const MULTIPLIERS: Record<string, number> = {
  'milj.': 1e6,
  milj: 1e6,
  miljoonaa: 1e6,
  miljoonan: 1e6,
  mrd: 1e9,
  miljardia: 1e9,
  tuhatta: 1e3,
  't.': 1e3,
};
