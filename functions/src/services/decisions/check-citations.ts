/**
 * Checks every page reference a generated text makes against the case file
 * it was written from. A reference is unverified when its document code or
 * page does not exist, or when it follows a quoted passage that cannot be
 * found on the cited page(s) — compared without case, whitespace or the
 * hyphenation of line ends, since a PDF's text breaks lines where the model
 * does not.
 */

/** The pages of one document of the case file: `pages[n - 1]` is page n. */
export interface CitableDocument {
  code: string;
  pages: readonly string[];
  /** The pages whose text OCR read from a scan, with its mean confidence (a misquote may be a misreading). */
  ocrPages?: readonly { page: number; confidence: number }[];
}

export interface UnverifiedCitation {
  /** The reference as written, e.g. `[K1 s.3]`. */
  reference: string;
  /** The chapter (1-based) it appears in. */
  chapter: number;
  /** Finnish, for the decision's appendix. */
  reason: string;
  /** The quoted passage that was not found, when that is the reason. */
  quote?: string;
}

export interface CitationReport {
  /** References checked (each document-page part of a bracket counts once). */
  checked: number;
  unverified: UnverifiedCitation[];
}

/** A bracket holding at least one `CODE s.N` (or `s.N–M`) part: `[K1 s.3]`, `[K1 s.3–4; V2 s.1]`. */
const BRACKET = /\[([^[\]\n]{1,160})\]/gu;
const PART = /\b([A-ZÄÖ]{1,3}\d{1,3})\s*,?\s*s\.\s?(\d{1,5})(?:\s?[-–]\s?(\d{1,5}))?/gu;
/** A quoted passage in any of the quotation marks Finnish and English text uses. */
const QUOTE = /[“”„"»]([^“”„"»«\n]{12,600})[“”"«]/gu;
/** How far after a quote its reference may stand and still be taken for the quote's source. */
const QUOTE_REACH = 120;

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

  let checked = 0;
  const unverified: UnverifiedCitation[] = [];
  chapters.forEach((text, chapterIndex) => {
    const chapter = chapterIndex + 1;
    const references = referencesIn(text);

    for (const match of text.matchAll(QUOTE)) {
      const quote = match[1]!.trim();
      const quoteEnd = (match.index ?? 0) + match[0].length;
      // The first reference after the closing mark, if near enough to be the quote's source.
      const reference = references.find(
        (candidate) => candidate.index >= quoteEnd - 1 && candidate.index - quoteEnd <= QUOTE_REACH,
      );
      if (!reference) continue;
      const existing = reference.parts.filter((part) => pagesExist(byCode, part));
      // A reference to a page that does not exist is reported below, once.
      if (existing.length === 0) continue;
      const wanted = normalise(quote);
      const segments = wanted.split(/\s*(?:\.\.\.|…)\s*/u).filter((segment) => segment.length >= 8);
      const found = existing.some((part) => {
        const pages: string[] = [];
        for (let page = part.first; page <= part.last; page++) pages.push(pageText(part.code, page));
        const haystack = pages.join(' ');
        return (segments.length > 0 ? segments : [wanted]).every((segment) => haystack.includes(segment));
      });
      if (!found) {
        unverified.push({
          reference: reference.text,
          chapter,
          reason: `Lainattua kohtaa ei löydy viitatulta sivulta.${ocrNote(byCode, existing)}`,
          quote: quote.length > 200 ? `${quote.slice(0, 199)}…` : quote,
        });
      }
    }

    for (const reference of references) {
      for (const part of reference.parts) {
        checked += 1;
        const document = byCode.get(part.code);
        if (!document) {
          unverified.push({
            reference: reference.text,
            chapter,
            reason: `Asiakirjaa ${part.code} ei ole aineistossa.`,
          });
        } else if (part.first < 1 || part.last > document.pages.length || part.last < part.first) {
          unverified.push({
            reference: reference.text,
            chapter,
            reason: `Asiakirjassa ${part.code} on ${document.pages.length} sivua; viitattua sivua ei ole.`,
          });
        }
      }
    }
  });
  return { checked, unverified };
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

function referencesIn(text: string): Reference[] {
  const references: Reference[] = [];
  for (const match of text.matchAll(BRACKET)) {
    const parts: Part[] = [];
    for (const part of match[1]!.matchAll(PART)) {
      const first = Number(part[2]);
      parts.push({ code: part[1]!, first, last: part[3] ? Number(part[3]) : first });
    }
    if (parts.length === 0) continue;
    const index = match.index ?? 0;
    references.push({ text: match[0], index, end: index + match[0].length, parts });
  }
  return references;
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
  return text
    .normalize('NFC')
    .replace(/\u00ad/gu, '')
    .replace(/(\p{L})-\s*\n\s*(\p{L})/gu, '$1$2')
    .replace(/[‘’‚′]/gu, "'")
    .replace(/[“”„″]/gu, '"')
    .replace(/[‐‑‒–—]/gu, '-')
    .replace(/\s+/gu, ' ')
    .trim()
    .toLowerCase();
}
