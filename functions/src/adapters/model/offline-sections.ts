import { CASE_NAME_LINE_PATTERN, DOCUMENT_TAG_PATTERN, PARTY_LINE_PATTERN } from '@ratkaisu/core';
import {
  findAmounts,
  findCompanies,
  findDates,
  findStatutes,
  type FoundCompany,
  type FoundDate,
} from './offline-findings.js';
import { PAGE_REF, stems, type Sentence } from './offline-sentences.js';

/**
 * The offline model's layout stage (offline-model.ts): what a heading asks for, the facts the picked sentences
 * hold (parties, sums, dates, statutes, documents), and each section's block of them with its references.
 */

const MAX_PER_SECTION = 8;

/** What a requested heading asks for, as far as the offline model can serve it. */
export type SectionKind = 'parties' | 'demands' | 'relief' | 'grounds' | 'legal' | 'evidence' | 'general';

/** Tested in this order: "Oikeudelliset perusteet" is legal, not grounds; "Tausta ja osapuolet" is parties. */
export const HEADING_KINDS: readonly [SectionKind, RegExp][] = [
  ['evidence', /todiste|näyttö|liitteet|evidence|exhibits/iu],
  ['legal', /oikeudelli|säännö|lainsäädä|sovelletu|\blai[kt]|legal|statut|\blaws?\b/iu],
  ['parties', /asianosai|osapuol|parties|\bparty\b/iu],
  ['demands', /vaatimu(?!skirj)|vaateet|\bdemands?\b|\bclaims\b/iu],
  ['relief', /ratkaisu|pyyde|tuomiolauselm|\brelief\b|remedy/iu],
  ['grounds', /peruste|tapahtum|tosiseik|tausta|kulku|\bfacts\b|grounds|background/iu],
];

export function classifyHeading(heading: string): SectionKind {
  return HEADING_KINDS.find(([, pattern]) => pattern.test(heading))?.[0] ?? 'general';
}

/** Sentences that state what a party asks for. */
export const DEMAND_WORDS = /\b(?:vaati|vaade|vaatimu|pyytä|pyydä|pyyde|velvoit|korvattava|maksettava)/iu;
export const MAX_FACTS = 12;
export const MAX_CONTEXT_CHARS = 240;

/** The request's `- Kantaja: …` / `- Vastaajan yhteystiedot: …` lines. */
export const PARTY_LINE = PARTY_LINE_PATTERN;
export const CASE_NAME_LINE = CASE_NAME_LINE_PATTERN;
/** The case file's document headers: `<asiakirja tunnus="K1" tiedosto="Sopimus.pdf" sivuja="3">`. */
export const DOCUMENT_TAG = DOCUMENT_TAG_PATTERN;

export interface Found<T> {
  value: T;
  sentence: Sentence;
}

export interface Facts {
  all: readonly Sentence[];
  amounts: Found<string>[];
  dates: Found<FoundDate>[];
  statutes: Found<string>[];
  companies: Found<FoundCompany>[];
  documents: { code: string; fileName?: string; pages?: number; title?: string }[];
  isEmpty: boolean;
}

/** Everything the finders recognise in the material, each with the sentence (and so the page) it came from. */
export function collectFacts(all: readonly Sentence[], raw: string): Facts {
  const amounts: Found<string>[] = [];
  const dates: Found<FoundDate>[] = [];
  const statutes: Found<string>[] = [];
  const companies: Found<FoundCompany>[] = [];
  for (const sentence of all) {
    const plain = sentence.text.replace(PAGE_REF, ' ');
    for (const value of findAmounts(plain)) amounts.push({ value, sentence });
    for (const value of findDates(plain)) dates.push({ value, sentence });
    for (const value of findStatutes(plain)) statutes.push({ value, sentence });
    for (const value of findCompanies(plain)) companies.push({ value, sentence });
  }
  const documents = documentsOf(all, raw);
  return {
    all,
    amounts,
    dates,
    statutes,
    companies,
    documents,
    isEmpty: amounts.length + dates.length + statutes.length + companies.length === 0,
  };
}

/** The documents of the case file: from its headers, else from the page references seen. */
export function documentsOf(all: readonly Sentence[], raw: string): Facts['documents'] {
  const documents = new Map<string, Facts['documents'][number]>();
  for (const match of raw.matchAll(DOCUMENT_TAG)) {
    const code = match[1]!;
    if (documents.has(code)) continue;
    documents.set(code, {
      code,
      fileName: match[2] || undefined,
      pages: match[3] ? Number(match[3]) : undefined,
      title: titleOf(code, raw),
    });
  }
  if (documents.size === 0) {
    for (const sentence of all) {
      const code = sentence.ref ? refParts(sentence.ref)?.code : undefined;
      if (code && !documents.has(code)) documents.set(code, { code, title: titleOf(code, raw) });
    }
  }
  return [...documents.values()];
}

