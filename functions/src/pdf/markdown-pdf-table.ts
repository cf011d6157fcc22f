import { FONT_ASCENT, FONT_DESCENT } from './markdown-pdf-fonts.js';
import type { Line } from './markdown-pdf-lines.js';
import type { PageWriter } from './markdown-pdf-page.js';
import {
  CELL_PADDING,
  CONTENT_BOTTOM,
  HEADER_SHADE,
  MARGIN,
  PAGE_HEIGHT,
  RULE,
  TABLE_SIZE,
} from './markdown-pdf-style.js';

/**
 * Column widths from each cell's one-line width and longest word. When the
 * table fits, every column is as wide as it wants. Otherwise a column that
 * wants no more than an even share of the width left gets all it wants (a
 * short "Summa" column is not wrapped to make a long one a little wider);
 * the others get at least their longest word (scaled down when even those
 * do not fit) and share the rest in proportion to what they lack.
 */
export function columnWidths(cells: { natural: number; longestWord: number }[][], available: number): number[] {
  const columns = cells[0]!.length;
  const padded = (value: number) => value + 2 * CELL_PADDING + 0.5;
  const want = Array.from({ length: columns }, (_u, c) => Math.max(...cells.map((row) => padded(row[c]!.natural))));
  const need = Array.from({ length: columns }, (_u, c) => Math.max(...cells.map((row) => padded(row[c]!.longestWord))));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  if (sum(want) <= available) return want;

  const widths: (number | undefined)[] = Array.from({ length: columns }, () => undefined);
  let left = available;
  for (let settled = true; settled;) {
    settled = false;
    const open = widths.flatMap((width, column) => (width === undefined ? [column] : []));
    for (const column of open) {
      if (open.length > 1 && want[column]! <= left / open.length) {
        widths[column] = want[column]!;
        left -= want[column]!;
        settled = true;
      }
    }
  }
  const open = widths.flatMap((width, column) => (width === undefined ? [column] : []));
  const needed = sum(open.map((column) => need[column]!));
  const floor = (column: number) => (needed <= left ? need[column]! : (need[column]! * left) / needed);
  const spare = left - sum(open.map(floor));
  const lacking = (column: number) => Math.max(0, want[column]! - floor(column));
  const totalLacking = sum(open.map(lacking));
  for (const column of open) {
    widths[column] = floor(column) + (totalLacking > 0 ? (spare * lacking(column)) / totalLacking : 0);
  }
  return widths.map((width) => width!);
}

const cellLineHeight = (line: Line) => line.size * 1.3;

/** Height of a cell's lines with its padding; an empty cell is one line high. */
function cellHeight(lines: readonly Line[]): number {
  const text = lines.reduce((sum, line) => sum + cellLineHeight(line), 0);
  return Math.max(TABLE_SIZE * 1.3, text) + 2 * CELL_PADDING;
}

function rowHeight(cells: readonly Line[][]): number {
  return Math.max(...cells.map(cellHeight));
}

/**
 * Draws table rows as a grid. A row that does not fit goes to the next page
 * under a repeated header; only a row taller than a whole page is split,
 * between lines.
 */
export class TableWriter {
  constructor(
    private readonly writer: PageWriter,
    private readonly x: number,
    private readonly widths: number[],
    private readonly aligns: readonly ('left' | 'center' | 'right' | null)[],
    private readonly header: Line[][],
  ) {}

  /** The header with room for the first row below it, so a header never ends a page alone. */
  start(firstRow: Line[][] | undefined): void {
    const height = rowHeight(this.header) + (firstRow ? Math.min(rowHeight(firstRow), 4 * TABLE_SIZE * 1.3) : 0);
    this.writer.ensure(height);
    this.row(this.header, true);
  }

  row(cells: Line[][], isHeader: boolean): void {
    const pageRoom = CONTENT_BOTTOM - MARGIN.top;
    const headerHeight = isHeader ? 0 : rowHeight(this.header);
    let fresh = this.writer.atTop;
    if (!fresh && this.writer.room() < rowHeight(cells) && rowHeight(cells) + headerHeight <= pageRoom) {
      this.nextPage(isHeader);
      fresh = true;
    }
    const next = cells.map(() => 0);
    for (;;) {
      const room = this.writer.room() - 2 * CELL_PADDING;
      let taken = cells.map((lines, column) => {
        let end = next[column]!;
        let height = 0;
        while (end < lines.length && height + cellLineHeight(lines[end]!) <= room)
          height += cellLineHeight(lines[end++]!);
        return { end, height };
      });
      const progress = taken.some((take, column) => take.end > next[column]!);
      const remaining = cells.some((lines, column) => next[column]! < lines.length);
      if (remaining && !progress) {
        if (!fresh) {
          this.nextPage(isHeader);
          fresh = true;
          continue;
        }
        // Only a single line taller than a page gets here: it is drawn anyway rather than looping.
        taken = cells.map((lines, column) => {
          const end = Math.min(lines.length, next[column]! + 1);
          return { end, height: lines.slice(next[column], end).reduce((sum, line) => sum + cellLineHeight(line), 0) };
        });
      }
      const height = Math.max(TABLE_SIZE * 1.3, ...taken.map((take) => take.height)) + 2 * CELL_PADDING;
      const top = this.writer.reserve(height);
      this.drawFragment(
        cells.map((lines, column) => lines.slice(next[column], taken[column]!.end)),
        top,
        height,
        isHeader,
      );
      taken.forEach((take, column) => (next[column] = take.end));
      if (cells.every((lines, column) => next[column]! >= lines.length)) return;
      this.nextPage(isHeader);
      fresh = true;
    }
  }

  private nextPage(isHeader: boolean): void {
    this.writer.newPage();
    if (!isHeader) this.row(this.header, true);
  }

  private drawFragment(cells: Line[][], top: number, height: number, isHeader: boolean): void {
    const page = this.writer.page;
    let left = this.x;
    cells.forEach((lines, column) => {
      const width = this.widths[column]!;
      page.drawRectangle({
        x: left,
        y: PAGE_HEIGHT - top - height,
        width,
        height,
        borderColor: RULE,
        borderWidth: 0.6,
        ...(isHeader ? { color: HEADER_SHADE } : {}),
      });
      let lineTop = top + CELL_PADDING;
      for (const line of lines) {
        const lineHeight = cellLineHeight(line);
        const baseline =
          lineTop + (lineHeight - (FONT_ASCENT + FONT_DESCENT) * line.size) / 2 + FONT_ASCENT * line.size;
        const free = width - 2 * CELL_PADDING - line.width;
        const align = this.aligns[column];
        const shift = align === 'right' ? free : align === 'center' ? free / 2 : 0;
        this.writer.drawPieces(line.pieces, left + CELL_PADDING + Math.max(0, shift), baseline);
        lineTop += lineHeight;
      }
      left += width;
    });
  }
}
