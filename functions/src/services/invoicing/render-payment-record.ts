import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { DocumentFonts, type FaceName } from '../../pdf/markdown-pdf-fonts.js';
import { printDate, printEuros, printVatRate, recordWording, type RecordLanguage } from './payment-record-wording.js';

/** What a receipt, a credit note or an invoice prints (docs/fees.md "Receipts, credit notes and invoices"). */
export interface PrintedRecord {
  kind: 'receipt' | 'creditNote' | 'invoice';
  language: RecordLanguage;
  number: string;
  /** `YYYY-MM-DD` or an ISO timestamp. */
  date: string;
  seller: { name: string; businessId: string; vatNumber: string; address: string; email: string };
  buyer: { name: string; company?: string; businessId?: string; vatNumber?: string; address?: string };
  caseNumber: string;
  line: { description: string; netCents: number; vatCents: number; vatRateBasisPoints: number };
  reverseCharge: boolean;
  /** Label and value pairs printed under the meta block (paid by, credits receipt, reason, due date…). */
  facts: [string, string][];
  /** Invoices: where to pay, and with which reference. */
  payment?: { iban: string; bic?: string; rf: string; finnish: string; dueDate: string; days: number };
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const INK = rgb(0.1, 0.1, 0.12);
const QUIET = rgb(0.38, 0.38, 0.42);

/** One page, laid out by hand: these documents are short and their fields fixed. */
export async function renderPaymentRecord(record: PrintedRecord): Promise<Buffer> {
  const words = recordWording(record.language);
  const doc = await PDFDocument.create();
  const issued = new Date(`${record.date.slice(0, 10)}T00:00:00Z`);
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);
  const title = { receipt: words.receipt, creditNote: words.creditNote, invoice: words.invoice }[record.kind];
  doc.setTitle(`${title} ${record.number}`);
  doc.setProducer('Ratkaisu');
  doc.setCreator('Ratkaisu');
  doc.setLanguage(record.language === 'fi' ? 'fi-FI' : 'en');

  const fonts = await DocumentFonts.for(doc);
  await fonts.font('regular');
  await fonts.font('bold');
  const page = doc.addPage([A4.width, A4.height]);
  const draw = (text: string, x: number, y: number, size = 10, face: FaceName = 'regular', color = INK) =>
    page.drawText(fonts.printable(face, text), { x, y, size, font: fonts.loaded(face), color });
  const drawRight = (text: string, right: number, y: number, size = 10, face: FaceName = 'regular') =>
    draw(text, right - fonts.width(face, fonts.printable(face, text), size), y, size, face);
  const money = (cents: number) => printEuros(cents, record.language);
  const sign = record.kind === 'creditNote' ? -1 : 1;

  let y = A4.height - MARGIN;
  draw(title, MARGIN, y - 14, 22, 'bold');
  drawRight(`${words.number} ${record.number}`, A4.width - MARGIN, y - 6, 11, 'bold');
  drawRight(`${words.date} ${printDate(record.date, record.language)}`, A4.width - MARGIN, y - 22, 10);
  y -= 60;

  // Seller and buyer side by side.
  const column = (x: number, heading: string, rows: string[]) => {
    draw(heading, x, y, 9, 'bold', QUIET);
    rows.forEach((row, index) => draw(row, x, y - 15 - index * 13, 10));
  };
  column(MARGIN, words.seller, [
    record.seller.name,
    ...wrap(record.seller.address, 40),
    `${words.businessId} ${record.seller.businessId}`,
    `${words.vatNumber} ${record.seller.vatNumber}`,
    record.seller.email,
  ]);
  column(A4.width / 2 + 10, words.buyer, [
    ...(record.buyer.company ? [record.buyer.company] : []),
    record.buyer.name,
    ...(record.buyer.address ? wrap(record.buyer.address, 40) : []),
    ...(record.buyer.businessId ? [`${words.businessId} ${record.buyer.businessId}`] : []),
    ...(record.buyer.vatNumber ? [`${words.vatNumber} ${record.buyer.vatNumber}`] : []),
  ]);
  y -= 110;

