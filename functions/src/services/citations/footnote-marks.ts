import type { UnverifiedCitation } from './check-citations.js';

/**
 * A chapter's text with a mark after each flagged passage, where the reader
 * meets it: `mark(n)` (say `[^3]` or `⁽³⁾`) right after the reference, quote,
 * number or statute that `flags[n - 1]` flags, numbered in the order the flags
 * are given. Flags of other chapters are ignored; flags ending at the same
 * place get their marks in order. The offsets are those checkCitations gave,
 * into the text it was given, so the text must not have been changed since.
 */
export function withFootnoteMarks(
  text: string,
  chapter: number,
  flags: readonly UnverifiedCitation[],
  mark: (number: number, flag: UnverifiedCitation) => string,
): string {
  const placed = flags
    .map((flag, position) => ({ flag, number: position + 1, at: flag.index + flag.length }))
    .filter(({ flag, at }) => flag.chapter === chapter && at >= 0 && at <= text.length)
    .sort((a, b) => a.at - b.at || a.number - b.number);
  let out = '';
  let from = 0;
  for (const { flag, number, at } of placed) {
    out += text.slice(from, at) + mark(number, flag);
    from = at;
  }
  return out + text.slice(from);
}
