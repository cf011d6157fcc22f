/**
 * The PDF worker thread: pdf.js runs here, never on the request thread, so a
 * hostile or enormous file cannot stall the event loop, and a file that makes
 * pdf.js hang or exhaust its heap costs only this thread (pdf-worker-pool.ts
 * terminates it and starts another).
 *
 * One request at a time, by message: `{ id, kind, data, share }` in, `{ id, result }`
 * out. `data` arrives transferred, not copied. Instead of `data`, a request may
 * give the file's `length` only: pdf.js then asks for the ranges it needs
 * (`{ id, range }` out, `{ rangeFor, begin, data }` in), so checking a large
 * stored file reads its cross-reference table and a few objects, not all of it. Three kinds: 'inspect' (the
 * upload check: does pdf.js open it, how many pages), 'extract' (the text
 * of every page, or of one share of them when threads read a long file
 * together, for the case file a model reads) and 'render' (one page drawn as
 * an image for OCR, ocr-pages.ts). pdf.js is loaded patched for speed
 * (pdfjs-loader.ts).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { loadPdfjs } from './pdfjs-loader.js';
import { joinTextRuns } from './text-lines.js';

/**
 * What pdf.js made of a file. Decision: a PDF that needs a password to open is
 * accepted (`passwordProtected`). It is a real PDF and a party may have to file
 * it as it is; pdf.js cannot count its pages without the password, and the
 * text-extraction step flags it as unreadable.
 */
export type PdfInspection =
  | { ok: true; passwordProtected: false; pages: number; activeContent: string[] }
  | { ok: true; passwordProtected: true; activeContent: string[] }
  | { ok: false; reason: string };

/** What an 'inspect' task answers: PdfInspection without the active content, which is read outside pdf.js. */
export type PdfOpening =
  | { ok: true; passwordProtected: false; pages: number }
  | { ok: true; passwordProtected: true }
  | { ok: false; reason: string };

/**
 * The text of each page (page n is `pages[n - 1]`), lines rebuilt from
 * pdf.js's runs. `encrypted`: the file uses PDF encryption. When it needs a
 * password to open, `pages` is empty; when it opens without one (an owner
 * password only restricts printing or copying), the text is there as usual.
 */
export type PdfText = { ok: true; pages: string[]; encrypted: boolean } | { ok: false; reason: string };

/**
 * Which pages an 'extract' task reads: share `part` (from 0) of `parts`
 * contiguous, nearly equal ranges, so threads can read one long file together.
 */
export interface PageShare {
  part: number;
  parts: number;
}

/** An 'extract' task's answer: the text of its share, which starts at page `firstPage` of `pageCount`. */
export type PdfTextShare =
  | { ok: true; pages: string[]; encrypted: boolean; firstPage: number; pageCount: number }
  | { ok: false; reason: string };

/** Which page a 'render' task draws, and at what resolution (dots per inch; the long side is capped). */
export interface PageRender {
  page: number;
  dpi: number;
}

/**
 * A 'render' task's answer: the page as a PNG (white background, the
 * resolution asked for unless the page is so large that it was capped).
 */
export type PdfPageImage =
  | {
      ok: true;
      png: Uint8Array;
      width: number;
      height: number;
      dpi: number;
      /** The share of the page darker than mid-grey (sampled): next to 0 on a blank page or a pale box. */
      ink: number;
    }
  | { ok: false; reason: string };

export type PdfTaskKind = 'inspect' | 'extract' | 'render';
export type PdfTaskResult<K extends PdfTaskKind> = K extends 'inspect'
  ? PdfOpening
  : K extends 'render'
    ? PdfPageImage
    : PdfTextShare;

export interface PdfWorkerRequest {
  id: number;
  kind: PdfTaskKind;
  /** The file's bytes, exactly (transferred to this thread); or, without them, the file's length. */
  data?: ArrayBuffer;
  length?: number;
  /** 'extract' only; without it, every page. */
  share?: PageShare;
  /** 'render' only: the page to draw. */
  render?: PageRender;
}

/** The bytes from `begin` of a file read by ranges (transferred to this thread). */
export interface PdfRangeAnswer {
  rangeFor: number;
  begin: number;
  data: ArrayBuffer;
}

export type PdfWorkerMessage =
  | { ready: true }
  | { id: number; result: PdfOpening | PdfTextShare | PdfPageImage }
  | { id: number; range: { begin: number; end: number } };

const port = parentPort;
if (!port) throw new Error('pdf.worker runs only as a worker thread.');

