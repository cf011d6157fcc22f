import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTRACT_PAGES, makeFinnishPdf, NOTICE_PAGES } from '../../../../tests/api/support/finnish-pdf.js';
import { passwordProtectedPdf, truncatedPdf } from '../../../../tests/api/support/pdf-fixtures.js';
import { scanPdf, wordRecovery } from '../../../../tests/api/support/scanned-pdf.js';
import { silentLogger } from '../../log.js';
import { ocrRecognitionCount, stopOcrEngine } from '../../pdf/ocr-engine.js';
import { closePdfWorkers } from '../../pdf/pdf-worker-pool.js';
import { extractPdfText, PDF_TEXT_EXTRACTOR_VERSION } from '../../pdf/pdf-text.js';
import type { BlobContainer, Blobs } from '../../ports/blobs.js';
import { systemClock } from '../../ports/clock.js';
import { buildCaseFile } from './build-case-file.js';
import { DEFAULT_OCR_CONFIG } from '../../config.js';
import {
  assertReadable,
  documentOcr,
  DocumentUnreadableError,
  loadDocumentText,
  textCacheName,
} from './load-document-text.js';

afterAll(async () => {
  await Promise.all([closePdfWorkers(), stopOcrEngine()]);
});

/** Blobs in memory, counting what is read and written per container. */
function memoryBlobs() {
  const stored = new Map<string, { bytes: Buffer; contentType: string }>();
  const reads: Record<string, number> = {};
  const writes: Record<string, number> = {};
  const key = (container: BlobContainer, name: string) => `${container}/${name}`;
  const blobs: Blobs = {
    kind: 'azurite',
    init: async () => undefined,
    ping: async () => undefined,
    async upload(container, name, body, options) {
      writes[container] = (writes[container] ?? 0) + 1;
      const bytes = Buffer.isBuffer(body) || body instanceof Uint8Array ? Buffer.from(body) : Buffer.alloc(0);
      stored.set(key(container, name), { bytes, contentType: options.contentType });
      return { contentType: options.contentType, size: bytes.length, etag: 'e' };
    },
    async downloadBuffer(container, name) {
      reads[container] = (reads[container] ?? 0) + 1;
      // A fresh copy, as the real adapter answers: the reader may hand it to a worker thread.
      const blob = stored.get(key(container, name));
      return blob && Buffer.from(blob.bytes);
    },
    async downloadRange(container, name, offset, count) {
      const blob = stored.get(key(container, name));
      return blob && Buffer.from(blob.bytes.subarray(offset, offset + count));
    },
    async download(container, name) {
      const blob = stored.get(key(container, name));
      return (
        blob && { stream: Readable.from(blob.bytes), size: blob.bytes.length, contentType: blob.contentType, etag: 'e' }
      );
    },
    async properties(container, name) {
      const blob = stored.get(key(container, name));
      return blob && { size: blob.bytes.length, contentType: blob.contentType, etag: 'e' };
    },
    delete: async (container, name) => stored.delete(key(container, name)),
  };
  return {
    blobs,
    stored,
    reads,
    writes,
    put: (container: BlobContainer, name: string, bytes: Uint8Array) =>
      stored.set(key(container, name), { bytes: Buffer.from(bytes), contentType: 'application/pdf' }),
  };
}

const deps = (blobs: Blobs) => ({ blobs, clock: systemClock, log: silentLogger });
const source = (blobName: string, container: 'attachments' | 'workfiles' = 'attachments') => ({
  fileId: `id-${blobName}`,
  fileName: `${blobName}.pdf`,
  container,
  blobName: `case-1/${blobName}`,
});

