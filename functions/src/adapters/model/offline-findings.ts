/**
 * What the offline model recognises in Finnish legal material: sums of money,
 * dates, references to statutes and precedents, and companies with their
 * business ids. Pure text functions; each answers matches in the order they
 * appear, written as in the text with its spacing tidied.
 */

const SPACE = '[ \\u00a0\\u202f]';
/** 12 400 / 12.400 / 12 400,50 / 950 / 950,00 */
const NUMBER = `\\d{1,3}(?:${SPACE}\\d{3}|\\.\\d{3})+(?:,\\d{1,2})?|\\d+(?:,\\d{1,2})?`;
const CURRENCY_AFTER = '(?:€|euroa|euron|eurolla|euroon|eurosta|eur|EUR)(?![\\p{L}\\d])';
const AMOUNT = new RegExp(
  `(?<![\\d,.])(?:(?:${NUMBER})${SPACE}?${CURRENCY_AFTER}|(?:€|EUR)${SPACE}?(?:${NUMBER})(?![\\d]))`,
  'gu',
);

/** Sums of money in euros: `12 400 €`, `12 400 euroa`, `EUR 950,00`. */
export function findAmounts(text: string): string[] {
  return [...text.matchAll(AMOUNT)].map((match) => tidy(match[0]));
}

const MONTHS = [
  'tammikuuta',
  'helmikuuta',
  'maaliskuuta',
  'huhtikuuta',
  'toukokuuta',
  'kesäkuuta',
  'heinäkuuta',
  'elokuuta',
  'syyskuuta',
  'lokakuuta',
  'marraskuuta',
  'joulukuuta',
];
const NUMERIC_DATE = /(?<![\d.])(\d{1,2})\.(\d{1,2})\.((?:19|20)\d{2})(?!\d)/gu;
const WRITTEN_DATE = new RegExp(
  `(?<![\\d.])(\\d{1,2})\\.${SPACE}?(${MONTHS.join('|')})${SPACE}((?:19|20)\\d{2})(?!\\d)`,
  'giu',
);
const ISO_DATE = /(?<![\d-])((?:19|20)\d{2})-(\d{2})-(\d{2})(?![\d-])/gu;

export interface FoundDate {
  /** As written. */
  text: string;
  /** YYYY-MM-DD, for ordering. */
  iso: string;
  /** d.m.yyyy, the Finnish way of writing it. */
  finnish: string;
}

/** Dates written `1.3.2026`, `1. maaliskuuta 2026` or `2026-03-01`; impossible ones (31.2.) are left out. */
export function findDates(text: string): FoundDate[] {
  const found: { index: number; date: FoundDate }[] = [];
  const add = (index: number, written: string, day: number, month: number, year: number) => {
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return;
    found.push({
      index,
      date: { text: tidy(written), iso: date.toISOString().slice(0, 10), finnish: `${day}.${month}.${year}` },
    });
  };
  for (const match of text.matchAll(NUMERIC_DATE)) {
    add(match.index, match[0], Number(match[1]), Number(match[2]), Number(match[3]));
  }
  for (const match of text.matchAll(WRITTEN_DATE)) {
    add(match.index, match[0], Number(match[1]), MONTHS.indexOf(match[2]!.toLowerCase()) + 1, Number(match[3]));
  }
  for (const match of text.matchAll(ISO_DATE)) {
    add(match.index, match[0], Number(match[3]), Number(match[2]), Number(match[1]));
  }
  return found.sort((a, b) => a.index - b.index).map(({ date }) => date);
}

