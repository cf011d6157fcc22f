import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PDFDocument } from 'pdf-lib';

/**
 * A "scan" of a PDF for the OCR tests: the chosen pages (all by default) are
 * drawn as images — by pdf.js on @napi-rs/canvas, at `dpi` (200, an office
 * scanner's usual setting) — and put into a new PDF as one full-page PNG each,
 * with no text layer; the other pages are copied as they are, text and all.
 * (pdftoppm would serve as well, but is not on every machine the tests run on;
 * pdf.js and its canvas come with npm ci.)
 */
export async function scanPdf(
  original: Uint8Array,
  options: { pages?: readonly number[]; dpi?: number } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const dpi = options.dpi ?? 200;
  const source = await PDFDocument.load(original);
  const count = source.getPageCount();
  const scanned = new Set(options.pages ?? Array.from({ length: count }, (_unused, index) => index + 1));
  const images = await drawPages(original, [...scanned], dpi);
  const output = await PDFDocument.create();
  for (let number = 1; number <= count; number++) {
    const image = images.get(number);
    if (!image) {
      const [copy] = await output.copyPages(source, [number - 1]);
      output.addPage(copy);
      continue;
    }
    const { width, height } = source.getPage(number - 1).getSize();
    const page = output.addPage([width, height]);
    page.drawImage(await output.embedPng(image), { x: 0, y: 0, width, height });
  }
  return new Uint8Array(await output.save());
}

async function drawPages(pdf: Uint8Array, pages: readonly number[], dpi: number): Promise<Map<number, Uint8Array>> {
  const task = getDocument({ data: new Uint8Array(pdf), disableFontFace: true, isEvalSupported: false, verbosity: 0 });
  const images = new Map<number, Uint8Array>();
  try {
    const document = await task.promise;
    const factory = (document as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
    for (const number of pages) {
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale: dpi / 72 });
      const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, Math.ceil(viewport.width), Math.ceil(viewport.height));
      await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
      images.set(number, await canvas.encode('png'));
    }
  } finally {
    await task.destroy();
  }
  return images;
}

interface CanvasFactory {
  create(
    width: number,
    height: number,
  ): {
    canvas: { encode(format: 'png'): Promise<Uint8Array> };
    context: { fillStyle: string; fillRect(x: number, y: number, width: number, height: number): void };
  };
}

/** The words of a text, lower case, without punctuation: what "recovers the words" counts. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/u)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word.length > 0);
}

/** The share (0–1) of `original`'s words found in `read`, each occurrence matched at most once. */
export function wordRecovery(original: string, read: string): number {
  const pool = new Map<string, number>();
  for (const word of wordsOf(read)) pool.set(word, (pool.get(word) ?? 0) + 1);
  const words = wordsOf(original);
  let found = 0;
  for (const word of words) {
    const left = pool.get(word) ?? 0;
    if (left > 0) {
      found++;
      pool.set(word, left - 1);
    }
  }
  return words.length === 0 ? 1 : found / words.length;
}

/** Euro amounts as written ("12 500,00 €", "3 750 euroa"), spaces normalised. */
export function amountsOf(text: string): string[] {
  return [...text.replace(/[\u00a0\u202f]/gu, ' ').matchAll(/\b\d{1,3}(?: \d{3})*(?:,\d{2})? ?(?:€|euroa)/gu)].map(
    (match) => match[0],
  );
}

/** The original of the scanned fixture: one page of a Finnish sales contract with amounts. */
export const SCANNED_CONTRACT_MARKDOWN = `# Kauppasopimus

Myyjä Teräs Oy ja ostaja Rakennus Oy sopivat teräspalkkien toimituksesta työmaalle Tampereelle.

Kauppahinta on 12 500,00 € (arvonlisäveroton), ja se maksetaan kahdessa erässä: ensimmäinen erä 5 000 € tilauksen yhteydessä ja toinen erä 7 500 € toimituksen jälkeen.

Toimitus on tehtävä viimeistään 1.3.2026. Viivästyksestä myyjä maksaa sopimussakkoa 0,5 % kauppahinnasta kultakin alkavalta viikolta, kuitenkin enintään 3 750 €.

Reklamaatiot on tehtävä kirjallisesti neljäntoista päivän kuluessa toimituksesta.

Helsingissä 2.1.2026
`;
