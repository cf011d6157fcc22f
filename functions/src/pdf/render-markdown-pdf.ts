import { Lexer, type Token, type Tokens } from 'marked';
import { PageSizes, PDFDocument, PDFString, rgb, type Color, type PDFPage } from 'pdf-lib';
import { markAiGenerated, type AiMarking } from './ai-marking.js';
import { TextRuns } from './pdf-text-run.js';
import { DocumentFonts, FONT_ASCENT, FONT_DESCENT, type FaceName } from './markdown-pdf-fonts.js';
import {
  facesOf,
  measureRuns,
  wrapPreformatted,
  wrapRuns,
  type InlineRun,
  type Line,
  type Piece,
  type TextStyle,
} from './markdown-pdf-lines.js';

export interface MarkdownPdfOptions {
  /** The document's title in its metadata (what a PDF reader shows in its title bar). */
  title: string;
  /** Printed at the foot of every page beside the page number: the case name. */
  footerText: string;
  /** The document's author in its metadata. */
  author?: string;
  /** The creation date in its metadata; now when not given. */
  createdAt?: Date;
  /** The page number's word at the foot of each page: "Sivu" (Finnish documents) unless given, e.g. "Page". */
  pageWord?: string;
  /**
   * Empty signature fields (/FT /Sig) to reserve, one above each drawn occurrence of `anchor` (a signature
   * line), named from `names` in order; each is as wide as the line and `height` points tall. Signing fills
   * them later by incremental update (pdf/pades/sign-pdf.ts).
   */
  signatureFields?: { anchor: string; names: readonly string[]; height: number };
  /** AI-written text: the machine-readable marking (XMP and Info) of EU AI Act Art. 50 (ai-marking.ts). */
  aiMarking?: AiMarking;
}

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN = { top: 68, bottom: 76, left: 70, right: 70 };
const CONTENT_WIDTH = PAGE_WIDTH - MARGIN.left - MARGIN.right;
const CONTENT_BOTTOM = PAGE_HEIGHT - MARGIN.bottom;
const FOOTER = { baseline: 40, rule: 54, size: 8.5 };

const TEXT = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.35, 0.35, 0.35);
const LINK = rgb(0.05, 0.2, 0.55);
const RULE = rgb(0.6, 0.6, 0.6);
const SHADE = rgb(0.93, 0.93, 0.93);
const HEADER_SHADE = rgb(0.88, 0.88, 0.88);

const BODY_SIZE = 11;
const LINE_FACTOR = 1.4;
const PARAGRAPH_GAP = 7;
const HEADINGS: Record<number, { size: number; face: FaceName; before: number; after: number }> = {
  1: { size: 18, face: 'bold', before: 16, after: 8 },
  2: { size: 14.5, face: 'bold', before: 14, after: 6 },
  3: { size: 12.5, face: 'bold', before: 12, after: 5 },
  4: { size: 11, face: 'boldItalic', before: 10, after: 4 },
};
const BULLETS = ['•', '◦', '▪'];
const QUOTE_INDENT = 16;
const CODE_SIZE = 9.5;
const TABLE_SIZE = 9.5;
const CELL_PADDING = 4;
/** Nesting stops indenting once the text would get narrower than this: deep nesting must not squeeze text to nothing. */
const MIN_NESTED_WIDTH = 180;

const BODY: TextStyle = { face: 'regular', size: BODY_SIZE, color: TEXT };

/**
 * Renders markdown (GitHub flavour: headings, paragraphs, lists, emphasis,
 * code, block quotes, rules, tables, links as text) to an A4 PDF with
 * embedded subsets of DejaVu Serif, which covers Finnish and legal
 * typography (ä ö å § – — “ ” € −). Every page carries `footerText` and
 * "Sivu n / N" at its foot. Characters the font lacks print as U+FFFD.
 */
export async function renderMarkdownPdf(markdown: string, options: MarkdownPdfOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = await DocumentFonts.for(doc);
  await fonts.font('regular');
  const writer = new PageWriter(doc, fonts);
  writer.anchor = options.signatureFields?.anchor;
  const renderer = new MarkdownRenderer(fonts, writer);
  const text = markdown.normalize('NFC');
  let tokens: Token[];
  try {
    tokens = new Lexer({ gfm: true }).lex(text);
  } catch {
    // A pathological input (nesting deeper than the lexer's stack) is still the user's text: print it as it is.
    tokens = [{ type: 'code', raw: text, text }];
  }
  await renderer.blocks(tokens, { x: MARGIN.left, width: CONTENT_WIDTH, listDepth: 0, color: TEXT });

  drawFooters(writer.pages, fonts, options.footerText, writer.textRuns, options.pageWord ?? 'Sivu');
  if (options.signatureFields) reserveSignatureFields(doc, writer.anchored, options.signatureFields);
  const now = options.createdAt ?? new Date();
  doc.setTitle(oneLine(options.title), { showInWindowTitleBar: true });
  doc.setAuthor(oneLine(options.author ?? 'Ratkaisu'));
  doc.setCreator('Ratkaisu');
  doc.setProducer('Ratkaisu (pdf-lib)');
  doc.setLanguage('fi-FI');
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  if (options.aiMarking) markAiGenerated(doc, options.aiMarking);
  return doc.save();
}

