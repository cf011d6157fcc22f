import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * Finnish PDFs for the text-extraction and claim tests, written with an
 * embedded DejaVu Serif (the standard PDF fonts cannot encode ä, ö, å, €, §,
 * dashes or typographic quotes). Each page is given as text: lines are
 * wrapped to the page width, an empty line starts a new paragraph. A page
 * given as `null` is a "scan": a grey box and no text.
 */
const FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf';
const SIZE = 11;
const LEADING = 15;
const MARGIN = 72;
const WIDTH = 595;
const HEIGHT = 842;

let fontBytes: Buffer | undefined;

export async function makeFinnishPdf(pages: readonly (string | null)[]): Promise<Uint8Array<ArrayBuffer>> {
  fontBytes ??= readFileSync(FONT_FILE);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(fontBytes, { subset: true });
  for (const text of pages) {
    const page = doc.addPage([WIDTH, HEIGHT]);
    if (text === null) {
      page.drawRectangle({ x: MARGIN, y: 200, width: WIDTH - 2 * MARGIN, height: 500, color: rgb(0.8, 0.8, 0.8) });
      continue;
    }
    drawText(page, font, text);
  }
  return new Uint8Array(await doc.save({ useObjectStreams: false }));
}

function drawText(page: PDFPage, font: PDFFont, text: string): void {
  let y = HEIGHT - MARGIN;
  for (const paragraph of text.split('\n')) {
    if (paragraph.trim() === '') {
      y -= LEADING;
      continue;
    }
    for (const line of wrap(font, paragraph, WIDTH - 2 * MARGIN)) {
      page.drawText(line, { x: MARGIN, y, size: SIZE, font });
      y -= LEADING;
    }
  }
}

function wrap(font: PDFFont, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, SIZE) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A sales contract: parties, price, delivery date, the law that applies. Two pages. */
export const CONTRACT_PAGES = [
  'KAUPPASOPIMUS\n\n' +
    'Myyjä: Teräs Oy (Y-tunnus 8765432-1), Tehdaskatu 5, 33100 Tampere\n' +
    'Ostaja: Rakennus Oy (Y-tunnus 1234567-8), Katu 1, 00100 Helsinki\n\n' +
    '1. Sopimuksen kohde\n' +
    'Myyjä toimittaa ostajalle 40 kappaletta teräspalkkeja HEA 300 työmaalle Länsisatamaan. ' +
    'Kauppahinta on 12 400 euroa (alv 0 %), ja se erääntyy maksettavaksi 14 päivän kuluttua toimituksesta.\n\n' +
    '2. Toimitusaika\n' +
    'Palkit toimitetaan viimeistään 1.3.2026. Viivästyksestä myyjä maksaa sopimussakkoa 0,5 % kauppahinnasta ' +
    'kultakin alkavalta viikolta, kuitenkin enintään 3 % kauppahinnasta.',
  '3. Sovellettava laki ja riidat\n' +
    'Sopimukseen sovelletaan Suomen lakia, erityisesti kauppalakia (355/1987). Sopimusehtojen ' +
    'kohtuullistamisesta säädetään oikeustoimilain 36 §:ssä. Riidat ratkaistaan välimiesmenettelyssä.\n\n' +
    'Helsingissä 15. tammikuuta 2026\n' +
    'Åsa Åström – Teräs Oy          Pekka Mäkelä – Rakennus Oy',
] as const;

/** The buyer's notice of the delay, with its demands, and a scanned second page. */
export const NOTICE_PAGES = [
  'REKLAMAATIO\n\n' +
    'Palkit saapuivat vasta 12. huhtikuuta 2026, kuusi viikkoa sovitusta myöhässä. Työmaa seisoi ' +
    'viivästyksen vuoksi, ja ostajalle aiheutui nosturin ja työryhmän odotuksesta lisäkustannuksia 3 000 €.\n\n' +
    'Ostaja vaatii myyjältä sopimussakkoa 372 euroa sekä vahingonkorvausta KauppaL 27 §:n perusteella. ' +
    'Vaatimus on esitetty myös kirjeellä 20.4.2026 ”viivästyksen johdosta”.',
  null,
] as const;

/**
 * A long PDF fast: Helvetica (its WinAnsi encoding covers ä, ö and å) and lines
 * cut by character count, without measuring glyphs — makeFinnishPdf measures
 * every line with the embedded font, which takes half a minute for 300 pages.
 */
export async function makeLongPdf(pages: readonly string[]): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = doc.addPage([WIDTH, HEIGHT]);
    let y = HEIGHT - MARGIN;
    let line = '';
    const flush = () => {
      page.drawText(line, { x: MARGIN, y, size: 10, font });
      y -= 13;
      line = '';
    };
    for (const word of text.split(/\s+/)) {
      if (line && line.length + word.length + 1 > 90) flush();
      line = line ? `${line} ${word}` : word;
    }
    if (line) flush();
  }
  return new Uint8Array(await doc.save({ useObjectStreams: false }));
}
