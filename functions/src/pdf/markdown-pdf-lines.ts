import type { Color } from 'pdf-lib';
import type { DocumentFonts, FaceName } from './markdown-pdf-fonts.js';

export interface TextStyle {
  face: FaceName;
  size: number;
  color: Color;
  /** Inline code: drawn on a shaded background. */
  code?: boolean;
  strike?: boolean;
}

/** A stretch of text in one style, or a hard line break (`<br>`, two trailing spaces). */
export type InlineRun = { text: string; style: TextStyle } | { lineBreak: true };

/** Text drawn with one drawText call. */
export interface Piece {
  text: string;
  style: TextStyle;
  width: number;
}

export interface Line {
  pieces: Piece[];
  width: number;
  /** The largest font size on the line, which sets its height; for an empty line, the size of its surroundings. */
  size: number;
}

/** Spaces a line may break at; no-break spaces (U+00A0, U+2007, U+202F) keep "10 000 €" and "§ 12" together. */
const BREAKING_SPACES = /[ \t\n\r\u1680\u2000-\u2006\u2008-\u200A\u205F\u3000]+/;
const BREAKING_SPACES_GLOBAL = new RegExp(BREAKING_SPACES.source, 'g');

/** Stands for a space that must not break a line, while words are split at the others. */
const GLUE = '\uE000';

/**
 * Finnish typography keeps digit groups ("12 500"), an amount and its unit
 * ("500 €", "5 %") and a section sign and its number ("§ 12") on one line;
 * a drafted text usually has plain spaces there, so they are held together
 * here while still printing (and copying) as ordinary spaces.
 */
function glued(text: string): string {
  return text
    .replace(/(\d) (?=\d{3}(?!\d))/g, `$1${GLUE}`)
    .replace(/(\d) (?=[€%])/g, `$1${GLUE}`)
    .replace(/(§§?) (?=\d)/g, `$1${GLUE}`);
}

/** The faces `runs` use, so the caller can load them before laying out (embedding is asynchronous, layout is not). */
export function facesOf(runs: readonly InlineRun[]): FaceName[] {
  return [...new Set(runs.flatMap((run) => ('text' in run ? [run.style.face] : [])))];
}

/** Alternating words and single spaces of one run, each word with its style. */
function* chunks(fonts: DocumentFonts, runs: readonly InlineRun[]) {
  for (const run of runs) {
    if ('lineBreak' in run) {
      yield { kind: 'break' as const };
      continue;
    }
    const text = glued(fonts.printable(run.style.face, run.text.replace(BREAKING_SPACES_GLOBAL, ' ')));
    for (const part of text.split(/( +)/)) {
      if (part === '') continue;
      yield part.startsWith(' ')
        ? { kind: 'space' as const, piece: piece(fonts, ' ', run.style) }
        : { kind: 'word' as const, piece: piece(fonts, part.replaceAll(GLUE, ' '), run.style) };
    }
  }
}

function piece(fonts: DocumentFonts, text: string, style: TextStyle): Piece {
  return { text, style, width: fonts.width(style.face, text, style.size) };
}

function widthOf(pieces: readonly Piece[]): number {
  return pieces.reduce((sum, part) => sum + part.width, 0);
}

/** Neighbouring pieces of the same style joined, so a line is drawn (and extracted) in as few strings as possible. */
function merged(pieces: readonly Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const part of pieces) {
    const last = out.at(-1);
    if (last && last.style === part.style)
      out[out.length - 1] = { ...last, text: last.text + part.text, width: last.width + part.width };
    else out.push(part);
  }
  return out;
}

function lineOf(pieces: readonly Piece[], emptySize: number): Line {
  const joined = merged(pieces);
  const size = joined.length > 0 ? Math.max(...joined.map((part) => part.style.size)) : emptySize;
  return { pieces: joined, width: widthOf(joined), size };
}

/**
 * Lays inline text out in lines of at most `maxWidth` points, breaking at
 * spaces (several in a row count as one, none at a line's start or end). A
 * word longer than a whole line gets a line of its own and is cut between
 * characters wherever the line is full, so nothing runs past the margin.
 * `emptySize` is the height of a line that holds only a hard break.
 */
export function wrapRuns(
  fonts: DocumentFonts,
  runs: readonly InlineRun[],
  maxWidth: number,
  emptySize: number,
): Line[] {
  const lines: Line[] = [];
  let line: Piece[] = [];
  let lineWidth = 0;
  let space: Piece | undefined;
  let word: Piece[] = [];

  const endLine = () => {
    lines.push(lineOf(line, emptySize));
    line = [];
    lineWidth = 0;
    space = undefined;
  };
  const place = (part: Piece) => {
    line.push(part);
    lineWidth += part.width;
  };
  const placeWord = () => {
    if (word.length === 0) return;
    const pieces = word;
    word = [];
    const width = widthOf(pieces);
    if (line.length > 0) {
      const gap = space?.width ?? 0;
      if (lineWidth + gap + width > maxWidth) endLine();
      else if (space) place(space);
    }
    space = undefined;
    if (lineWidth + width <= maxWidth) {
      pieces.forEach(place);
      return;
    }
    for (const part of pieces) {
      for (const char of part.text) {
        const glyph = piece(fonts, char, part.style);
        if (line.length > 0 && lineWidth + glyph.width > maxWidth) endLine();
        place(glyph);
      }
    }
  };

  for (const chunk of chunks(fonts, runs)) {
    if (chunk.kind === 'word') {
      word.push(chunk.piece);
    } else if (chunk.kind === 'space') {
      placeWord();
      if (line.length > 0) space = chunk.piece;
    } else {
      placeWord();
      endLine();
    }
  }
  placeWord();
  if (line.length > 0) endLine();
  return lines;
}

/** The widest a run sequence is on one line, and its widest unbreakable word: what a table column wants and needs. */
export function measureRuns(
  fonts: DocumentFonts,
  runs: readonly InlineRun[],
): { natural: number; longestWord: number } {
  let natural = 0;
  let longestWord = 0;
  let lineWidth = 0;
  let wordWidth = 0;
  const endWord = () => {
    longestWord = Math.max(longestWord, wordWidth);
    wordWidth = 0;
  };
  for (const chunk of chunks(fonts, runs)) {
    if (chunk.kind === 'word') {
      wordWidth += chunk.piece.width;
      lineWidth += chunk.piece.width;
    } else {
      endWord();
      if (chunk.kind === 'space') {
        lineWidth += chunk.piece.width;
      } else {
        natural = Math.max(natural, lineWidth);
        lineWidth = 0;
      }
    }
  }
  endWord();
  return { natural: Math.max(natural, lineWidth), longestWord };
}

/**
 * Preformatted text (a code block line): spaces kept as they are, cut
 * between characters wherever the line is full.
 */
export function wrapPreformatted(fonts: DocumentFonts, text: string, style: TextStyle, maxWidth: number): Line[] {
  const lines: Line[] = [];
  let current = '';
  let width = 0;
  for (const char of fonts.printable(style.face, text)) {
    const charWidth = fonts.width(style.face, char, style.size);
    if (current !== '' && width + charWidth > maxWidth) {
      lines.push(lineOf([{ text: current, style, width }], style.size));
      current = '';
      width = 0;
    }
    current += char;
    width += charWidth;
  }
  lines.push(lineOf(current === '' ? [] : [{ text: current, style, width }], style.size));
  return lines;
}
