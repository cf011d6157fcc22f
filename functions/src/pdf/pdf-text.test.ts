import { afterAll, describe, expect, it } from 'vitest';
import { CONTRACT_PAGES, makeFinnishPdf, makeLongPdf, NOTICE_PAGES } from '../../../tests/api/support/finnish-pdf.js';
import { corruptPdf, notPdf, passwordProtectedPdf, truncatedPdf } from '../../../tests/api/support/pdf-fixtures.js';
import { inspectPdf } from './pdf-inspector.js';
import { extractionTimeoutMs, extractPdfText, SPLIT_MIN_BYTES } from './pdf-text.js';
import { closePdfWorkers } from './pdf-worker-pool.js';

afterAll(async () => {
  await closePdfWorkers();
});

/** A page's lines joined back into paragraphs, as the fixture wrote them. */
function paragraphs(page: string): string[] {
  return page.split('\n\n').map((paragraph) => paragraph.replace(/\n/g, ' '));
}

describe('extractPdfText', () => {
  it('reads every page of a Finnish PDF with its letters, symbols and lines exact', async () => {
    const result = await extractPdfText(await makeFinnishPdf([...CONTRACT_PAGES]));
    expect(result).toMatchObject({ ok: true, encrypted: false });
    if (!result.ok) return;
    expect(result.pages).toHaveLength(2);
    const [first, second] = result.pages as [string, string];
    expect(first.split('\n').slice(0, 4)).toEqual([
      'KAUPPASOPIMUS',
      '',
      'Myyjä: Teräs Oy (Y-tunnus 8765432-1), Tehdaskatu 5, 33100 Tampere',
      'Ostaja: Rakennus Oy (Y-tunnus 1234567-8), Katu 1, 00100 Helsinki',
    ]);
    expect(paragraphs(first)).toContain(
      '1. Sopimuksen kohde Myyjä toimittaa ostajalle 40 kappaletta teräspalkkeja HEA 300 työmaalle Länsisatamaan. ' +
        'Kauppahinta on 12 400 euroa (alv 0 %), ja se erääntyy maksettavaksi 14 päivän kuluttua toimituksesta.',
    );
    expect(second).toContain('oikeustoimilain 36 §:ssä');
    expect(second.split('\n').at(-1)).toBe('Åsa Åström – Teräs Oy Pekka Mäkelä – Rakennus Oy');
    expect(second).toBe(second.normalize('NFC'));
  });

  it('gives a scanned page (no text layer) as an empty page and keeps the page count', async () => {
    const result = await extractPdfText(await makeFinnishPdf([...NOTICE_PAGES]));
    expect(result.ok && result.pages.length).toBe(2);
    expect(result.ok && result.pages[0]).toContain('lisäkustannuksia 3 000 €');
    expect(result.ok && result.pages[0]).toContain('”viivästyksen johdosta”');
    expect(result.ok && result.pages[1]).toBe('');
  });

  it('reports a password-protected PDF as encrypted without pages', async () => {
    expect(await extractPdfText(passwordProtectedPdf())).toEqual({ ok: true, pages: [], encrypted: true });
  });

  it('reads an encrypted PDF that opens without a password, and says it is encrypted', async () => {
    expect(await extractPdfText(passwordProtectedPdf(''))).toEqual({ ok: true, pages: [''], encrypted: true });
  });

  it('refuses truncated, corrupt and non-PDF files with a sentence, and keeps working afterwards', async () => {
    const truncated = await extractPdfText(await truncatedPdf());
    expect(truncated).toEqual({
      ok: false,
      reason: expect.stringMatching(/^The file is damaged or is not a complete PDF \(.+\)\.$/),
    });
    expect(await extractPdfText(corruptPdf())).toMatchObject({ ok: false, reason: expect.stringContaining('damaged') });
    expect(await extractPdfText(notPdf())).toMatchObject({ ok: false, reason: expect.stringContaining('not a PDF') });
    expect(await extractPdfText(new Uint8Array(0))).toEqual({ ok: false, reason: 'The file is empty.' });
    expect(await inspectPdf(await makeFinnishPdf(['Vielä toimii.']))).toMatchObject({ ok: true, pages: 1 });
  });

  it('reads only its own bytes from a small Buffer that shares Node’s pool with other buffers', async () => {
    // Buffer.from of a small array lands in Node's shared pool, beside other buffers' bytes (here a locked PDF).
    const locked = Buffer.from(passwordProtectedPdf());
    const corrupt = Buffer.from(corruptPdf());
    expect(corrupt.buffer).toBe(locked.buffer);
    expect(await extractPdfText(corrupt)).toMatchObject({ ok: false, reason: expect.stringContaining('damaged') });
    expect(await inspectPdf(corrupt)).toMatchObject({ ok: false });
    expect(await extractPdfText(locked)).toMatchObject({ ok: true, encrypted: true, pages: [] });
  });

  it('reads a file split between threads into the same pages, in order, as one thread does', async () => {
    const texts = Array.from({ length: 7 }, (_u, i) => `Sivu ${i + 1}: liite ${'äöå '.repeat(i + 1)}loppuu.`);
    const bytes = await makeFinnishPdf([texts[0]!, null, ...texts.slice(2)]);
    const whole = await extractPdfText(bytes.slice(), { parts: 1 });
    expect(whole).toMatchObject({ ok: true, encrypted: false });
    expect(whole.ok && whole.pages).toHaveLength(7);
    expect(whole.ok && whole.pages[6]).toBe('Sivu 7: liite äöå äöå äöå äöå äöå äöå äöå loppuu.');
    // Three ranges of a 7-page file (2 + 2 + 3 pages); more parts than pages leaves some parts empty.
    expect(await extractPdfText(bytes.slice(), { parts: 3 })).toEqual(whole);
    expect(await extractPdfText(bytes.slice(), { parts: 9 })).toEqual(whole);
    expect(await extractPdfText(passwordProtectedPdf(), { parts: 2 })).toEqual({
      ok: true,
      pages: [],
      encrypted: true,
    });
    expect(await extractPdfText(await truncatedPdf(), { parts: 2 })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('damaged'),
    });
  });

  it('reads a large file with every PDF thread at once, its pages in order', async () => {
    const words = ['kantaja', 'vaatii', 'vahingonkorvausta', 'viivästyksestä', 'sopimussakkoa', 'työmaalla', '§', '€'];
    // Numbers that vary from word to word, so the content does not compress to nothing.
    const texts = Array.from(
      { length: 200 },
      (_u, i) =>
        `Sivu ${i + 1}. ${Array.from({ length: 120 }, (_w, j) => `${words[(i * j) % 8]} ${(i * 7919 + j * 104729) % 100000}`).join(' ')}`,
    );
    const bytes = await makeLongPdf(texts);
    expect(bytes.byteLength).toBeGreaterThanOrEqual(SPLIT_MIN_BYTES);
    const result = await extractPdfText(bytes);
    expect(result.ok && result.pages.map((page) => /^Sivu (\d+)\./.exec(page)?.[1])).toEqual(
      texts.map((_text, i) => String(i + 1)),
    );
  }, 30_000);

  // A time-out throws the thread away; starting its replacement under tsx (tests only) takes seconds.
  it('gives up on a file that takes longer than its time limit', async () => {
    const result = await extractPdfText(await makeFinnishPdf(Array.from({ length: 30 }, () => CONTRACT_PAGES[0])), {
      timeoutMs: 1,
    });
    expect(result).toEqual({ ok: false, reason: 'Reading its text took longer than 1 s.' });
    const next = await extractPdfText(await makeFinnishPdf(['Seuraava tiedosto luetaan normaalisti.']));
    expect(next).toEqual({ ok: true, pages: ['Seuraava tiedosto luetaan normaalisti.'], encrypted: false });
  }, 30_000);

  it('allows more time for larger files, within a ceiling', () => {
    expect(extractionTimeoutMs(100_000)).toBe(40_000);
    expect(extractionTimeoutMs(20 * 1024 * 1024)).toBe(230_000);
    expect(extractionTimeoutMs(500 * 1024 * 1024)).toBe(300_000);
  });
});
