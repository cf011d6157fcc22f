/**
 * The PDF worker thread: pdf.js runs here, never on the request thread, so a
 * hostile or enormous file cannot stall the event loop, and a file that makes
 * pdf.js hang or exhaust its heap costs only this thread (pdf-inspector.ts
 * terminates it and starts another).
 *
 * One request at a time, by message: `{ id, kind, data }` in, `{ id, result }`
 * out. `data` arrives transferred, not copied. A later task (text per page)
 * adds its own `kind` beside 'inspect'.
 */
import { parentPort } from 'node:worker_threads';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * What pdf.js made of a file. Decision: a PDF that needs a password to open is
 * accepted (`passwordProtected`). It is a real PDF and a party may have to file
 * it as it is; pdf.js cannot count its pages without the password, and the
 * text-extraction step flags it as unreadable.
 */
export type PdfInspection =
  | { ok: true; passwordProtected: false; pages: number }
  | { ok: true; passwordProtected: true }
  | { ok: false; reason: string };

export interface PdfWorkerRequest {
  id: number;
  kind: 'inspect';
  /** The file's bytes, exactly (transferred to this thread). */
  data: ArrayBuffer;
}

export type PdfWorkerMessage = { ready: true } | { id: number; result: PdfInspection };

const port = parentPort;
if (!port) throw new Error('pdf-inspector.worker runs only as a worker thread.');

port.on('message', (request: PdfWorkerRequest) => {
  void inspect(request.data).then((result) => port.postMessage({ id: request.id, result } satisfies PdfWorkerMessage));
});
// Tells the pool that pdf.js loaded: a failure before this is a broken install, not a bad file.
port.postMessage({ ready: true } satisfies PdfWorkerMessage);

async function inspect(data: ArrayBuffer): Promise<PdfInspection> {
  const task = getDocument({
    // A view over the whole buffer, so pdf.js uses it as is instead of copying it.
    data: new Uint8Array(data),
    // Never turn strings from the file into code (fonts, functions).
    isEvalSupported: false,
    verbosity: VerbosityLevel.ERRORS,
    // Only the document structure is read; nothing is rendered.
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
  });
  try {
    const document = await task.promise;
    return { ok: true, passwordProtected: false, pages: document.numPages };
  } catch (error) {
    if (error instanceof Error && error.name === 'PasswordException') return { ok: true, passwordProtected: true };
    // Corrupt, truncated past repair, or not a PDF at all: pdf.js says InvalidPDFException or similar.
    return { ok: false, reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  } finally {
    await task.destroy().catch(() => undefined);
  }
}
