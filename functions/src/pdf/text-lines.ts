/**
 * Turns pdf.js text items (runs of text with a position) back into lines.
 * pdf.js gives runs in content-stream order, which is reading order for the
 * documents parties file (office software, scanners with OCR layers); it does
 * not say where lines end except through `hasEOL` and the runs' positions.
 */

/** The part of a pdf.js `TextItem` this needs; marked-content items (no `str`) are skipped. */
export interface TextRun {
  str: string;
  /** [a, b, c, d, e, f]: e and f are the run's origin, the vector (c, d) its height. */
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
}

/** A run this far below the previous one (in font sizes) starts a new line… */
const NEW_LINE_RISE = 0.5;
/** …and this far a new paragraph, shown as an empty line. */
const PARAGRAPH_GAP = 1.9;
/** A horizontal gap wider than this (in font sizes) between runs on one line is a space. */
const WORD_GAP = 0.18;

export function joinTextRuns(items: readonly unknown[]): string {
  const lines: string[] = [];
  let line = '';
  let previous: { endX: number; y: number; size: number } | undefined;
  let breakAfterPrevious = false;

  for (const item of items) {
    if (!isTextRun(item)) continue;
    const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = item.transform;
    const size = Math.hypot(c, d) || Math.hypot(a, b) || item.height || 10;
    if (item.str === '') {
      // pdf.js marks some line ends with an empty run of their own.
      if (item.hasEOL) breakAfterPrevious = true;
      continue;
    }
    if (previous) {
      const rise = Math.abs(y - previous.y);
      const lineSize = Math.max(size, previous.size);
      if (breakAfterPrevious || rise > lineSize * NEW_LINE_RISE) {
        lines.push(line);
        if (rise > lineSize * PARAGRAPH_GAP) lines.push('');
        line = '';
      } else if (x - previous.endX > size * WORD_GAP && !/\s$/.test(line) && !/^\s/.test(item.str)) {
        line += ' ';
      }
    }
    line += item.str;
    previous = { endX: x + item.width, y, size };
    breakAfterPrevious = item.hasEOL;
  }
  lines.push(line);

  return (
    lines
      .map((text) => text.replace(/[ \t\u00a0]+/g, (spaces) => (spaces.includes('\u00a0') ? '\u00a0' : ' ')).trim())
      .join('\n')
      // One empty line at most between paragraphs, none at the ends.
      .replace(/\n{3,}/g, '\n\n')
      .trim()
      // Some PDFs store ä as a + combining diaeresis; the case file keeps the composed letter.
      .normalize('NFC')
  );
}

function isTextRun(item: unknown): item is TextRun {
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof (item as TextRun).str === 'string' &&
    Array.isArray((item as TextRun).transform)
  );
}
