import type { PDFDocument, PDFPage, Color } from 'pdf-lib';
import { TextRuns } from './pdf-text-run.js';
import { FONT_ASCENT, FONT_DESCENT, type DocumentFonts } from './markdown-pdf-fonts.js';
import type { Line, Piece } from './markdown-pdf-lines.js';
import {
  BODY_SIZE,
  CELL_PADDING,
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  FOOTER,
  LINE_FACTOR,
  MARGIN,
  MUTED,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  RULE,
  SHADE,
  type Box,
} from './markdown-pdf-style.js';

/**
 * Places lines on pages top to bottom. Vertical space between blocks is
 * asked for with gap() and collapses (the larger wins); it is dropped at the
 * top of a page. Open block quotes draw their bars beside every line and
 * every gap they contain.
 */
export class PageWriter {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  /** Distance from the page's top edge to the bottom of what has been drawn. */
  y = 0;
  /** The x of each open block quote's bar. */
  readonly quoteBars: number[] = [];
  /** A list item's marker, drawn on the baseline of the item's first line. */
  marker: { piece: Piece; right: number } | undefined;
  private pendingGap = 0;
  /** How many quote bars the line above has, on this page. */
  private barsAbove = 0;
  readonly textRuns = new TextRuns();
  /** Text whose drawn positions are noted (for signature fields). */
  anchor: string | undefined;
  readonly anchored: { page: PDFPage; x: number; y: number; width: number }[] = [];

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: DocumentFonts,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = MARGIN.top;
    this.pendingGap = 0;
    this.barsAbove = 0;
  }

  get atTop(): boolean {
    return this.y === MARGIN.top;
  }

  gap(points: number): void {
    this.pendingGap = Math.max(this.pendingGap, points);
  }

  /** Room left on this page below the cursor and the pending gap. */
  room(): number {
    return CONTENT_BOTTOM - this.y - (this.atTop ? 0 : this.pendingGap);
  }

  /** Starts a new page unless `height` fits on this one. */
  ensure(height: number): void {
    if (!this.atTop && this.room() < height) this.newPage();
  }

  /** Takes `height` points below the pending gap for drawing of the caller's own; answers their top. */
  reserve(height: number): number {
    if (!this.atTop && this.pendingGap > 0) {
      this.drawBars(this.y, this.pendingGap, Math.min(this.barsAbove, this.quoteBars.length));
      this.y += this.pendingGap;
    }
    this.pendingGap = 0;
    const top = this.y;
    this.drawBars(top, height, this.quoteBars.length);
    this.y += height;
    this.barsAbove = this.quoteBars.length;
    return top;
  }

  line(
    line: Line,
    box: Box,
    options: { align?: 'left' | 'center' | 'right'; background?: Color; factor?: number } = {},
  ) {
    const height = line.size * (options.factor ?? LINE_FACTOR);
    this.ensure(height);
    const top = this.reserve(height);
    if (options.background) {
      this.page.drawRectangle({
        x: box.x - CELL_PADDING,
        y: PAGE_HEIGHT - top - height,
        width: box.width + 2 * CELL_PADDING,
        height,
        color: options.background,
      });
    }
    const baseline = top + (height - (FONT_ASCENT + FONT_DESCENT) * line.size) / 2 + FONT_ASCENT * line.size;
    if (this.marker) {
      this.drawPieces([this.marker.piece], this.marker.right - this.marker.piece.width, baseline);
      this.marker = undefined;
    }
    const free = box.width - line.width;
    const shift = options.align === 'right' ? free : options.align === 'center' ? free / 2 : 0;
    this.drawPieces(line.pieces, box.x + Math.max(0, shift), baseline);
  }

  /** A pending list marker with nothing to stand beside (an empty item, or one opening with a table): on a line of its own. */
  flushMarker(box: Box): void {
    if (this.marker) this.line({ pieces: [], width: 0, size: BODY_SIZE }, box);
  }

  drawPieces(pieces: readonly Piece[], x: number, baselineFromTop: number): void {
    const y = PAGE_HEIGHT - baselineFromTop;
    let left = x;
    for (const part of pieces) {
      const { size, face, color } = part.style;
      if (part.style.code) {
        this.page.drawRectangle({
          x: left - 1.5,
          y: y - FONT_DESCENT * size - 1,
          width: part.width + 3,
          height: (FONT_ASCENT + FONT_DESCENT) * size + 2,
          color: SHADE,
        });
      }
      this.textRuns.draw(this.page, part.text, { x: left, y, size, font: this.fonts.loaded(face), color });
      if (this.anchor !== undefined && part.text === this.anchor) {
        this.anchored.push({ page: this.page, x: left, y, width: part.width });
      }
      if (part.style.strike) {
        const middle = y + size * 0.3;
        this.page.drawLine({
          start: { x: left, y: middle },
          end: { x: left + part.width, y: middle },
          thickness: size / 16,
          color,
        });
      }
      left += part.width;
    }
  }

  private drawBars(top: number, height: number, count: number): void {
    for (const x of this.quoteBars.slice(0, count)) {
      this.page.drawRectangle({ x, y: PAGE_HEIGHT - top - height, width: 2, height, color: RULE });
    }
  }
}

export function drawFooters(
  pages: readonly PDFPage[],
  fonts: DocumentFonts,
  footerText: string,
  runs: TextRuns,
  pageWord: string,
): void {
  const font = fonts.loaded('regular');
  const total = pages.length;
  pages.forEach((page, index) => {
    const label = `${pageWord} ${index + 1} / ${total}`;
    const labelWidth = fonts.width('regular', label, FOOTER.size);
    const name = fitted(fonts, fonts.printable('regular', oneLine(footerText)), CONTENT_WIDTH - labelWidth - 24);
    page.drawLine({
      start: { x: MARGIN.left, y: FOOTER.rule },
      end: { x: PAGE_WIDTH - MARGIN.right, y: FOOTER.rule },
      thickness: 0.5,
      color: RULE,
    });
    const common = { y: FOOTER.baseline, size: FOOTER.size, font, color: MUTED };
    runs.draw(page, name, { ...common, x: MARGIN.left });
    runs.draw(page, label, { ...common, x: PAGE_WIDTH - MARGIN.right - labelWidth });
  });
}

/** `text` cut with an ellipsis to fit `width` at the footer's size. */
function fitted(fonts: DocumentFonts, text: string, width: number): string {
  if (fonts.width('regular', text, FOOTER.size) <= width) return text;
  const chars = [...text];
  while (chars.length > 0 && fonts.width('regular', `${chars.join('')}…`, FOOTER.size) > width) chars.pop();
  return chars.length > 0 ? `${chars.join('').trimEnd()}…` : '';
}

export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
