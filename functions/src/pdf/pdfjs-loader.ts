/**
 * Loads pdf.js for the PDF worker thread (pdf.worker.ts), with four
 * source-level fixes to its text extraction that together more than halve the
 * time it takes to read a long document, without changing a single character,
 * width or position it reports (pdfjs-loader.test.ts compares the patched and
 * the stock pdf.js item by item).
 *
 * Why patch the source: the costs sit inside pdf.js's evaluator and streams,
 * in classes and closures it does not export, so there is nothing to override
 * from outside. Profiling a 300-page claim showed, per glyph, four six-element
 * matrices allocated to compute one position (half the extraction time went to
 * `Util.transform` and the garbage collector); `TextState.clone` building each
 * state on the previous one as its prototype, which gives every page's state a
 * map of its own and turns every text-state property access megamorphic; and
 * each page's content stream inflated through web-stream adapters.
 *
 * Each patch replaces one exact passage of pdfjs-dist's legacy worker bundle.
 * A passage that is no longer there (another pdfjs-dist version) leaves that
 * part stock, so an upgrade can make extraction slower but never wrong; the
 * test that every patch applies fails first and says which to redo.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type * as PdfjsModule from 'pdfjs-dist/legacy/build/pdf.mjs';

type Pdfjs = typeof PdfjsModule;

export interface PdfjsPatch {
  name: string;
  find: string;
  replace: string;
}

export const PDFJS_PATCHES: readonly PdfjsPatch[] = [
  {
    // Same own properties, copied the same way; only the prototype is the class's, shared by every state.
    name: 'TextState.clone keeps one hidden class',
    find: `  clone() {
    const clone = Object.assign(Object.create(this), this);
    clone.textMatrix = this.textMatrix.slice();`,
    replace: `  clone() {
    const clone = Object.assign(new TextState(), this);
    clone.textMatrix = this.textMatrix.slice();`,
  },
  {
    // The identity either way; a plain array keeps Util.transform's argument types down to one.
    name: 'TextState.ctm starts as a plain array',
    find: `class TextState {
  ctm = new Float32Array(IDENTITY_MATRIX);`,
    replace: `class TextState {
  ctm = IDENTITY_MATRIX.slice();`,
  },
  {
    // Util.transform(ctm, Util.transform(textMatrix, tsm)) multiplied out term by term, zero terms kept, so every
    // product and sum happens in the same order on the same numbers: the result is bit for bit the same.
    name: 'getCurrentTextTransform allocates one matrix instead of three',
    find: `    function getCurrentTextTransform() {
      const font = textState.font;
      const tsm = [textState.fontSize * textState.textHScale, 0, 0, textState.fontSize, 0, textState.textRise];
      if (font.isType3Font && (textState.fontSize <= 1 || font.isCharBBox) && !isArrayEqual(textState.fontMatrix, FONT_IDENTITY_MATRIX)) {
        const glyphHeight = font.bbox[3] - font.bbox[1];
        if (glyphHeight > 0) {
          tsm[3] *= glyphHeight * textState.fontMatrix[3];
        }
      }
      return Util.transform(textState.ctm, Util.transform(textState.textMatrix, tsm));
    }`,
    replace: `    function getCurrentTextTransform() {
      const font = textState.font;
      const s0 = textState.fontSize * textState.textHScale;
      let s3 = textState.fontSize;
      const s5 = textState.textRise;
      if (font.isType3Font && (textState.fontSize <= 1 || font.isCharBBox) && !isArrayEqual(textState.fontMatrix, FONT_IDENTITY_MATRIX)) {
        const glyphHeight = font.bbox[3] - font.bbox[1];
        if (glyphHeight > 0) {
          s3 *= glyphHeight * textState.fontMatrix[3];
        }
      }
      const m = textState.textMatrix;
      const t0 = m[0] * s0 + m[2] * 0;
      const t1 = m[1] * s0 + m[3] * 0;
      const t2 = m[0] * 0 + m[2] * s3;
      const t3 = m[1] * 0 + m[3] * s3;
      const t4 = m[0] * 0 + m[2] * s5 + m[4];
      const t5 = m[1] * 0 + m[3] * s5 + m[5];
      const c = textState.ctm;
      return [c[0] * t0 + c[2] * t1, c[1] * t0 + c[3] * t1, c[0] * t2 + c[2] * t3, c[1] * t2 + c[3] * t3, c[0] * t4 + c[2] * t5 + c[4], c[1] * t4 + c[3] * t5 + c[5]];
    }`,
  },
  {
    // Node's DecompressionStream is this same zlib behind web-stream adapters, which cost more than inflating a
    // page's content stream. A stream zlib rejects still falls back to pdf.js's lenient decoder (null), as before.
    name: 'Flate streams inflate with zlib directly',
    find: `  async asyncGetBytesFromDecompressionStream(name) {
    this.stream.reset();
    const bytes = this.stream.isAsync ? await this.stream.asyncGetBytes() : this.stream.getBytes();
    try {`,
    replace: `  async asyncGetBytesFromDecompressionStream(name) {
    this.stream.reset();
    const bytes = this.stream.isAsync ? await this.stream.asyncGetBytes() : this.stream.getBytes();
    const inflateSync = name === "deflate" ? globalThis.process?.getBuiltinModule?.("node:zlib")?.inflateSync : undefined;
    if (inflateSync) {
      try {
        const inflated = inflateSync(bytes);
        const whole = inflated.byteOffset === 0 && inflated.byteLength === inflated.buffer.byteLength;
        return { decompressed: whole ? new Uint8Array(inflated.buffer) : new Uint8Array(inflated), compressed: bytes };
      } catch {
        return { decompressed: null, compressed: bytes };
      }
    }
    try {`,
  },
];

/** The worker bundle's source with every patch whose passage occurs exactly once applied. */
export function patchPdfjsWorker(source: string): { source: string; applied: string[]; skipped: string[] } {
  const applied: string[] = [];
  const skipped: string[] = [];
  for (const patch of PDFJS_PATCHES) {
    const at = source.indexOf(patch.find);
    if (at === -1 || source.indexOf(patch.find, at + 1) !== -1) {
      skipped.push(patch.name);
      continue;
    }
    source = source.slice(0, at) + patch.replace + source.slice(at + patch.find.length);
    applied.push(patch.name);
  }
  return { source, applied, skipped };
}

