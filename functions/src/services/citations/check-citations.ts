import { checkLegalReferences } from './check-statutes.js';
import { factLabel, factOnPages, factsIn } from './number-facts.js';

/**
 * Checks what a generated text cites against the case file it was written
 * from, as a careful reader would:
 *
 * - every page reference — bracketed (`[K1 s.3]`, `[K1 s.3–5; V2 s.1]`,
 *   `[K1 s. 3, 5]`) or in the running text (`ks. K2, sivu 4`, `K2 s. 4`,
 *   `asiakirja K2 sivulla 4`) — names a document and pages that exist;
 * - a quoted passage followed by a reference is on the cited page(s),
 *   compared without case, whitespace or the hyphenation of line ends, since
 *   a PDF's text breaks lines where the model does not;
 * - every sum in euros, date, percentage and quantity in a sentence that
 *   cites pages stands on one of those pages (number-facts.ts: "12 500 €" is
 *   "12.500,00 euroa", "1.3.2025" is "1. maaliskuuta 2025");
 * - references to Finnish acts are checked against the table of acts
 *   (../citations/finnish-acts.ts) and precedents for their form
 *   (../citations/check-statutes.ts); a precedent is always listed, as not
 *   verified against the case file.
 *
 * Each flag says where it stands (`index`, `length` in its chapter's text)
 * for a footnote mark, and what kind it is, so the award can list them by kind.
 */

/** The pages of one document of the case file: `pages[n - 1]` is page n. */
export interface CitableDocument {
  code: string;
  pages: readonly string[];
  /** The pages whose text OCR read from a scan, with its mean confidence (a misquote may be a misreading). */
  ocrPages?: readonly { page: number; confidence: number }[];
}

/**
 * What a flag is about: a document that is not in the case file, a page it
 * does not have, a quote not on the cited page, a number not on it, a
 * statute that does not check out, a precedent (never verifiable here).
 */
export type CitationKind = 'document' | 'page' | 'quote' | 'number' | 'statute' | 'precedent';

export interface UnverifiedCitation {
  kind: CitationKind;
  /** The reference as written, e.g. `[K1 s.3]`, `K2 sivulla 4`, `OikTL 52 §`, `KKO 2019:56`. */
  reference: string;
  /** The chapter (1-based) it appears in. */
  chapter: number;
  /**
   * Where the flagged text starts: a character offset into the chapter's text exactly as it was passed
   * to checkCitations (`chapters[chapter - 1]`), for a footnote mark at `index + length`
   * (the award frame places them: awards/award-frame-flags.ts, markFlags).
   */
  index: number;
  /** How long the flagged text is: the reference, the quote, the number or the statute as written. */
  length: number;
  /** Finnish, for the decision's appendix. */
  reason: string;
  /** The quoted passage that was not found, when that is the reason. */
  quote?: string;
}

export interface CitationReport {
  /** Everything checked: page references (each document-page part once), quotes, numbers, statutes and precedents. */
  checked: number;
  checkedByKind: { references: number; quotes: number; numbers: number; statutes: number; precedents: number };
  flaggedByKind: Record<CitationKind, number>;
  /** In chapter order, then by where they stand. */
  unverified: UnverifiedCitation[];
}