function reserveSignatureFields(
  doc: PDFDocument,
  anchored: readonly { page: PDFPage; x: number; y: number; width: number }[],
  fields: NonNullable<MarkdownPdfOptions['signatureFields']>,
): void {
  const acroForm = doc.catalog.getOrCreateAcroForm();
  anchored.slice(0, fields.names.length).forEach((at, index) => {
    const bottom = at.y + FONT_DESCENT * BODY_SIZE;
    const widget = doc.context.register(
      doc.context.obj({
        FT: 'Sig',
        T: PDFString.of(fields.names[index]!),
        Type: 'Annot',
        Subtype: 'Widget',
        F: 4,
        P: at.page.ref,
        Rect: [at.x, bottom, at.x + at.width, bottom + fields.height],
      }),
    );
    at.page.node.addAnnot(widget);
    acroForm.addField(widget);
  });
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Where a block goes: its left edge and width, how deep in lists it is, and its text colour. */
interface Box {
  x: number;
  width: number;
  listDepth: number;
  color: Color;
}

function nested(box: Box, indent: number): Box {
  if (box.width - indent < MIN_NESTED_WIDTH) return box;
  return { ...box, x: box.x + indent, width: box.width - indent };
}

/**
 * Places lines on pages top to bottom. Vertical space between blocks is
 * asked for with gap() and collapses (the larger wins); it is dropped at the
 * top of a page. Open block quotes draw their bars beside every line and
 * every gap they contain.
 */
class PageWriter {
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

/** Longest stretch of layout work between two turns of the event loop, in milliseconds. */
const SLICE_MS = 12;

/**
 * Walks marked's tokens and hands the writer lines. Shaping text is the
 * costly part (about a second for the longest claim allowed), so the work
 * gives way to the event loop every few milliseconds: other requests are
 * not held up while a long document renders.
 */
class MarkdownRenderer {
  private sliceStart = performance.now();

  constructor(
    private readonly fonts: DocumentFonts,
    private readonly writer: PageWriter,
  ) {}

  async blocks(tokens: readonly Token[], box: Box): Promise<void> {
    for (const token of tokens) {
      await this.giveWay();
      await this.block(token, box);
    }
  }

  private async giveWay(): Promise<void> {
    if (performance.now() - this.sliceStart < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.sliceStart = performance.now();
  }

  private async block(token: Token, box: Box): Promise<void> {
    switch (token.type) {
      case 'space':
      case 'def':
      case 'checkbox':
        return;
      case 'heading':
        return this.heading(token as Tokens.Heading, box);
      case 'paragraph':
        await this.paragraph(inline((token as Tokens.Paragraph).tokens, { ...BODY, color: box.color }), box);
        this.writer.gap(PARAGRAPH_GAP);
        return;
      case 'text': {
        // Text straight in a tight list item.
        const text = token as Tokens.Text;
        const style = { ...BODY, color: box.color };
        await this.paragraph(
          text.tokens ? inline(text.tokens, style) : [{ text: decodeEntities(text.text), style }],
          box,
        );
        return;
      }
      case 'list':
        return this.list(token as Tokens.List, box);
      case 'blockquote':
        return this.blockquote(token as Tokens.Blockquote, box);
      case 'hr':
        return this.rule(box);
      case 'code':
        return this.code((token as Tokens.Code).text, box);
      case 'table':
        return this.table(token as Tokens.Table, box);
      case 'html': {
        // Raw HTML is not rendered as markup; whatever text it holds is kept.
        const text = decodeEntities(stripTags((token as Tokens.HTML).text)).trim();
        if (text !== '') {
          await this.paragraph([{ text, style: { ...BODY, color: box.color } }], box);
          this.writer.gap(PARAGRAPH_GAP);
        }
        return;
      }
      default: {
        // A token of an extension this renderer does not know: its text is still the user's.
        const generic = token as { tokens?: Token[]; text?: string };
        const style = { ...BODY, color: box.color };
        const runs = generic.tokens ? inline(generic.tokens, style) : [{ text: generic.text ?? '', style }];
        await this.paragraph(runs, box);
        this.writer.gap(PARAGRAPH_GAP);
      }
    }
  }

  private async lines(runs: InlineRun[], width: number, emptySize = BODY_SIZE): Promise<Line[]> {
    for (const face of facesOf(runs)) await this.fonts.font(face);
    return wrapRuns(this.fonts, runs, width, emptySize);
  }

  private async paragraph(runs: InlineRun[], box: Box): Promise<void> {
    const lines = await this.lines(runs, box.width);
    if (lines.length === 0) return this.writer.flushMarker(box);
    // A signature block (the room for the signature, the line, the name and title) is never split across pages.
    const anchor = this.writer.anchor;
    if (anchor !== undefined && lines.some((line) => line.pieces.some((piece) => piece.text === anchor))) {
      this.writer.ensure(lines.reduce((sum, line) => sum + line.size * LINE_FACTOR, 0));
    }
    for (const line of lines) this.writer.line(line, box);
  }

  private async heading(token: Tokens.Heading, box: Box): Promise<void> {
    const { size, face, before, after } = HEADINGS[Math.min(token.depth, 4)]!;
    const lines = await this.lines(inline(token.tokens, { face, size, color: box.color }), box.width, size);
    if (lines.length === 0) return;
    this.writer.gap(before);
    // A heading stays with the start of what it heads: never alone at the foot of a page.
    this.writer.ensure(lines.length * size * LINE_FACTOR + after + 2 * BODY_SIZE * LINE_FACTOR);
    for (const line of lines) this.writer.line(line, box);
    this.writer.gap(after);
  }

  private async list(token: Tokens.List, box: Box): Promise<void> {
    const start = typeof token.start === 'number' ? token.start : 1;
    const markers = token.items.map((item, index) => {
      if (item.task) return item.checked ? '[x]' : '[ ]';
      return token.ordered ? `${start + index}.` : BULLETS[box.listDepth % BULLETS.length]!;
    });
    const style = { ...BODY, color: box.color };
    const pieces = markers.map((marker) => {
      const text = this.fonts.printable('regular', marker);
      return { text, style, width: this.fonts.width('regular', text, BODY_SIZE) };
    });
    const markerWidth = Math.max(...pieces.map((marker) => marker.width));
    const inner = { ...nested(box, Math.max(16, markerWidth + 7)), listDepth: box.listDepth + 1 };
    for (const [index, item] of token.items.entries()) {
      this.writer.gap(token.loose ? PARAGRAPH_GAP / 2 + 1 : 2);
      this.writer.marker = { piece: pieces[index]!, right: inner.x - 7 };
      await this.blocks(item.tokens, inner);
      this.writer.flushMarker(inner);
    }
    this.writer.gap(PARAGRAPH_GAP);
  }

  private async blockquote(token: Tokens.Blockquote, box: Box): Promise<void> {
    const inner = { ...nested(box, QUOTE_INDENT), color: MUTED };
    this.writer.flushMarker(box);
    this.writer.gap(PARAGRAPH_GAP);
    this.writer.quoteBars.push(box.x + 2);
    try {
      await this.blocks(token.tokens, inner);
    } finally {
      this.writer.quoteBars.pop();
    }
    this.writer.gap(PARAGRAPH_GAP);
  }

  private rule(box: Box): void {
    this.writer.flushMarker(box);
    this.writer.gap(8);
    this.writer.ensure(1);
    const top = this.writer.reserve(1);
    this.writer.page.drawLine({
      start: { x: box.x, y: PAGE_HEIGHT - top - 0.5 },
      end: { x: box.x + box.width, y: PAGE_HEIGHT - top - 0.5 },
      thickness: 0.75,
      color: RULE,
    });
    this.writer.gap(8);
  }

  private async code(text: string, box: Box): Promise<void> {
    this.writer.flushMarker(box);
    this.writer.gap(PARAGRAPH_GAP);
    const style: TextStyle = { face: 'regular', size: CODE_SIZE, color: TEXT };
    const inner = nested(box, CELL_PADDING);
    for (const source of text.replace(/\t/g, '    ').split('\n')) {
      await this.giveWay();
      for (const line of wrapPreformatted(this.fonts, source, style, inner.width - CELL_PADDING)) {
        this.writer.line(line, inner, { background: SHADE, factor: 1.35 });
      }
    }
    this.writer.gap(PARAGRAPH_GAP);
  }

  private async table(token: Tokens.Table, box: Box): Promise<void> {
    const columns = token.header.length;
    if (columns === 0) return;
    const headerStyle: TextStyle = { face: 'bold', size: TABLE_SIZE, color: box.color };
    const cellStyle: TextStyle = { face: 'regular', size: TABLE_SIZE, color: box.color };
    const header = token.header.map((cell) => inline(cell.tokens, headerStyle));
    const rows = token.rows.map((row) =>
      Array.from({ length: columns }, (_unused, column) => inline(row[column]?.tokens ?? [], cellStyle)),
    );
    for (const face of facesOf([...header.flat(), ...rows.flat(2)])) await this.fonts.font(face);

    const widths = columnWidths(
      [header, ...rows].map((row) => row.map((runs) => measureRuns(this.fonts, runs))),
      box.width,
    );
    const layout = (row: InlineRun[][]) =>
      row.map((runs, column) => wrapRuns(this.fonts, runs, widths[column]! - 2 * CELL_PADDING, TABLE_SIZE));
    const aligns = Array.from({ length: columns }, (_unused, column) => token.align[column] ?? 'left');
    const table = new TableWriter(this.writer, box.x, widths, aligns, layout(header));

    this.writer.flushMarker(box);
    this.writer.gap(PARAGRAPH_GAP);
    const first = rows[0];
    table.start(first && layout(first));
    for (const row of rows) {
      table.row(layout(row), false);
      await this.giveWay();
    }
    this.writer.gap(PARAGRAPH_GAP);
  }
}

/**
 * Column widths from each cell's one-line width and longest word. When the
 * table fits, every column is as wide as it wants. Otherwise a column that
 * wants no more than an even share of the width left gets all it wants (a
 * short "Summa" column is not wrapped to make a long one a little wider);
 * the others get at least their longest word (scaled down when even those
 * do not fit) and share the rest in proportion to what they lack.
 */
function columnWidths(cells: { natural: number; longestWord: number }[][], available: number): number[] {
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
class TableWriter {
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

function drawFooters(
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

/** Inline tokens as styled runs. */
function inline(tokens: readonly Token[] | undefined, style: TextStyle, out: InlineRun[] = []): InlineRun[] {
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'text': {
        const text = token as Tokens.Text;
        if (text.tokens) inline(text.tokens, style, out);
        else out.push({ text: decodeEntities(text.text), style });
        break;
      }
      case 'escape':
        out.push({ text: decodeEntities((token as Tokens.Escape).text), style });
        break;
      case 'strong':
        inline((token as Tokens.Strong).tokens, { ...style, face: bolder(style.face) }, out);
        break;
      case 'em':
        inline((token as Tokens.Em).tokens, { ...style, face: slanted(style.face) }, out);
        break;
      case 'del':
        inline((token as Tokens.Del).tokens, { ...style, strike: true }, out);
        break;
      case 'codespan':
        // Code keeps its characters as written: entities are not decoded in code (CommonMark).
        out.push({ text: (token as Tokens.Codespan).text, style: { ...style, code: true, size: style.size * 0.92 } });
        break;
      case 'link': {
        const link = token as Tokens.Link;
        inline(link.tokens, { ...style, color: LINK }, out);
        const target = link.href.replace(/^mailto:/i, '');
        if (target !== '' && !target.startsWith('#') && target !== link.text.trim()) {
          out.push({ text: ` (${target})`, style });
        }
        break;
      }
      case 'image': {
        const alt = decodeEntities((token as Tokens.Image).text).trim();
        out.push({ text: alt ? `[${alt}]` : '[kuva]', style: { ...style, face: slanted(style.face) } });
        break;
      }
      case 'br':
        out.push({ lineBreak: true });
        break;
      case 'html':
        if (/^<br\s*\/?>$/i.test((token as Tokens.Tag).text.trim())) out.push({ lineBreak: true });
        break;
      default: {
        const generic = token as { tokens?: Token[]; text?: string };
        if (generic.tokens) inline(generic.tokens, style, out);
        else if (generic.text) out.push({ text: decodeEntities(generic.text), style });
      }
    }
  }
  return out;
}

function bolder(face: FaceName): FaceName {
  return face === 'italic' || face === 'boldItalic' ? 'boldItalic' : 'bold';
}

function slanted(face: FaceName): FaceName {
  return face === 'bold' || face === 'boldItalic' ? 'boldItalic' : 'italic';
}

function stripTags(html: string): string {
  return html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]*>/g, ' ');
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00A0',
  shy: '\u00AD',
  sect: '§',
  para: '¶',
  euro: '€',
  ndash: '–',
  mdash: '—',
  minus: '−',
  hellip: '…',
  laquo: '«',
  raquo: '»',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  lsquo: '‘',
  rsquo: '’',
  middot: '·',
  bull: '•',
  copy: '©',
  reg: '®',
  deg: '°',
  times: '×',
  auml: 'ä',
  ouml: 'ö',
  aring: 'å',
  Auml: 'Ä',
  Ouml: 'Ö',
  Aring: 'Å',
};

/** HTML character references as the characters they stand for (markdown allows them in text); unknown ones stay as written. */
function decodeEntities(text: string): string {
  return text.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\uFFFD';
    }
    return NAMED_ENTITIES[name] ?? whole;
  });
}
