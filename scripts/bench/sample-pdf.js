// The upload benchmark's file: a real PDF of about 20 MB that pdf.js opens and
// counts pages in, as the upload route's content check requires. Built once
// and cached in the temporary folder: making it takes seconds.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';

export const SAMPLE_PDF_BYTES = 20 * 1024 * 1024;
const PAGES = 3;
// Bump when the recipe changes, so a stale cached file is not reused.
const RECIPE = 2;

/** Path of the cached sample PDF, building it first when missing. */
export async function samplePdf() {
  const file = path.join(tmpdir(), `ratkaisu-bench-sample-${SAMPLE_PDF_BYTES}-v${RECIPE}.pdf`);
  if (existsSync(file) && (await opensAsPdf(readFileSync(file)))) return file;

  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let number = 1; number <= PAGES; number++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Benchmark exhibit, page ${number} of ${PAGES}`, { x: 72, y: 760, size: 14, font });
    page.drawText('The bulk of this file is a stream of random bytes.', { x: 72, y: 730, size: 11, font });
  }
  // Random bytes in an unreferenced stream keep the PDF at the target size (not an embedded
  // file: uploads refuse those as active content); the pages and cross-reference table take a few kilobytes.
  doc.context.register(doc.context.stream(randomBytes(SAMPLE_PDF_BYTES - 16 * 1024)));
  const bytes = await doc.save({ useObjectStreams: false });
  if (!(await opensAsPdf(bytes))) throw new Error('The generated sample PDF does not open in pdf.js.');
  // Written under another name first, so an interrupted run never leaves a truncated file behind.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  return file;
}

async function opensAsPdf(bytes) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  try {
    const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false });
    const pdf = await task.promise;
    const pages = pdf.numPages;
    await task.destroy();
    return pages === PAGES;
  } catch {
    return false;
  }
}
