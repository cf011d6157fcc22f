import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import {
  beginText,
  concatTransformationMatrix,
  degrees,
  endText,
  moveText,
  nextLine,
  PDFDocument,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  popGraphicsState,
  pushGraphicsState,
  setCharacterSpacing,
  setCharacterSqueeze,
  setFontAndSize,
  setLineHeight,
  setTextMatrix,
  setTextRise,
  setWordSpacing,
  showText,
  StandardFonts,
} from 'pdf-lib';
import type * as PdfjsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { CONTRACT_PAGES, makeFinnishPdf } from '../../../tests/api/support/finnish-pdf.js';
import { importPatchedPdfjsWorker, patchPdfjsWorker, PDFJS_PATCHES } from './pdfjs-loader.js';

type Pdfjs = typeof PdfjsModule;
interface WorkerHalf {
  WorkerMessageHandler: unknown;
}

const stockSource = () =>
  readFile(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.worker.mjs'), 'utf8');

describe('patchPdfjsWorker', () => {
  it('applies every patch to the installed pdfjs-dist (after an upgrade, redo the ones it names)', async () => {
    const { applied, skipped } = patchPdfjsWorker(await stockSource());
    expect(skipped).toEqual([]);
    expect(applied).toEqual(PDFJS_PATCHES.map((patch) => patch.name));
  });

  it('leaves a passage stock when it is missing or not unique', () => {
    const [first] = PDFJS_PATCHES;
    const twice = `${first!.find}\n${first!.find}`;
    const result = patchPdfjsWorker(twice);
    expect(result.source).toBe(twice);
    expect(result.applied).toEqual([]);
    expect(result.skipped).toHaveLength(PDFJS_PATCHES.length);
  });
});

/**
 * Text positions exercise every patched path: a scaled and rotated CTM under
 * nested q/Q, horizontal scaling (Tz), text rise (Ts), character and word
 * spacing, TJ kerning, font switches inside saved states, T* and ' line moves.
 */
async function trickyPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const times = await doc.embedFont(StandardFonts.TimesRoman);
  const page = doc.addPage([595, 842]);
  page.drawText('Kääntynyt rivi 30 astetta', { x: 100, y: 300, size: 12, font: helvetica, rotate: degrees(30) });
  page.drawText('Pystyssä 90 astetta', { x: 500, y: 100, size: 9, font: times, rotate: degrees(90) });
  page.drawText('Ylösalaisin', { x: 400, y: 700, size: 14, font: helvetica, rotate: degrees(180) });
  const sans = page.node.newFontDictionary('F1', helvetica.ref);
  const serif = page.node.newFontDictionary('F2', times.ref);
  const text = (value: string) => helvetica.encodeText(value);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(1.5, 0, 0, 0.8, 20, 40),
    beginText(),
    setFontAndSize(sans, 10),
    setCharacterSqueeze(80),
    setTextRise(3),
    setCharacterSpacing(0.5),
    setWordSpacing(2),
    setLineHeight(13),
    moveText(30, 500),
    showText(text('Vaaka 80 % ja nousu 3')),
    nextLine(),
    PDFOperator.of(PDFOperatorNames.ShowTextLine, [text('Seuraava rivi heittomerkillä')]),
    endText(),
    pushGraphicsState(),
    concatTransformationMatrix(0.9, 0.2, -0.2, 0.9, 10, -20),
    beginText(),
    setFontAndSize(serif, 11),
    setTextMatrix(1, 0, 0, 1, 60, 420),
    PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [
      doc.context.obj([text('Ker'), -120, text('navat'), 300, text(' sanat')]),
    ]),
    setFontAndSize(sans, 11),
    moveText(0, -14),
    showText(text('Fontti vaihtuu tallennetussa tilassa')),
    endText(),
    popGraphicsState(),
    popGraphicsState(),
  );
  return new Uint8Array(await doc.save({ useObjectStreams: false }));
}

/** A page whose compressed content stream lost its last bytes: zlib refuses it, pdf.js's own decoder reads on. */
async function cutFlatePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  const font = page.node.newFontDictionary('F1', helvetica.ref);
  const content = `BT ${font.toString()} 12 Tf 72 700 Td (Katkennut virta) Tj 0 -14 Td (toinen rivi luetaan silti) Tj ET`;
  const deflated = deflateSync(Buffer.from(`${content}\n${'% t\u00e4ytett\u00e4\n'.repeat(40)}`, 'latin1'));
  const stream = doc.context.stream(deflated.subarray(0, deflated.length - 6), { Filter: 'FlateDecode' });
  page.node.set(PDFName.of('Contents'), doc.context.register(stream));
  return new Uint8Array(await doc.save({ useObjectStreams: false }));
}

/**
 * A pdf.js port pair in one thread, messages structurally cloned as pdf.js's
 * own fake worker does, so each document can be read by a worker half of the
 * test's choosing.
 */
class ClonePort {
  peer!: ClonePort;
  private readonly listeners = new Set<(event: { data: unknown }) => void>();
  postMessage(data: unknown, transfer?: Transferable[]): void {
    const event = { data: structuredClone(data, transfer ? { transfer } : undefined) };
    void Promise.resolve().then(() => {
      for (const listener of this.peer.listeners) listener.call(this.peer, event);
    });
  }
  addEventListener(_type: string, listener: (event: { data: unknown }) => void): void {
    this.listeners.add(listener);
  }
  removeEventListener(_type: string, listener: (event: { data: unknown }) => void): void {
    this.listeners.delete(listener);
  }
  terminate(): void {}
}

async function textItems(pdfjs: Pdfjs, half: WorkerHalf, bytes: Uint8Array): Promise<unknown[][]> {
  const main = new ClonePort();
  const worker = new ClonePort();
  main.peer = worker;
  worker.peer = main;
  (half.WorkerMessageHandler as { initializeFromPort(port: ClonePort): void }).initializeFromPort(worker);
  const pdfWorker = new pdfjs.PDFWorker({ port: main as unknown as Worker, verbosity: 0 });
  const task = pdfjs.getDocument({ data: bytes.slice(), worker: pdfWorker, verbosity: 0, isEvalSupported: false });
  try {
    const document = await task.promise;
    const pages: unknown[][] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      // Font names carry the document's number, which counts documents opened in this thread.
      const { items } = await page.getTextContent();
      pages.push(
        items.map((item) =>
          'fontName' in item ? { ...item, fontName: item.fontName.replace(/^g_d\d+_/, 'g_') } : item,
        ),
      );
    }
    return pages;
  } finally {
    await task.destroy();
    pdfWorker.destroy();
  }
}

describe('the patched pdf.js', () => {
  it('reports the same text items as the stock one, to the last bit of every position and width', async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const stock = (await import('pdfjs-dist/legacy/build/pdf.worker.mjs')) as WorkerHalf;
    const patched = await importPatchedPdfjsWorker();
    expect(patched.skipped).toEqual([]);
    for (const bytes of [await trickyPdf(), await makeFinnishPdf([...CONTRACT_PAGES]), await cutFlatePdf()]) {
      const expected = await textItems(pdfjs, stock, bytes);
      expect(expected.flat().length).toBeGreaterThan(1);
      expect(await textItems(pdfjs, patched, bytes)).toStrictEqual(expected);
    }
  }, 60_000);
});