/** A statute's name in the genitive or an abbreviation before a section: `oikeustoimilain`, `KSL`, `KauppaL`. */
const STATUTE_NAME = '(?:[\\p{L}-]+(?:lain|asetuksen|kaaren|direktiivin)|\\p{Lu}[\\p{L}]{0,10}L|\\p{Lu}{2,6})';
const SECTION = new RegExp(
  `(?:${STATUTE_NAME}${SPACE}+)?(?:\\d{1,2}${SPACE}?luvun${SPACE}+)?\\d{1,3}${SPACE}?[a-z]?${SPACE}?§` +
    `(?:${SPACE}?\\d{1,2}${SPACE}?mom(?:\\.|entin|entti)?)?|§${SPACE}?\\d{1,3}`,
  'gu',
);
/** `KSL 5:2`, `OK 5:2 §`: chapter and section after an abbreviation (not a time such as `klo 12:30`). */
const CHAPTER_SECTION = new RegExp(
  `(?<![\\p{L}])(?!klo\\b|Klo\\b|KLO\\b)(?:\\p{Lu}{2,6}|\\p{Lu}[\\p{Ll}]{1,10}L)${SPACE}\\d{1,2}:\\d{1,3}(?:[a-z](?![\\p{L}]))?(?!\\d|:\\d)(?:${SPACE}?§)?`,
  'gu',
);
/** `kauppalakia (355/1987)`: a statute's name with its number in the statute book. */
const NAMED_STATUTE = new RegExp(
  `[\\p{L}-]*(?:laki|lakia|lain|laissa|lakiin|asetus|asetusta|asetuksen)${SPACE}?\\(\\d{1,4}\\/(?:18|19|20)\\d{2}\\)`,
  'gu',
);
/** `laki elinkeinonharjoittajien … sääntelystä (1062/1993)`: a long title (titles hold no commas or full stops). */
const TITLED_STATUTE = new RegExp(
  `(?<![\\p{L}])[Ll]aki(?:a|n)?${SPACE}[^()\\n.,;:]{3,100}?${SPACE}?\\(\\d{1,4}\\/(?:18|19|20)\\d{2}\\)`,
  'gu',
);
/** Precedents of the Supreme Court and the Supreme Administrative Court: `KKO 2019:12`. */
const PRECEDENT = /\b(?:KKO|KHO)[ \u00a0]?(?:19|20)\d{2}:\d{1,3}\b/gu;

/** References to statutes and precedents, longest reading first where two overlap. */
export function findStatutes(text: string): string[] {
  const matches: { start: number; end: number; text: string }[] = [];
  for (const pattern of [TITLED_STATUTE, NAMED_STATUTE, SECTION, CHAPTER_SECTION, PRECEDENT]) {
    for (const match of text.matchAll(pattern)) {
      matches.push({ start: match.index, end: match.index + match[0].length, text: tidy(match[0]) });
    }
  }
  matches.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: typeof matches = [];
  for (const match of matches) {
    const last = kept.at(-1);
    if (last && match.start < last.end) continue;
    kept.push(match);
  }
  return kept.map((match) => match.text);
}

const COMPANY_FORMS = '(?:Oyj|Oy|Ab|Abp|Ky|Ay|Tmi|ry|Ltd|AB|GmbH|Inc)';
const NAME_WORD = '[\\p{Lu}\\d][\\p{L}\\d&-]*';
const COMPANY = new RegExp(
  `(?:(?:Kiinteistö|Asunto)${SPACE}(?:Oy|oy)${SPACE}${NAME_WORD}(?:${SPACE}${NAME_WORD}){0,2}|` +
    `${NAME_WORD}(?:${SPACE}${NAME_WORD}){0,3}${SPACE}${COMPANY_FORMS})(?![\\p{L}])`,
  'gu',
);
const BUSINESS_ID = /(?<!\d)\d{7}-\d(?!\d)/u;
/** Capitalised role words that start sentences and are not part of a company's name. */
const ROLE_WORDS = new Set([
  'myyjä',
  'ostaja',
  'kantaja',
  'vastaaja',
  'tilaaja',
  'toimittaja',
  'urakoitsija',
  'vuokranantaja',
  'vuokralainen',
  'asiakas',
  'yhtiö',
  'sopijapuoli',
  'osapuoli',
  'velkoja',
  'velallinen',
  'päämies',
  'seller',
  'buyer',
]);

export interface FoundCompany {
  name: string;
  /** The Finnish business id (Y-tunnus) written just after the name, if any. */
  businessId?: string;
}

/** Companies by their legal form (`Rakennus Oy`, `Asunto Oy Kulma`), with a business id that follows within a few words. */
export function findCompanies(text: string): FoundCompany[] {
  const found: FoundCompany[] = [];
  for (const match of text.matchAll(COMPANY)) {
    const words = tidy(match[0]).split(' ');
    while (words.length > 2 && ROLE_WORDS.has(words[0]!.toLowerCase())) words.shift();
    const name = words.join(' ');
    if (ROLE_WORDS.has(words[0]!.toLowerCase())) continue;
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 40);
    const id = BUSINESS_ID.exec(after)?.[0];
    found.push(id ? { name, businessId: id } : { name });
  }
  return found;
}

function tidy(text: string): string {
  return text.replace(/[\s\u00a0\u202f]+/gu, ' ').trim();
}