/** The first line of a document's first page when it reads like a title (KAUPPASOPIMUS, Lasku 1234). */
export function titleOf(code: string, raw: string): string | undefined {
  const escaped = code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const line = new RegExp(`\\[${escaped} s\\.\\s?1\\]\\s*\\n\\s*([^\\n]{3,100})\\n`, 'u').exec(raw)?.[1];
  const title = line?.trim();
  // A sentence is not a title: a title is short and does not end in a full stop.
  if (!title || title.startsWith('[') || title.length > 80 || /[.!?]$/.test(title) || title.split(/\s+/).length > 8) {
    return undefined;
  }
  return title;
}

export function refParts(ref: string): { code: string; page: number } | undefined {
  const match = /^\[([^\s[\]]+)\s+s\.\s?(\d+)/u.exec(ref);
  return match ? { code: match[1]!, page: Number(match[2]) } : undefined;
}

/** The structured part of a section: what the finders found that this kind of heading asks for. */
export function factBlock(kind: SectionKind, facts: Facts, request: string, shown: Set<Sentence>): string | undefined {
  switch (kind) {
    case 'parties': {
      const lines = [...request.matchAll(PARTY_LINE)].map((match) => `- ${match[1]}: ${match[2]}`);
      const companies = uniqueBy(facts.companies, (found) => found.value.name.toLowerCase())
        .slice(0, MAX_FACTS)
        .map((found) => {
          const id =
            found.value.businessId ??
            facts.companies.find((other) => other.value.name === found.value.name && other.value.businessId)?.value
              .businessId;
          return `- ${found.value.name}${id ? ` (Y-tunnus ${id})` : ''}${refSuffix(found.sentence)}`;
        });
      const parts: string[] = [];
      if (lines.length > 0) parts.push(lines.join('\n'));
      if (companies.length > 0) parts.push('Aineistossa mainitut yritykset:', companies.join('\n'));
      return parts.length > 0 ? parts.join('\n\n') : undefined;
    }
    case 'demands': {
      const amounts = uniqueBy(facts.amounts, (found) => `${found.value}|${found.sentence.ref ?? ''}`).slice(
        0,
        MAX_FACTS,
      );
      if (amounts.length === 0) return '_Aineistosta ei löytynyt rahamääriä._';
      for (const found of amounts) shown.add(found.sentence);
      return [
        'Aineistossa mainitut rahamäärät:',
        amounts.map((found) => `- **${found.value}**: ${context(found.sentence)}`).join('\n'),
      ].join('\n\n');
    }
    case 'grounds': {
      const dates = uniqueBy(facts.dates, (found) => `${found.value.iso}|${found.sentence.index}`)
        .sort((a, b) => a.value.iso.localeCompare(b.value.iso) || a.sentence.index - b.sentence.index)
        .slice(0, MAX_FACTS);
      if (dates.length === 0) return undefined;
      for (const found of dates) shown.add(found.sentence);
      return [
        'Aikajärjestyksessä aineiston päivämäärien mukaan:',
        dates
          .map((found) => {
            const written = found.value.text === found.value.finnish ? '' : ` (${found.value.text})`;
            return `- **${found.value.finnish}**${written}: ${context(found.sentence)}`;
          })
          .join('\n'),
      ].join('\n\n');
    }
    case 'legal': {
      const groups = new Map<string, Found<string>[]>();
      for (const found of facts.statutes) {
        const key = found.value.toLowerCase();
        groups.set(key, [...(groups.get(key) ?? []), found]);
      }
      if (groups.size === 0) return '_Aineistosta ei löytynyt säännös- tai ennakkopäätösviittauksia._';
      const items = [...groups.values()].slice(0, MAX_FACTS).map((group) => {
        const first = group[0]!;
        shown.add(first.sentence);
        const more = uniqueStrings(
          group
            .slice(1)
            .map((found) => found.sentence.ref)
            .filter((ref): ref is string => Boolean(ref) && ref !== first.sentence.ref),
        );
        return `- **${first.value}**: ${context(first.sentence)}${more.length > 0 ? ` (myös ${more.join(', ')})` : ''}`;
      });
      return ['Aineistossa mainitut säännökset ja ennakkopäätökset:', items.join('\n')].join('\n\n');
    }
    case 'relief': {
      const demands = uniqueBy(
        facts.all.filter((sentence) => DEMAND_WORDS.test(sentence.text) && sentence.text.length > 20),
        (sentence) => sentence.text,
      ).slice(0, MAX_PER_SECTION);
      if (demands.length === 0) return undefined;
      for (const sentence of demands) shown.add(sentence);
      return ['Aineistossa esitetyt vaatimukset:', demands.map((sentence) => `- ${context(sentence)}`).join('\n')].join(
        '\n\n',
      );
    }
    case 'evidence':
    case 'general':
      return undefined;
  }
}

/** The evidence list: every document with its title and the pages this draft quotes. */
export function evidenceBlock(facts: Facts, shown: ReadonlySet<Sentence>, single = false): string {
  if (facts.documents.length === 0) return EMPTY_SECTION;
  const cited = new Map<string, Set<number>>();
  for (const sentence of shown) {
    const parts = sentence.ref ? refParts(sentence.ref) : undefined;
    if (!parts) continue;
    const pages = cited.get(parts.code) ?? new Set<number>();
    pages.add(parts.page);
    cited.set(parts.code, pages);
  }
  return facts.documents
    .map((document) => {
      const described = [
        document.fileName,
        document.pages ? `${document.pages} ${document.pages === 1 ? 'sivu' : 'sivua'}` : undefined,
      ].filter(Boolean);
      const pages = [...(cited.get(document.code) ?? [])].sort((a, b) => a - b);
      return (
        `- **${document.code}**${described.length > 0 ? ` – ${described.join(', ')}` : ''}` +
        `${document.title ? `: ${document.title}` : ''}. ` +
        (pages.length > 0
          ? `${single ? 'Tässä luvussa poimitut sivut' : 'Luonnoksessa viitatut sivut'}: ${pages.map((page) => `[${document.code} s.${page}]`).join(', ')}.`
          : single
            ? 'Tähän lukuun ei poimittu lauseita tästä asiakirjasta.'
            : 'Luonnoksessa ei viitata tähän asiakirjaan.')
      );
    })
    .join('\n');
}

/**
 * Spreads the key sentences over the headings: a sentence asking for something
 * goes under the relief (else the demands) heading, one citing a statute under
 * the legal one; any other under the heading it shares most word stems with;
 * the rest under the heading with the fewest so far. The evidence list takes
 * none (it lists documents), and the parties take only sentences that match.
 */
export function distribute(
  sentences: readonly Sentence[],
  headings: readonly string[],
  kinds: readonly SectionKind[],
): Sentence[][] {
  const headingWords = headings.map((heading) => stems(heading));
  const sections: Sentence[][] = headings.map(() => []);
  const room = (i: number) => i >= 0 && (sections[i]?.length ?? 0) < MAX_PER_SECTION;
  const demandsAt = kinds.indexOf('relief') >= 0 ? kinds.indexOf('relief') : kinds.indexOf('demands');
  const legalAt = kinds.indexOf('legal');
  for (const sentence of sentences) {
    let best = -1;
    if (DEMAND_WORDS.test(sentence.text) && room(demandsAt)) best = demandsAt;
    else if (findStatutes(sentence.text.replace(PAGE_REF, ' ')).length > 0 && room(legalAt)) best = legalAt;
    if (best < 0) {
      let bestOverlap = 0;
      headingWords.forEach((words, i) => {
        if (kinds[i] === 'evidence') return;
        let overlap = 0;
        for (const word of words) if (sentence.words.has(word)) overlap++;
        if (overlap > bestOverlap && room(i)) {
          best = i;
          bestOverlap = overlap;
        }
      });
    }
    if (best < 0) best = fewest(sections, kinds, FALLBACK_KINDS);
    if (best < 0) best = fewest(sections, kinds, ['parties', 'demands', 'relief', 'grounds', 'legal', 'general']);
    if (room(best)) sections[best]!.push(sentence);
  }
  return sections;
}

/** Where a sentence that matches no heading goes: a section of facts, not the parties, the law or the evidence. */
export const FALLBACK_KINDS: readonly SectionKind[] = ['general', 'grounds', 'demands'];

/** The section of one of `allowed` kinds holding the fewest sentences (the first of equals), or -1. */
export function fewest(
  sections: readonly Sentence[][],
  kinds: readonly SectionKind[],
  allowed: readonly SectionKind[],
): number {
  let best = -1;
  let least = Infinity;
  sections.forEach((section, i) => {
    if (!allowed.includes(kinds[i]!) || section.length >= MAX_PER_SECTION) return;
    if (section.length < least) {
      least = section.length;
      best = i;
    }
  });
  return best;
}

/** A sentence quoted as the context of a finding, with its page reference. */
export function context(sentence: Sentence): string {
  let text = sentence.text;
  const ref = sentence.ref && !text.includes(sentence.ref) ? sentence.ref : undefined;
  if (text.length > MAX_CONTEXT_CHARS) {
    const refs = text.match(PAGE_REF)?.at(-1);
    text = `${text.slice(0, MAX_CONTEXT_CHARS).replace(/\s+\S*$/u, '')} …${refs ? ` ${refs}` : ''}`;
  }
  return ref ? `${text} ${ref}` : text;
}

export function refSuffix(sentence: Sentence): string {
  return sentence.ref ? ` ${sentence.ref}` : '';
}

export function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const value = key(item);
    if (seen.has(value)) return false;
    seen.add(value);
    return true;
  });
}

export function uniqueStrings(values: readonly string[]): string[] {
  return [...new Set(values)];
}

export const EMPTY_SECTION =
  '_Aineistosta ei löytynyt tähän kohtaan liittyviä lauseita. / No matching sentences were found in the material._';

export function bullets(sentences: readonly Sentence[]): string {
  return [...sentences]
    .sort((a, b) => a.index - b.index)
    .map(
      (sentence) =>
        `- ${sentence.text}${sentence.ref && !sentence.text.includes(sentence.ref) ? ` ${sentence.ref}` : ''}`,
    )
    .join('\n');
}
