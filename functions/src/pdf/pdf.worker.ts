/**
 * The PDF worker thread: pdf.js runs here, never on the request thread, so a
 * hostile or enormous file cannot stall the event loop, and a file that makes
 * pdf.js hang or exhaust its heap costs only this thread (pdf-worker-pool.ts
 * terminates it and starts another).
 *
 * One request at a time, by message: `{ id, kind, data, share }` in, `{ id, result }`
 * out. `data` arrives transferred, not copied. Two kinds: 'inspect' (the
 * upload check: does pdf.js open it, how many pages) and 'extract' (the text
 * of every page, or of one share of them when threads read a long file
 * together, for the case file a model reads). pdf.js is loaded patched for
 * speed (pdfjs-loader.ts).
 */
import { parentPort } from 'node:worker_threads';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { findActiveContent } from './pdf-active-content.js';
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

export type PdfTaskKind = 'inspect' | 'extract';
export type PdfTaskResult<K extends PdfTaskKind> = K extends 'inspect' ? PdfInspection : PdfTextShare;

export interface PdfWorkerRequest {
  id: number;
  kind: PdfTaskKind;
  /** The file's bytes, exactly (transferred to this thread). */
  data: ArrayBuffer;
  /** 'extract' only; without it, every page. */
  share?: PageShare;
}

export type PdfWorkerMessage = { ready: true } | { id: number; result: PdfInspection | PdfTextShare };

const port = parentPort;
if (!port) throw new Error('pdf.worker runs only as a worker thread.');

const { getDocument, VerbosityLevel } = await loadPdfjs();

port.on('message', (request: PdfWorkerRequest) => {
  const task = request.kind === 'extract' ? extract(request.data, request.share) : inspect(request.data);
  void task.then((result) => port.postMessage({ id: request.id, result } satisfies PdfWorkerMessage));
});
// Tells the pool that pdf.js loaded: a failure before this is a broken install, not a bad file.
port.postMessage({ ready: true } satisfies PdfWorkerMessage);

function open(data: ArrayBuffer) {
  return getDocument({
    // A view over the whole buffer, so pdf.js uses it as is instead of copying it.
    data: new Uint8Array(data),
    // Never turn strings from the file into code (fonts, functions).
    isEvalSupported: false,
    verbosity: VerbosityLevel.ERRORS,
    // Nothing is rendered: fonts are parsed for their text mapping only.
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
  });
}

async function inspect(data: ArrayBuffer): Promise<PdfInspection> {
  // Read before pdf.js gets the bytes: the names of JavaScript, launch actions and embedded files (upload refuses).
  const activeContent = findActiveContent(new Uint8Array(data));
  const task = open(data);
  try {
    const document = await task.promise;
    return { ok: true, passwordProtected: false, pages: document.numPages, activeContent };
  } catch (error) {
    if (isPasswordError(error)) return { ok: true, passwordProtected: true, activeContent };
    // Corrupt, truncated past repair, or not a PDF at all: pdf.js says InvalidPDFException or similar.
    return { ok: false, reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

/** Pages read at once; eight gained nothing over four and hold more pages in memory. */
const PAGES_IN_FLIGHT = 4;

async function extract(data: ArrayBuffer, share: PageShare = { part: 0, parts: 1 }): Promise<PdfTextShare> {
  const task = open(data);
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
