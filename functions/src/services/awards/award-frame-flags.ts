import type { FlaggedReference } from '@ratkaisu/core';

const SUPERSCRIPT = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];

/** The footnote mark of the n-th flagged reference: ⁽¹²⁾. */
export function flagMark(n: number): string {
  return `⁽${String(n)
    .split('')
    .map((digit) => SUPERSCRIPT[Number(digit)])
    .join('')}⁾`;
}

/**
 * Puts a footnote mark after each flagged passage where it stands, by offsets into the very text printed:
 * at `index + length` when the text there still reads what was flagged (`marked`: the reference, the quote
 * or the number); when the text moved (the tribunal edited above it), after the occurrence of that passage
 * nearest to where it stood — so of two identical references the flagged one keeps the mark; a flag whose
 * passage is no longer in the text (edited away) is dropped.
 */
export function markFlags(
  chapters: readonly { text: string }[],
  flagged: readonly FlaggedReference[],
): { texts: string[]; rows: { n: number; flag: FlaggedReference }[]; count: number } {
  const rows: { n: number; flag: FlaggedReference }[] = [];
  const inserts = new Map<number, { at: number; n: number }[]>();
  for (const flag of flagged) {
    const text = chapters[flag.chapter - 1]?.text;
    if (text === undefined) continue;
    const passage = flag.marked ?? flag.reference;
    let at = -1;
    if (passage && text.slice(flag.index, flag.index + passage.length) === passage) {
      at = flag.index + passage.length;
    } else if (passage) {
      let best = -1;
      for (let found = text.indexOf(passage); found >= 0; found = text.indexOf(passage, found + 1)) {
        if (best < 0 || Math.abs(found - flag.index) < Math.abs(best - flag.index)) best = found;
      }
      if (best >= 0) at = best + passage.length;
    }
    if (at < 0) continue;
    const n = rows.length + 1;
    rows.push({ n, flag });
    const list = inserts.get(flag.chapter - 1) ?? [];
    list.push({ at, n });
    inserts.set(flag.chapter - 1, list);
  }
  const texts = chapters.map((chapter, index) => {
    const list = (inserts.get(index) ?? []).sort((a, b) => b.at - a.at || b.n - a.n);
    let text = chapter.text;
    for (const { at, n } of list) text = `${text.slice(0, at)}${flagMark(n)}${text.slice(at)}`;
    return text;
  });
  return { texts, rows, count: rows.length };
}