const { getDocument, PDFDataRangeTransport, VerbosityLevel } = await loadPdfjs();

/** A file read by ranges: pdf.js asks, the pool reads the stored file and answers. */
class RangeFromPool extends PDFDataRangeTransport {
  constructor(
    private readonly id: number,
    length: number,
  ) {
    super(length, null);
  }

  override requestDataRange(begin: number, end: number): void {
    port!.postMessage({ id: this.id, range: { begin, end } } satisfies PdfWorkerMessage);
  }
}

/** The source of the running request: its bytes, or its ranges as they arrive. */
type Source = ArrayBuffer | RangeFromPool;
const ranged = new Map<number, RangeFromPool>();

port.on('message', (message: PdfWorkerRequest | PdfRangeAnswer) => {
  if ('rangeFor' in message) {
    ranged.get(message.rangeFor)?.onDataRange(message.begin, new Uint8Array(message.data));
    return;
  }
  const request = message;
  let source: Source;
  if (request.data) source = request.data;
  else {
    source = new RangeFromPool(request.id, request.length ?? 0);
    ranged.set(request.id, source);
  }
  const done = () => ranged.delete(request.id);
  if (request.kind === 'render') {
    void render(source, request.render ?? { page: 1, dpi: 300 })
      .then((result) =>
        // The image moves to the pool's thread instead of being copied.
        port.postMessage(
          { id: request.id, result } satisfies PdfWorkerMessage,
          result.ok ? [result.png.buffer as ArrayBuffer] : [],
        ),
      )
      .finally(done);
    return;
  }
  const task = request.kind === 'extract' ? extract(source, request.share) : inspect(source);
  void task.finally(done).then((result) => port.postMessage({ id: request.id, result } satisfies PdfWorkerMessage));
});
// Tells the pool that pdf.js loaded: a failure before this is a broken install, not a bad file.
port.postMessage({ ready: true } satisfies PdfWorkerMessage);

/** pdf.js's own folders: the standard fonts a page may name without embedding them, and its image decoders. */
const PDFJS_ROOT = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/** pdf.js's unit of a ranged read: the cross-reference table of a large file takes one or two. */
const RANGE_CHUNK_BYTES = 64 * 1024;

function open(source: Source) {
  return getDocument({
    ...(source instanceof ArrayBuffer
      ? // A view over the whole buffer, so pdf.js uses it as is instead of copying it.
        { data: new Uint8Array(source) }
      : // Only the ranges a task needs: no reading ahead, no streaming of the rest. pdf.js reserves the
        // file's length for the chunks, but memory is taken only for the chunks that arrive.
        {
          range: source,
          length: source.length,
          rangeChunkSize: RANGE_CHUNK_BYTES,
          disableAutoFetch: true,
          disableStream: true,
        }),
    // Never turn strings from the file into code (fonts, functions).
    isEvalSupported: false,
    verbosity: VerbosityLevel.ERRORS,
    // Nothing is rendered: fonts are parsed for their text mapping only.
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    // Only drawing a page for OCR needs these (JPEG 2000 and JBIG2 scans, text in a non-embedded font).
    standardFontDataUrl: `${path.join(PDFJS_ROOT, 'standard_fonts')}${path.sep}`,
    wasmUrl: `${path.join(PDFJS_ROOT, 'wasm')}${path.sep}`,
  });
}

interface NodeCanvasFactory {
  create(
    width: number,
    height: number,
  ): {
    canvas: { encode(format: 'png'): Promise<Uint8Array> };
    context: {
      fillStyle: string;
      fillRect(x: number, y: number, width: number, height: number): void;
      getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray };
    };
  };
}

/** A page drawn larger than this (long side, pixels) is drawn smaller: an A3 page at 300 dpi is 4,961. */
const MAX_RENDER_SIDE = 5_000;

/**
 * One page drawn for OCR by pdf.js on @napi-rs/canvas (the canvas pdf.js
 * itself uses on Node), on white, as a PNG.
 */