const WORKER_MODULE = 'pdfjs-dist/legacy/build/pdf.worker.mjs';

/** pdf.js's worker half (the parser and evaluator), patched, as a module of its own. */
export async function importPatchedPdfjsWorker(): Promise<{
  WorkerMessageHandler: unknown;
  applied: string[];
  skipped: string[];
}> {
  const stock = await readFile(createRequire(import.meta.url).resolve(WORKER_MODULE), 'utf8');
  const { source, applied, skipped } = patchPdfjsWorker(stock);
  // The bundle has no static imports, and the image decoders it may load at run time are never needed for
  // text, so a data: URL serves as well as its own folder. The sourceURL names it in stack traces and profiles
  // instead of three megabytes of base64.
  const named = `${source}\n//# sourceURL=${WORKER_MODULE}?patched\n`;
  const url = `data:text/javascript;base64,${Buffer.from(named, 'utf8').toString('base64')}`;
  const module = (await import(url)) as { WorkerMessageHandler: unknown };
  return { WorkerMessageHandler: module.WorkerMessageHandler, applied, skipped };
}

/**
 * pdf.js (legacy build, the one that runs on Node 20) with the patched worker
 * half in place of its own, for this thread only.
 *
 * Also puts back the native `Array.prototype.push`: the legacy build's core-js
 * replaces it, on any engine, with a JavaScript version that handles array
 * lengths beyond 2^32 (which pdf.js never makes) and costs 10–20 % of an
 * extraction, pdf.js pushing once or more per glyph. The replacement happens
 * inside this worker thread's own globals, so nothing else sees either.
 */
export async function loadPdfjs(): Promise<Pdfjs> {
  const nativePush = Object.getOwnPropertyDescriptor(Array.prototype, 'push')!;
  const worker = await importPatchedPdfjsWorker();
  // pdf.js's documented hook for a worker half already loaded on this thread ("fake worker"); it would
  // otherwise import the stock bundle itself.
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = { WorkerMessageHandler: worker.WorkerMessageHandler };
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  Object.defineProperty(Array.prototype, 'push', nativePush);
  return pdfjs;
}
