/**
 * The numbers a careful reader checks against the cited page: sums of money
 * in euros, dates, percentages and quantities with a unit. Each is reduced to
 * a key that does not depend on how it is written, so "12 500 €",
 * "12.500,00 euroa", "12500 EUR" and "12 500,00 €" are the same sum, and
 * "1.3.2025", "01.03.2025", "1. maaliskuuta 2025" and "2025-03-01" the same date.
 *
 * On the page, a sum or a quantity is found when the same number stands there
 * in any of its spellings (a table often writes the currency only in its
 * header); a date must be there as a date, a percentage as a percentage. The
 * page is searched as text for those spellings, not parsed: a case file of
 * hundreds of pages is checked in milliseconds.
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
  `${BEFORE}(\\d{1,2})\\.${SPACE}?(\\d{1,2})\\.${SPACE}?((?:19|20)\\d{2})(?![\\d])`,
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

/**
 * Whether the fact stands on one of the pages, as their text was extracted:
 * the fact's value in each way it is commonly written, looked up as text (any
 * whitespace where the spelling has a space) — a date as a date, a percentage
 * with its sign or word, a sum or a quantity as the number alone (a table
 * often writes the currency or unit in its header), 1–12 also in words.
 */
export function factOnPages(fact: Fact, pages: readonly string[]): boolean {
  const spellings = spellingsOf(fact);
  const number = fact.kind !== 'date';
  const words = fact.kind === 'quantity' || fact.kind === 'percentage' ? numberWords(Number(fact.key)) : [];
  return pages.some(
    (page) =>
      spellings.some((spelling) => standsIn(page, spelling, number)) || words.some((word) => wordStandsIn(page, word)),
  );
}

/** 1–12 in words, as a page may write a quantity ("kuusi viikkoa", "seitsemän prosenttiyksikköä"): the stems of their cases. */
const NUMBER_WORDS: Record<number, readonly string[]> = {
  1: ['yksi', 'yhden', 'yhtä'],
  2: ['kaksi', 'kahden', 'kahta'],
  3: ['kolme', 'kolmen'],
  4: ['neljä', 'neljän'],
  5: ['viisi', 'viiden', 'viittä'],
  6: ['kuusi', 'kuuden', 'kuutta'],
  7: ['seitsemän', 'seitsemää'],
  8: ['kahdeksan', 'kahdeksaa'],
  9: ['yhdeksän', 'yhdeksää'],
  10: ['kymmenen', 'kymmentä'],
  11: ['yksitoista', 'yhdentoista'],
  12: ['kaksitoista', 'kahdentoista'],
};

function numberWords(hundredths: number): readonly string[] {
  return hundredths % 100 === 0 ? (NUMBER_WORDS[hundredths / 100] ?? []) : [];
}

/** Whether the word starts a word of the page ("kuusi", "kuuden"; not inside "kymmenkuusi…"). */
function wordStandsIn(page: string, word: string): boolean {
  for (const written of [word, `${word[0]!.toUpperCase()}${word.slice(1)}`]) {
    for (let at = page.indexOf(written); at !== -1; at = page.indexOf(written, at + 1)) {
      if (!/\p{L}/u.test(page[at - 1] ?? ' ')) return true;
    }
  }
  return false;
}

const MONTH_WORDS = MONTHS.map((month) => `${month}kuuta`);

function spellingsOf(fact: Fact): string[] {
  if (fact.kind === 'date') {
    const [year, month, day] = fact.key.split('-') as [string, string, string];
    const d = String(Number(day));
    const m = String(Number(month));
    const yy = year.slice(2);
    const word = MONTH_WORDS[Number(month) - 1]!;
    return [
      `${d}.${m}.${year}`,
      `${day}.${month}.${year}`,
      `${d}.${month}.${year}`,
      `${day}.${m}.${year}`,
      `${d}. ${word} ${year}`,
      `${d}.${word} ${year}`,
      `${d} päivänä ${word} ${year}`,
      `${year}-${month}-${day}`,
      `${d}.${m}.${yy}`,
      `${day}.${month}.${yy}`,
    ];
  }
  const numbers = numberSpellings(Number(fact.key));
  if (fact.kind === 'percentage') {
    return numbers.flatMap((number) => [`${number} %`, `${number}%`, `${number} prosent`]);
  }
  return numbers;
}

