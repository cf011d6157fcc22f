import { Lexer, type Token, type Tokens } from 'marked';
import { PDFDocument, PDFString, type PDFPage } from 'pdf-lib';
import { markAiGenerated, type AiMarking } from './ai-marking.js';
import { DocumentFonts, FONT_DESCENT } from './markdown-pdf-fonts.js';
import { decodeEntities, inline, stripTags } from './markdown-pdf-inline.js';
import {
  facesOf,
  measureRuns,
  wrapPreformatted,
  wrapRuns,
  type InlineRun,
  type Line,
  type TextStyle,
} from './markdown-pdf-lines.js';
import { drawFooters, oneLine, PageWriter } from './markdown-pdf-page.js';
import {
  BODY,
  BODY_SIZE,
  BULLETS,
  CELL_PADDING,
  CODE_SIZE,
  CONTENT_WIDTH,
  HEADINGS,
  LINE_FACTOR,
  MARGIN,
  MUTED,
  PAGE_HEIGHT,
  PARAGRAPH_GAP,
  QUOTE_INDENT,
  RULE,
  SHADE,
  TABLE_SIZE,
  TEXT,
  nested,
  type Box,
} from './markdown-pdf-style.js';
import { columnWidths, TableWriter } from './markdown-pdf-table.js';

/*
 * Markdown to PDF in three stages: marked parses the text into tokens (inline runs: markdown-pdf-inline.ts),
 * the renderer below lays the blocks out into lines (markdown-pdf-lines.ts, tables: markdown-pdf-table.ts),
 * and the page writer draws them page by page with the footers (markdown-pdf-page.ts).
 */

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