  const facts: [string, string][] = [[words.caseNumber, record.caseNumber], ...record.facts];
  for (const [label, value] of facts) {
    draw(`${label}:`, MARGIN, y, 10, 'bold');
    wrap(value, 70).forEach((row, index) => draw(row, MARGIN + 120, y - index * 13, 10));
    y -= 13 * Math.max(1, wrap(value, 70).length) + 4;
  }
  y -= 16;

  // The line and its VAT breakdown.
  const columns = [
    { label: words.net, right: 330 },
    { label: words.vatRate, right: 400 },
    { label: words.vat, right: 470 },
    { label: words.total, right: A4.width - MARGIN },
  ];
  draw(words.description, MARGIN, y, 9, 'bold', QUIET);
  for (const { label, right } of columns) drawRight(label, right, y, 9, 'bold');
  rule(page, y - 5);
  y -= 20;
  const { netCents, vatCents, vatRateBasisPoints } = record.line;
  const gross = netCents + vatCents;
  wrap(record.line.description, 42).forEach((row, index) => draw(row, MARGIN, y - index * 13, 10));
  const cells = [
    money(sign * netCents),
    record.reverseCharge ? '0%' : printVatRate(vatRateBasisPoints, record.language),
    money(sign * vatCents),
    money(sign * gross),
  ];
  cells.forEach((cell, index) => drawRight(cell, columns[index]!.right, y, 10));
  y -= 13 * wrap(record.line.description, 42).length + 8;
  rule(page, y + 4);
  y -= 12;
  const totalLabel = record.kind === 'creditNote' ? words.totalCredited : words.total;
  drawRight(`${totalLabel} ${money(sign * gross)}`, A4.width - MARGIN, y, 12, 'bold');
  y -= 16;
  drawRight(`${words.net} ${money(sign * netCents)} · ${words.vat} ${money(sign * vatCents)}`, A4.width - MARGIN, y, 9);
  y -= 28;
  if (record.reverseCharge) {
    for (const row of wrap(words.reverseCharge, 95)) {
      draw(row, MARGIN, y, 9, 'bold');
      y -= 12;
    }
    y -= 10;
  }

  if (record.payment) {
    const { iban, bic, rf, dueDate, days } = record.payment;
    const rows: [string, string][] = [
      [
        words.payTo,
        `${iban
          .replace(/\s/g, '')
          .toUpperCase()
          .replace(/(.{4})(?=.)/g, '$1 ')}${bic ? `  BIC ${bic}` : ''}`,
      ],
      [words.reference, rf],
      [words.dueDate, printDate(dueDate, record.language)],
      [words.total, money(gross)],
    ];
    page.drawRectangle({
      x: MARGIN - 8,
      y: y - 70,
      width: A4.width - 2 * MARGIN + 16,
      height: 86,
      borderColor: QUIET,
      borderWidth: 0.8,
    });
    for (const [label, value] of rows) {
      draw(`${label}:`, MARGIN, y, 10, 'bold');
      draw(value, MARGIN + 120, y, 11, 'bold');
      y -= 16;
    }
    y -= 20;
    draw(words.referenceNote, MARGIN, y, 9, 'regular', QUIET);
    draw(words.paymentTerms(days), MARGIN, y - 12, 9, 'regular', QUIET);
  }

  draw(
    `${record.seller.name} · ${words.businessId} ${record.seller.businessId} · ${record.seller.email}`,
    MARGIN,
    MARGIN - 20,
    8,
    'regular',
    QUIET,
  );
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

function rule(page: PDFPage, y: number): void {
  page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, thickness: 0.6, color: QUIET });
}

/** Words into rows of at most `width` characters (the fields are short; a long word keeps its own row). */
function wrap(text: string, width: number): string[] {
  const rows: string[] = [];
  let row = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (row && row.length + 1 + word.length > width) {
      rows.push(row);
      row = word;
    } else row = row ? `${row} ${word}` : word;
  }
  if (row) rows.push(row);
  return rows.length ? rows : [''];
}
