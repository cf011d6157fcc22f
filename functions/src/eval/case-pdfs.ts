import { PDFDocument, PageSizes, rgb } from 'pdf-lib';
import { DocumentFonts } from '../pdf/markdown-pdf-fonts.js';
import { documentCodes, type GoldCase } from './gold-case.js';

/**
 * The documents of an evaluation case as the parties would upload them: one A4 PDF per document, each
 * page of the case's text on its own page (so the gold's page references hold), in the product's
 * embedded DejaVu Serif, with the document's file name and "Sivu n / N" at the foot of every page.
 * Rendered at run time from eval/cases/*.json, so the set's source is text a reviewer can read.
 * The markdown renderer (pdf/render-markdown-pdf.ts) flows text over pages by itself; here the page
 * breaks are the case's own.
 */
const [WIDTH, HEIGHT] = PageSizes.A4;
const MARGIN = 70;
const SIZE = 11;
const LEADING = 15.5;
const FOOTER_SIZE = 8.5;

export interface CasePdf {
  code: string;
  prefix: 'K' | 'V';
  fileName: string;
  bytes: Uint8Array;
}

export async function renderCasePdfs(gold: GoldCase): Promise<CasePdf[]> {
  const codes = documentCodes(gold);
  return Promise.all(
    gold.documents.map(async (document, index) => ({
      code: codes[index]!,
      prefix: document.prefix,
      fileName: document.fileName,
      bytes: await renderPages(document.pages, `${gold.caseName} – ${document.fileName}`),
    })),
  );
}

async function renderPages(pages: readonly string[], footer: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = await DocumentFonts.for(doc);
  const font = await fonts.font('regular');
  const bold = await fonts.font('bold');
  pages.forEach((text, index) => {
    const page = doc.addPage([WIDTH, HEIGHT]);
    let y = HEIGHT - MARGIN;
    text.split('\n').forEach((paragraph, line) => {
      if (paragraph.trim() === '') {
        y -= LEADING / 2;
        return;
      }
      // A first line in capitals is the document's title.
      const face = line === 0 && index === 0 && paragraph === paragraph.toUpperCase() ? 'bold' : 'regular';
      for (const row of wrap(fonts, face, fonts.printable(face, paragraph), WIDTH - 2 * MARGIN)) {
        page.drawText(row, {
          x: MARGIN,
          y,
          size: SIZE,
          font: face === 'bold' ? bold : font,
          color: rgb(0.1, 0.1, 0.1),
        });
        y -= LEADING;
      }
    });
    const label = fonts.printable('regular', `Sivu ${index + 1} / ${pages.length}`);
    page.drawText(fonts.printable('regular', footer), { x: MARGIN, y: 40, size: FOOTER_SIZE, font });
    page.drawText(label, {
      x: WIDTH - MARGIN - fonts.width('regular', label, FOOTER_SIZE),
      y: 40,
      size: FOOTER_SIZE,
      font,
    });
  });
  doc.setTitle(footer);
  doc.setLanguage('fi-FI');
  doc.setCreationDate(new Date(Date.UTC(2026, 0, 1)));
  doc.setModificationDate(new Date(Date.UTC(2026, 0, 1)));
  return doc.save({ useObjectStreams: false });
}

function wrap(fonts: DocumentFonts, face: 'regular' | 'bold', text: string, width: number): string[] {
  const rows: string[] = [];
  let row = '';
  for (const word of text.split(' ')) {
    const candidate = row ? `${row} ${word}` : word;
    if (row && fonts.width(face, candidate, SIZE) > width) {
      rows.push(row);
      row = word;
    } else {
      row = candidate;
    }
  }
  if (row) rows.push(row);
  return rows;
}