async function render(source: Source, request: PageRender): Promise<PdfPageImage> {
  const task = open(source);
  try {
    const document = await task.promise;
    if (request.page < 1 || request.page > document.numPages) {
      return { ok: false, reason: `The file has no page ${request.page}.` };
    }
    const page = await document.getPage(request.page);
    const base = page.getViewport({ scale: 1 });
    const scale = Math.min(request.dpi / 72, MAX_RENDER_SIDE / Math.max(base.width, base.height, 1));
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.ceil(viewport.width));
    const height = Math.max(1, Math.ceil(viewport.height));
    // pdf.js's canvas factory on Node makes @napi-rs/canvas canvases.
    const factory = (document as unknown as { canvasFactory: NodeCanvasFactory }).canvasFactory;
    const { canvas, context } = factory.create(width, height);
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
    const ink = inkShare(context.getImageData(0, 0, width, height).data, width, height);
    const encoded = await canvas.encode('png');
    page.cleanup();
    // A Buffer may be a view of a shared pool; the message transfers a buffer of exactly these bytes.
    const png =
      encoded.byteOffset === 0 && encoded.byteLength === encoded.buffer.byteLength ? encoded : encoded.slice();
    return { ok: true, png, width, height, dpi: Math.round(scale * 72), ink };
  } catch (error) {
    if (isPasswordError(error)) return { ok: false, reason: 'The file needs a password to open.' };
    return { ok: false, reason: `Page ${request.page} could not be drawn (${describe(error)}).` };
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

async function inspect(source: Source): Promise<PdfOpening> {
  const task = open(source);
  try {
    const document = await task.promise;
    return { ok: true, passwordProtected: false, pages: document.numPages };
  } catch (error) {
    if (isPasswordError(error)) return { ok: true, passwordProtected: true };
    // Corrupt, truncated past repair, or not a PDF at all: pdf.js says InvalidPDFException or similar.
    return { ok: false, reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

/** Pages read at once; eight gained nothing over four and hold more pages in memory. */
const PAGES_IN_FLIGHT = 4;

async function extract(source: Source, share: PageShare = { part: 0, parts: 1 }): Promise<PdfTextShare> {
  const task = open(source);
  let document: PDFDocumentProxy;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    if (isPasswordError(error)) return { ok: true, pages: [], encrypted: true, firstPage: 1, pageCount: 0 };
    return { ok: false, reason: `The file is damaged or is not a complete PDF (${describe(error)}).` };
  }
  try {
    const pageCount = document.numPages;
    const firstPage = Math.floor((share.part * pageCount) / share.parts) + 1;
    const lastPage = Math.floor(((share.part + 1) * pageCount) / share.parts);
    const pages: string[] = new Array<string>(Math.max(0, lastPage - firstPage + 1));
    let failure: PdfTextShare | undefined;
    let next = firstPage;
    // A few pages in flight at once: pdf.js answers each request through its message loop, and keeping that
    // loop busy read a 300-page file 10-20 % faster than waiting for each page in turn.
    const reader = async () => {
      while (!failure && next <= lastPage) {
        const number = next++;
        try {
          const page = await document.getPage(number);
          const content = await page.getTextContent();
          pages[number - firstPage] = joinTextRuns(content.items);
          // Frees the page's parsed fonts and operator lists: a 300-page file stays within the thread's heap.
          page.cleanup();
        } catch (error) {
          // A page pdf.js cannot parse means a damaged or cut-off file; a partial text would hide that.
          failure = { ok: false, reason: `Page ${number} is damaged and cannot be read (${describe(error)}).` };
        }
      }
    };
    await Promise.all(Array.from({ length: PAGES_IN_FLIGHT }, reader));
    if (failure) return failure;
    return { ok: true, pages, encrypted: await isEncrypted(document), firstPage, pageCount };
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

/** Every 4th pixel of every 4th row: enough to tell a blank page from one with a word on it. */
const INK_STRIDE = 4;

/** The share of sampled pixels darker than mid-grey (RGBA on white). */
function inkShare(data: Uint8ClampedArray, width: number, height: number): number {
  let samples = 0;
  let dark = 0;
  for (let y = 0; y < height; y += INK_STRIDE) {
    for (let x = 0; x < width; x += INK_STRIDE) {
      const at = (y * width + x) * 4;
      // Rec. 601 luma, in integers.
      if (data[at]! * 299 + data[at + 1]! * 587 + data[at + 2]! * 114 < 128_000) dark++;
      samples++;
    }
  }
  return samples === 0 ? 0 : dark / samples;
}

/** pdf.js reports the security handler of an encrypted file that opened without a password in its info. */
async function isEncrypted(document: PDFDocumentProxy): Promise<boolean> {
  try {
    const { info } = await document.getMetadata();
    return Boolean((info as { EncryptFilterName?: string | null }).EncryptFilterName);
  } catch {
    return false;
  }
}

function isPasswordError(error: unknown): boolean {
  return error instanceof Error && error.name === 'PasswordException';
}

function describe(error: unknown): string {
  // The reason ends up inside a sentence of its own, so its full stop goes.
  const text = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).replace(/\.$/, '');
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}
