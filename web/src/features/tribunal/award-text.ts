import type { FlaggedReference } from '@ratkaisu/core';

/**
 * The review screen's reading of a chapter's text: where its page references stand (`[K1 s.3]`,
 * `[K1 s.3–4; V2 s.1]`, as the citation check reads them) and where the unverified ones are, turned into
 * markdown links the preview renders as document links and highlights.
 */

/** A bracket holding page references, and one `CODE s.N` part of it (the server's check-citations.ts). */
const BRACKET = /\[([^[\]\n]{1,160})\]/gu;
const PART = /\b([A-ZÄÖ]{1,3}\d{1,3})\s*,?\s*s\.\s?(\d{1,5})(?:\s?[-–]\s?(\d{1,5}))?/gu;

export interface PageReference {
  code: string;
  page: number;
}

const REF_PREFIX = '#ref:';
const FLAG_PREFIX = '#flag:';

/** The link target of a page reference in the preview's markdown. */
export function referenceHref(reference: PageReference): string {
  return `${REF_PREFIX}${encodeURIComponent(reference.code)}:${reference.page}`;
}

/** Reads a preview link: a page reference, a flagged passage (its index in the chapter's list), or neither. */
export function readPreviewHref(
  href: string | undefined,
): { kind: 'reference'; reference: PageReference } | { kind: 'flag'; index: number } | null {
  if (!href) return null;
  if (href.startsWith(REF_PREFIX)) {
    const [code, page] = href.slice(REF_PREFIX.length).split(':');
    const pageNumber = Number(page);
    if (!code || !Number.isInteger(pageNumber)) return null;
    return { kind: 'reference', reference: { code: decodeURIComponent(code), page: pageNumber } };
  }
  if (href.startsWith(FLAG_PREFIX)) {
    const index = Number(href.slice(FLAG_PREFIX.length));
    return Number.isInteger(index) ? { kind: 'flag', index } : null;
  }
  return null;
}

/** The page references of a text, in order. */
export function pageReferences(text: string): PageReference[] {
  const found: PageReference[] = [];
  for (const bracket of text.matchAll(BRACKET)) {
    for (const part of bracket[1]!.matchAll(PART)) found.push({ code: part[1]!, page: Number(part[2]) });
  }
  return found;
}

/** Markdown's link text may not hold unescaped brackets or backslashes. */
function escapeLinkText(text: string): string {
  return text.replace(/[\\[\]]/gu, (char) => `\\${char}`);
}

/** Every page reference in a stretch of text as links (the brackets stay as text). */
function linkReferences(text: string): string {
  return text.replace(BRACKET, (whole: string, inner: string) => {
    let linked = '';
    let last = 0;
    let any = false;
    for (const part of inner.matchAll(PART)) {
      any = true;
      const start = part.index;
      linked += inner.slice(last, start);
      linked += `[${escapeLinkText(part[0])}](${referenceHref({ code: part[1]!, page: Number(part[2]) })})`;
      last = start + part[0].length;
    }
    if (!any) return whole;
    return `\\[${linked}${inner.slice(last)}\\]`;
  });
}

/** Where a flagged reference stands in the current text: at its recorded place if it is still there, else where it is found. */
export function locateFlag(text: string, flag: FlaggedReference): { start: number; end: number } | null {
  const atPlace = text.slice(flag.index, flag.index + flag.length);
  if (
    flag.length > 0 &&
    atPlace.length === flag.length &&
    (atPlace === flag.reference || atPlace.includes(flag.reference) || flag.reference.includes(atPlace))
  ) {
    return { start: flag.index, end: flag.index + flag.length };
  }
  const found = flag.reference ? text.indexOf(flag.reference) : -1;
  return found >= 0 ? { start: found, end: found + flag.reference.length } : null;
}

/**
 * The chapter's markdown for the preview: each unverified reference wrapped in a `#flag:` link (the preview
 * renders it highlighted, with the reason), every other page reference a `#ref:` link to its document page.
 * `flags` are this chapter's flagged references; the link carries the index into that list.
 */
export function previewMarkdown(text: string, flags: readonly FlaggedReference[]): string {
  const spans = flags
    .map((flag, index) => ({ index, at: locateFlag(text, flag) }))
    .filter((span): span is { index: number; at: { start: number; end: number } } => span.at !== null)
    .sort((a, b) => a.at.start - b.at.start);
  let markdown = '';
  let last = 0;
  for (const span of spans) {
    if (span.at.start < last) continue; // overlapping flags: the first one wins
    markdown += linkReferences(text.slice(last, span.at.start));
    markdown += `[${escapeLinkText(text.slice(span.at.start, span.at.end))}](${FLAG_PREFIX}${span.index})`;
    last = span.at.end;
  }
  return markdown + linkReferences(text.slice(last));
}

/** Euros as typed by a Finnish user (`1 250,50`, `1250.5`) in cents; null when it is not an amount. */
export function eurosToCents(value: string): number | null {
  const compact = value.replace(/[\s\u00a0€]/gu, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/u.test(compact)) return null;
  return Math.round(Number(compact) * 100);
}

/** Cents as euros for the input (`1250,50`). */
export function centsToEuros(cents: number): string {
  const euros = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(euros) : `${euros},${String(rest).padStart(2, '0')}`;
}
