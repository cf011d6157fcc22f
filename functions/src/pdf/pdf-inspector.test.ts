import { afterAll, describe, expect, it } from 'vitest';
import {
  corruptPdf,
  makePdf,
  notPdf,
  passwordProtectedPdf,
  truncatedPdf,
} from '../../../tests/api/support/pdf-fixtures.js';
import { closePdfWorkers, hasPdfHeader, inspectPdf, inspectPdfByRanges } from './pdf-inspector.js';

afterAll(async () => {
  await closePdfWorkers();
});

describe('inspectPdf', () => {
  it('counts the pages of a real PDF', async () => {
    expect(await inspectPdf(await makePdf({ pages: 3 }))).toEqual({
      ok: true,
      passwordProtected: false,
      pages: 3,
      activeContent: [],
    });
  });

  it('moves a buffer it may own to the worker instead of copying it, and copies a slice', async () => {
    const pdf = await makePdf({ pages: 2 });
    const owned = new Uint8Array(pdf);
    expect(await inspectPdf(owned)).toMatchObject({ ok: true, pages: 2 });
    expect(owned.buffer.byteLength).toBe(0);

    const padded = new Uint8Array(pdf.length + 10);
    padded.set(pdf, 10);
    const slice = padded.subarray(10);
    expect(await inspectPdf(slice)).toMatchObject({ ok: true, pages: 2 });
    expect(slice.byteLength).toBe(pdf.length);
  });

  it('refuses garbage, an empty file and a file whose header comes too late without starting pdf.js', async () => {
    expect(await inspectPdf(notPdf())).toMatchObject({ ok: false });
    expect(await inspectPdf(new Uint8Array(0))).toEqual({ ok: false, reason: 'The file is empty.' });
    const pdf = await makePdf();
    const late = new Uint8Array(1100 + pdf.length);
    late.set(pdf, 1100);
    expect(hasPdfHeader(late)).toBe(false);
    expect(await inspectPdf(late)).toMatchObject({ ok: false });
  });

  it('refuses a file with a PDF header and no PDF structure, and a PDF cut in half', async () => {
    const corrupt = await inspectPdf(corruptPdf());
    expect(corrupt).toMatchObject({ ok: false });
    expect(corrupt.ok === false && corrupt.reason).toMatch(/Invalid PDF/i);
    expect(await inspectPdf(await truncatedPdf())).toMatchObject({ ok: false });
  });

  it('accepts a password-protected PDF without counting its pages', async () => {
    expect(await inspectPdf(passwordProtectedPdf())).toEqual({ ok: true, passwordProtected: true, activeContent: [] });
  });

  it('gives up on a file that takes too long and keeps working for the next one', async () => {
    // A stored file whose ranges never arrive: pdf.js waits for ever, however fast the machine, so only the
    // time limit can end the task — the test does not depend on how quickly pdf.js parses anything.
    const stalled = { length: 4096, read: () => new Promise<Uint8Array>(() => {}) };
    const slow = await inspectPdfByRanges(stalled, [], { timeoutMs: 50 });
    expect(slow).toEqual({ ok: false, reason: 'pdf.js did not finish within 50 ms.' });
    expect(await inspectPdf(await makePdf({ pages: 4 }))).toMatchObject({ ok: true, pages: 4 });
  });

  it('finds the header anywhere in the first 1024 bytes', () => {
    const bytes = new Uint8Array(1024);
    bytes.set(new TextEncoder().encode('%PDF-'), 1019);
    expect(hasPdfHeader(bytes)).toBe(true);
    expect(hasPdfHeader(bytes.subarray(0, 1023))).toBe(false);
  });
});

/** A file read by ranges, as the upload check reads a stored blob; counts the bytes handed out. */
function rangesOf(bytes: Uint8Array, fail = false) {
  const source = {
    length: bytes.length,
    bytesRead: 0,
    reads: 0,
    async read(begin: number, end: number): Promise<Uint8Array> {
      if (fail) throw new Error('storage unreachable');
      source.reads += 1;
      source.bytesRead += end - begin;
      return bytes.slice(begin, end);
    },
  };
  return source;
}

describe('inspectPdfByRanges', () => {
  it('counts the pages of a large file from a few of its ranges, not the whole file', async () => {
    const large = await makePdf({ pages: 3, padTo: 8 * 1024 * 1024 });
    const source = rangesOf(large);
    expect(await inspectPdfByRanges(source, ['JS'])).toEqual({
      ok: true,
      passwordProtected: false,
      pages: 3,
      activeContent: ['JS'],
    });
    expect(source.reads).toBeGreaterThan(0);
    expect(source.bytesRead).toBeLessThan(large.length / 10);
  });

  it('refuses what pdf.js cannot open, also read by ranges, and accepts a password-protected file', async () => {
    expect(await inspectPdfByRanges(rangesOf(await truncatedPdf()), [])).toMatchObject({ ok: false });
    expect(await inspectPdfByRanges(rangesOf(corruptPdf()), [])).toMatchObject({ ok: false });
    expect(await inspectPdfByRanges(rangesOf(passwordProtectedPdf()), [])).toEqual({
      ok: true,
      passwordProtected: true,
      activeContent: [],
    });
    expect(await inspectPdfByRanges(rangesOf(new Uint8Array(0)), [])).toEqual({
      ok: false,
      reason: 'The file is empty.',
    });
  });

  it('rejects when a range cannot be read (storage, not the file), and keeps working for the next file', async () => {
    await expect(inspectPdfByRanges(rangesOf(await makePdf({ pages: 2 }), true), [])).rejects.toThrow(
      'storage unreachable',
    );
    expect(await inspectPdfByRanges(rangesOf(await makePdf({ pages: 2 })), [])).toMatchObject({ ok: true, pages: 2 });
  });
});