/** A value in hundredths written as Finnish text does: 1250000 → 12500, 12 500, 12.500; 1250 → 12,50, 12,5, 12.50. */
function numberSpellings(hundredths: number): string[] {
  const whole = Math.floor(hundredths / 100);
  const cents = hundredths % 100;
  const plain = String(whole);
  const groups = plain.replace(/\B(?=(\d{3})+(?!\d))/gu, ' ');
  const wholes = whole >= 1000 ? [plain, groups, groups.replace(/ /gu, '.')] : [plain];
  const spellings: string[] = [];
  if (cents === 0) {
    spellings.push(...wholes);
  } else {
    const two = String(cents).padStart(2, '0');
    const decimals = two.endsWith('0') ? [two, two[0]!] : [two];
    for (const decimal of decimals) {
      spellings.push(...wholes.map((written) => `${written},${decimal}`), `${plain}.${decimal}`);
    }
  }
  // 1 200 000 € is "1,2 milj. euroa" too.
  if (cents === 0 && whole >= 1_000_000 && whole % 10_000 === 0) {
    const millions = String(whole / 1_000_000).replace('.', ',');
    spellings.push(`${millions} milj`, `${millions} miljoona`);
  }
  return spellings;
}

/**
 * Whether `spelling` stands in `page` as a number of its own: not inside a
 * longer number ("500" in "1.500" or "12 500", "12 500" in "12 500 000"), with
 * zero decimals after it allowed ("12 500,00").
 */
function standsIn(page: string, spelling: string, number: boolean): boolean {
  const short = number && /^\d{1,3}$/u.test(spelling);
  // The page as extracted: found by the spelling's first word, the rest compared with any whitespace for a space.
  const space = spelling.indexOf(' ');
  const head = space === -1 ? spelling : spelling.slice(0, space);
  for (let at = page.indexOf(head); at !== -1; at = page.indexOf(head, at + 1)) {
    const end = space === -1 ? at + head.length : matchRest(page, at + head.length, spelling, space);
    if (end === -1) continue;
    const before = page[at - 1] ?? ' ';
    const beforeThat = page[at - 2] ?? ' ';
    if (DIGIT.test(before)) continue;
    if ((before === '.' || before === ',') && DIGIT.test(beforeThat)) continue;
    if (short && WHITESPACE.test(before) && DIGIT.test(beforeThat)) continue;
    const after = page.slice(end, end + 6);
    if (DIGIT.test(after[0] ?? '')) continue;
    if (/^[.,]\d/u.test(after) && !/^[.,]0+(?!\d)/u.test(after)) continue;
    if (number && /^\s\d{3}(?!\d)/u.test(after) && DIGIT.test(spelling.at(-1)!)) continue;
    return true;
  }
  return false;
}

const DIGIT = /\d/u;
const WHITESPACE = /\s/u;

/**
 * Where `spelling` (from `from` in it, a space there) ends in `page` matched from `position`: a space
 * in the spelling is any run of whitespace, a letter either case. -1 when it does not match.
 */
function matchRest(page: string, position: number, spelling: string, from: number): number {
  let at = position;
  for (let index = from; index < spelling.length; index++) {
    const wanted = spelling[index]!;
    if (wanted === ' ') {
      if (!WHITESPACE.test(page[at] ?? '')) return -1;
      while (WHITESPACE.test(page[at] ?? '')) at += 1;
      continue;
    }
    const found = page[at];
    if (found === undefined || (found !== wanted && found.toLowerCase() !== wanted)) return -1;
    at += 1;
  }
  return at;
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