/** A bracket holding at least one page part: `[K1 s.3]`, `[K1 s.3–4; V2 s.1]`. */
const BRACKET = /\[([^[\]\n]{1,160})\]/gu;
const PAGES = String.raw`\d{1,5}(?:\s?[-–]\s?\d{1,5})?(?:\s*(?:,|ja)\s*\d{1,5}(?:\s?[-–]\s?\d{1,5})?(?![\d.,]*\s*(?:€|euro|%|§)))*`;
/** `K1 s.3`, `K1, s. 3–5`, `K2 sivu 4`, `K2:n sivulla 4`, `K2 sivuilla 3–5`. */
const PART = new RegExp(
  String.raw`(?<![\p{L}\d])([A-ZÄÖ]{1,3}\d{1,3})(?::n|:ssä|:ssa)?\s*,?\s*(?:s\.|sivu(?:lla|lta|lle|n|t|ja|illa|ilta|ille)?(?![\p{L}]))\s?(${PAGES})`,
  'gu',
);
/** A quoted passage in any of the quotation marks Finnish and English text uses. */
const QUOTE = /[“”„"»]([^“”„"»«\n]{12,600})[“”"«]/gu;
/** How far after a quote its reference may stand and still be taken for the quote's source. */
const QUOTE_REACH = 120;
/** Abbreviations whose full stop does not end a sentence. */
const ABBREVIATIONS = new Set(
  'ks esim vrt mm s ns ym yms jne nk n ts ml kpl milj nro no huom os ko em ao ed v k p tms t ks:n eKr jKr'.split(' '),
);

interface Part {
  code: string;
  first: number;
  last: number;
}

interface Reference {
  text: string;
  index: number;
  end: number;
  parts: Part[];
}

interface Span {
  index: number;
  end: number;
}

export function checkCitations(chapters: readonly string[], documents: readonly CitableDocument[]): CitationReport {
  const byCode = new Map(documents.map((document) => [document.code, document]));
  const normalisedPages = new Map<string, string>();
  const pageText = (code: string, page: number): string => {
    const key = `${code}:${page}`;
    let text = normalisedPages.get(key);
    if (text === undefined) {
      text = normalise(byCode.get(code)?.pages[page - 1] ?? '');
      normalisedPages.set(key, text);
    }
    return text;
  };
  const checkedByKind = { references: 0, quotes: 0, numbers: 0, statutes: 0, precedents: 0 };
  const unverified: UnverifiedCitation[] = [];
  chapters.forEach((text, chapterIndex) => {
    const chapter = chapterIndex + 1;
    const flag = (item: Omit<UnverifiedCitation, 'chapter'>) => unverified.push({ ...item, chapter });
    const references = referencesIn(text);
    const skip: Span[] = references.map(({ index, end }) => ({ index, end }));

    for (const match of text.matchAll(QUOTE)) {
      const quote = match[1]!.trim();
      const quoteStart = match.index;
      const quoteEnd = quoteStart + match[0].length;
      // The first reference after the closing mark, if near enough to be the quote's source.
      const reference = references.find(
        (candidate) => candidate.index >= quoteEnd - 1 && candidate.index - quoteEnd <= QUOTE_REACH,
      );
      if (!reference) continue;
      skip.push({ index: quoteStart, end: quoteEnd });
      const existing = reference.parts.filter((part) => pagesExist(byCode, part));
      // A reference to a page that does not exist is reported below, once.
      if (existing.length === 0) continue;
      checkedByKind.quotes += 1;
      const wanted = normalise(quote);
      const segments = wanted.split(/\s*(?:\.\.\.|…)\s*/u).filter((segment) => segment.length >= 8);
      const found = existing.some((part) => {
        const pages: string[] = [];
        for (let page = part.first; page <= part.last; page++) pages.push(pageText(part.code, page));
        const haystack = pages.join(' ');
        return (segments.length > 0 ? segments : [wanted]).every((segment) => haystack.includes(segment));
      });
      if (!found) {
        flag({
          kind: 'quote',
          reference: reference.text,
          index: quoteStart,
          length: match[0].length,
          reason: `Lainattua kohtaa ei löydy viitatulta sivulta.${ocrNote(byCode, existing)}`,
          quote: quote.length > 200 ? `${quote.slice(0, 199)}…` : quote,
        });
      }
    }

    for (const reference of references) {
      for (const part of reference.parts) {
        checkedByKind.references += 1;
        const document = byCode.get(part.code);
        const at = { reference: reference.text, index: reference.index, length: reference.end - reference.index };
        if (!document) {
          flag({ kind: 'document', ...at, reason: `Asiakirjaa ${part.code} ei ole aineistossa.` });
        } else if (part.first < 1 || part.last > document.pages.length || part.last < part.first) {
          flag({
            kind: 'page',
            ...at,
            reason: `Asiakirjassa ${part.code} on ${document.pages.length} sivua; viitattua sivua ei ole.`,
          });
        }
      }
    }

    const legal = checkLegalReferences(text);
    for (const item of legal) {
      skip.push({ index: item.index, end: item.index + item.length });
      if (item.kind === 'statute') checkedByKind.statutes += 1;
      else checkedByKind.precedents += 1;
      if (item.reason !== undefined) {
        flag({
          kind: item.kind,
          reference: item.reference,
          index: item.index,
          length: item.length,
          reason: item.reason,
        });
      }
    }

    // Numbers: each sentence that cites existing pages, against those pages.
    if (references.length > 0) {
      for (const sentence of sentencesOf(text, references)) {
        const cited = references.filter(
          (reference) => reference.index >= sentence.index && reference.index < sentence.end,
        );
        if (cited.length === 0) continue;
        const facts = factsIn(text, sentence.index, sentence.end, skip);
        if (facts.length === 0) continue;
        const pages: string[] = [];
        for (const reference of cited) {
          for (const part of reference.parts) {
            if (!pagesExist(byCode, part)) continue;
            for (let page = part.first; page <= part.last; page++)
              pages.push(byCode.get(part.code)?.pages[page - 1] ?? '');
          }
        }
        if (pages.length === 0) continue;
        const written = cited.map((reference) => reference.text).join(', ');
        for (const fact of facts) {
          checkedByKind.numbers += 1;
          if (factOnPages(fact, pages)) continue;
          flag({
            kind: 'number',
            reference: written,
            index: fact.index,
            length: fact.length,
            reason: `${factLabel(fact.kind)} ${fact.text.trim()} ei löydy viitatulta sivulta.`,
          });
        }
      }
    }
  });

  unverified.sort((a, b) => a.chapter - b.chapter || a.index - b.index);
  const flaggedByKind: Record<CitationKind, number> = {
    document: 0,
    page: 0,
    quote: 0,
    number: 0,
    statute: 0,
    precedent: 0,
  };
  for (const item of unverified) flaggedByKind[item.kind] += 1;
  const checked = Object.values(checkedByKind).reduce((sum, count) => sum + count, 0);
  return { checked, checkedByKind, flaggedByKind, unverified };
}

/** Bracketed references first, then those in the running text outside any bracket; in the order they stand. */
function referencesIn(text: string): Reference[] {
  const references: Reference[] = [];
  const brackets: Span[] = [];
  for (const match of text.matchAll(BRACKET)) {
    const index = match.index;
    brackets.push({ index, end: index + match[0].length });
    const parts = partsOf(match[1]!);
    if (parts.length === 0) continue;
    references.push({ text: match[0], index, end: index + match[0].length, parts });
  }
  for (const match of text.matchAll(PART)) {
    const index = match.index;
    if (brackets.some((bracket) => index >= bracket.index && index < bracket.end)) continue;
    const written = match[0].trimEnd();
    references.push({ text: written, index, end: index + written.length, parts: partsOf(written) });
  }
  return references.sort((a, b) => a.index - b.index);
}

function partsOf(text: string): Part[] {
  const parts: Part[] = [];
  for (const part of text.matchAll(PART)) {
    for (const pages of part[2]!.split(/\s*(?:,|ja)\s*/u)) {
      const range = /^(\d{1,5})(?:\s?[-–]\s?(\d{1,5}))?$/u.exec(pages.trim());
      if (!range) continue;
      const first = Number(range[1]);
      parts.push({ code: part[1]!, first, last: range[2] ? Number(range[2]) : first });
    }
  }
  return parts;
}

/**
 * The sentences of a chapter: a line, or a part of a line ending in . ! or ?
 * before a capital, a quote or a bracket (not after an abbreviation such as
 * "ks." or "s."). A sentence of references alone ("… euroa. [K1 s.2]") belongs
 * to the one before it.
 */
function sentencesOf(text: string, references: readonly Reference[]): Span[] {
  const spans: Span[] = [];
  let start = 0;
  const close = (end: number) => {
    if (end > start) spans.push({ index: start, end });
    start = end;
  };
  const boundary = /\n|[.!?]+(?=\s+[\p{Lu}"”«»([*])/gu;
  for (const match of text.matchAll(boundary)) {
    if (match[0] !== '\n') {
      const word = /([\p{L}:]+)$/u.exec(text.slice(Math.max(0, match.index - 12), match.index))?.[1];
      if (word && ABBREVIATIONS.has(word.toLowerCase())) continue;
    }
    close(match.index + match[0].length);
  }
  close(text.length);
  const merged: Span[] = [];
  for (const span of spans) {
    let rest = text.slice(span.index, span.end);
    for (const reference of references) {
      if (reference.index >= span.index && reference.end <= span.end) {
        rest = rest.replace(reference.text, '');
      }
    }
    const previous = merged.at(-1);
    if (previous && !/[\p{L}\d]/u.test(rest) && rest.length < span.end - span.index) {
      previous.end = span.end;
    } else {
      merged.push({ ...span });
    }
  }
  return merged;
}

/** For a quote not found on pages read by OCR: that the difference may be OCR's, and how sure OCR was. */
function ocrNote(byCode: ReadonlyMap<string, CitableDocument>, parts: readonly Part[]): string {
  const read = parts.flatMap((part) =>
    (byCode.get(part.code)?.ocrPages ?? []).filter((page) => page.page >= part.first && page.page <= part.last),
  );
  if (read.length === 0) return '';
  const lowest = Math.min(...read.map((page) => page.confidence));
  return (
    ` Sivu on luettu skannatusta kuvasta tekstintunnistuksella (OCR, luotettavuus ${lowest} %); ` +
    'ero voi johtua lukuvirheestä, tarkista alkuperäisestä.'
  );
}

function pagesExist(byCode: ReadonlyMap<string, CitableDocument>, part: Part): boolean {
  const document = byCode.get(part.code);
  return !!document && part.first >= 1 && part.last <= document.pages.length && part.first <= part.last;
}

/**
 * Text as compared: lower case, soft hyphens gone, a word broken over a line
 * end by a hyphen joined again, typographic quotes and dashes unified, and
 * every run of whitespace a single space.
 */
export function normalise(text: string): string {
  let out = text.normalize('NFC');
  if (out.includes('\u00ad')) out = out.replace(/\u00ad/gu, '');
  // The look at every letter is slow on a long page: only when some line ends in a hyphen.
  if (/-\s*\n/.test(out)) out = out.replace(/(\p{L})-\s*\n\s*(\p{L})/gu, '$1$2');
  return out
    .replace(/[‘’‚′]/gu, "'")
    .replace(/[“”„″]/gu, '"')
    .replace(/[‐‑‒–—]/gu, '-')
    .replace(/\s+/gu, ' ')
    .trim()
    .toLowerCase();
}