describe('loadDocumentText', () => {
  it('extracts a PDF once and serves the second request from the text cache', async () => {
    const memory = memoryBlobs();
    memory.put('attachments', 'case-1/contract', await makeFinnishPdf([...CONTRACT_PAGES]));

    const first = await loadDocumentText(deps(memory.blobs), source('contract'));
    expect(first).toMatchObject({
      fileId: 'id-contract',
      fileName: 'contract.pdf',
      scannedPages: [],
      encrypted: false,
    });
    expect(first.pages).toHaveLength(2);
    expect(first.pages[0]).toContain('Myyjä: Teräs Oy');
    expect(memory.reads.attachments).toBe(1);
    expect(memory.writes.text).toBe(1);
    const cacheName = textCacheName({ container: 'attachments', blobName: 'case-1/contract' });
    expect(cacheName).toBe(`attachments/case-1/contract.v${PDF_TEXT_EXTRACTOR_VERSION}.json`);
    expect(memory.stored.get(`text/${cacheName}`)?.contentType).toBe('application/json; charset=utf-8');

    const second = await loadDocumentText(deps(memory.blobs), source('contract'));
    expect(second).toEqual(first);
    // The PDF was not read again, so pdf.js did not run again.
    expect(memory.reads.attachments).toBe(1);
    expect(memory.writes.text).toBe(1);
  });

  it('extracts again when the cached text is unreadable or from another extractor version', async () => {
    const memory = memoryBlobs();
    memory.put('workfiles', 'case-1/notice', await makeFinnishPdf([...NOTICE_PAGES]));
    const file = source('notice', 'workfiles');
    const cacheName = `text/${textCacheName(file)}`;
    memory.stored.set(cacheName, { bytes: Buffer.from('{"extractor":'), contentType: 'application/json' });
    // Not about OCR: its scanned page stays unread.
    const noOcr = () => documentOcr({ ...DEFAULT_OCR_CONFIG, maxPagesPerFile: 0 });
    const text = await loadDocumentText(deps(memory.blobs), file, noOcr());
    expect(text.scannedPages).toEqual([2]);
    expect(memory.reads.workfiles).toBe(1);

    const cached = JSON.parse(memory.stored.get(cacheName)!.bytes.toString('utf8')) as Record<string, unknown>;
    memory.stored.set(cacheName, {
      bytes: Buffer.from(JSON.stringify({ ...cached, extractor: PDF_TEXT_EXTRACTOR_VERSION + 1 })),
      contentType: 'application/json',
    });
    await loadDocumentText(deps(memory.blobs), file, noOcr());
    expect(memory.reads.workfiles).toBe(2);
  });

  it('names the file when it is missing from storage or damaged, and caches neither', async () => {
    const memory = memoryBlobs();
    await expect(loadDocumentText(deps(memory.blobs), source('gone'))).rejects.toThrow(
      new DocumentUnreadableError(
        'gone.pdf',
        '"gone.pdf" could not be found in storage; it may have been deleted. Select the files again.',
      ),
    );
    memory.put('attachments', 'case-1/cut', await truncatedPdf());
    await expect(loadDocumentText(deps(memory.blobs), source('cut'))).rejects.toThrow(
      /^"cut\.pdf" could not be read\. The file is damaged or is not a complete PDF \(.+\)\.$/,
    );
    expect(memory.writes.text).toBeUndefined();
  });

  it('flags a password-protected PDF, which assertReadable then refuses by name', async () => {
    const memory = memoryBlobs();
    memory.put('attachments', 'case-1/locked', passwordProtectedPdf());
    const text = await loadDocumentText(deps(memory.blobs), source('locked'));
    expect(text).toMatchObject({ pages: [], encrypted: true });
    expect(() => assertReadable(text)).toThrow(
      '"locked.pdf" is password-protected, so its text cannot be read. Remove the password and upload the file again.',
    );
  });

  it('reads a scanned page of a mixed PDF by OCR once, keeping every page number, and serves it from the cache after', async () => {
    const memory = memoryBlobs();
    const original = await makeFinnishPdf([CONTRACT_PAGES[0], CONTRACT_PAGES[1], NOTICE_PAGES[0]]);
    const originalText = await extractPdfText(original.slice());
    if (!originalText.ok) throw new Error(originalText.reason);
    memory.put('attachments', 'case-1/mixed', await scanPdf(original, { pages: [2] }));

    const before = ocrRecognitionCount();
    const first = await loadDocumentText(deps(memory.blobs), source('mixed'));
    expect(ocrRecognitionCount() - before).toBe(1);
    expect(first.pages).toHaveLength(3);
    expect(first.pages[0]).toBe(originalText.pages[0]);
    expect(first.pages[2]).toBe(originalText.pages[2]);
    expect(wordRecovery(originalText.pages[1]!, first.pages[1]!)).toBeGreaterThanOrEqual(0.9);
    expect(first.pages[1]).toContain('(355/1987)');
    expect(first.scannedPages).toEqual([]);
    expect(first.ocrPages).toEqual([{ page: 2, confidence: expect.any(Number), poor: false }]);
    expect(buildCaseFile([{ prefix: 'K', documents: [first] }]).text.match(/\[K1 s\.\d[^\]]*\]/g)).toEqual([
      '[K1 s.1]',
      '[K1 s.2, OCR]',
      '[K1 s.3]',
    ]);

    const second = await loadDocumentText(deps(memory.blobs), source('mixed'));
    expect(second).toEqual(first);
    // Neither pdf.js nor OCR ran again: the file was not even downloaded.
    expect(ocrRecognitionCount() - before).toBe(1);
    expect(memory.reads.attachments).toBe(1);
  }, 60_000);

  it('refuses a document whose every page is a scan OCR finds no text on, naming it', async () => {
    const memory = memoryBlobs();
    memory.put('attachments', 'case-1/scan', await makeFinnishPdf([null]));
    const before = ocrRecognitionCount();
    const text = await loadDocumentText(deps(memory.blobs), source('scan'));
    // A pale grey box has no ink: Tesseract is not even asked.
    expect(ocrRecognitionCount()).toBe(before);
    expect(text.scannedPages).toEqual([1]);
    expect(text.ocrPages).toBeUndefined();
    expect(() => assertReadable(text)).toThrow(
      '"scan.pdf" has no text that can be read: it appears to be a scanned image, and OCR read no text from it. ' +
        'Select a clearer scan or a PDF that contains text.',
    );
  }, 60_000);

  it('leaves scanned pages beyond the per-file OCR limit unread, saying so', async () => {
    const memory = memoryBlobs();
    memory.put('attachments', 'case-1/scans', await makeFinnishPdf([null, null, null, CONTRACT_PAGES[0]!]));
    const ocr = documentOcr({ ...DEFAULT_OCR_CONFIG, maxPagesPerFile: 0 });
    const text = await loadDocumentText(deps(memory.blobs), source('scans'), ocr);
    expect(text.scannedPages).toEqual([1, 2, 3]);
    expect(text.ocrNotes).toEqual([
      'Pages 1–3 of "scans.pdf" were not read: OCR reads at most 0 scanned pages of one file.',
    ]);
    expect(ocr.budget.remainingMs).toBe(DEFAULT_OCR_CONFIG.maxSecondsPerJob * 1000);
  });
});
