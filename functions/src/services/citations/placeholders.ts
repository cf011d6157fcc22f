/**
 * Placeholders a drafted text leaves for its author to fill in: `[täydennettävä]`,
 * `[TÄYDENNÄ]`, `[lisää todisteen nimi]`, `[tarkista päivämäärä]`, `[…]`,
 * a date or sum written with X's (`XX.XX.20XX`, `X.X.2025`, `XXX €`) and a blank
 * line to write on (`_____`). A page reference (`[K1 s.3]`) is not one.
 */

/** A bracket whose text starts with a word that asks for something to be written, or is only `...`, `___`, `?` or `XX` (not a checkbox `[ ]`, `[x]`). */
const BRACKETED =
  /\[\s*(?:(?:täydenn|täydentä|lisää|lisätään|tarkenn|tarkist|puuttu|kirjoita|syötä|valitse|todo|fixme|placeholder|insert|add|fill)[^\]\n]{0,120}|\s*(?:\.{3}|…|_{2,}|\?{1,3}|X{2,})\s*|[^\]\n]{0,60}täydennettävä[^\]\n]{0,60})\]/giu;
/** Dates and numbers with X's for digits: XX.XX.20XX, X.X.2025, 20XX-XX-XX, XXX €, XX,XX euroa. */
const X_NUMBER =
  /(?<![\p{L}\d])(?=[\dX.,\s-]*X)(?:[\dX]{1,4}[.-][\dX]{1,2}[.-][\dX]{2,4}|X{2,}(?:[\s.,]X{2,})*(?:\s?(?:€|euroa|EUR))?)(?![\p{L}\d])/gu;
/** Curly template fields and blanks to write on. */
const TEMPLATE = /\{\{[^}\n]{1,80}\}\}|<(?:täydennä|lisää|nimi|päivämäärä)[^>\n]{0,60}>|_{4,}/giu;

export interface Placeholder {
  text: string;
  index: number;
}

/** The placeholders in the text, in order, each place once. */
export function findPlaceholders(text: string): Placeholder[] {
  const found: Placeholder[] = [];
  for (const pattern of [BRACKETED, X_NUMBER, TEMPLATE]) {
    for (const match of text.matchAll(pattern)) {
      const index = match.index;
      if (found.some((other) => index < other.index + other.text.length && index + match[0].length > other.index)) {
        continue;
      }
      found.push({ text: match[0].trim(), index });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}
