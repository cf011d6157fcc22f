import { afterAll, describe, expect, it } from 'vitest';
import { amountsOf, SCANNED_CONTRACT_MARKDOWN, scanPdf, wordRecovery } from '../../../tests/api/support/scanned-pdf.js';
import { stopOcrEngine } from './ocr-engine.js';
import { ocrBudget, ocrPdfPages } from './ocr-pages.js';
import { extractPdfText } from './pdf-text.js';
import { closePdfWorkers } from './pdf-worker-pool.js';
import { renderMarkdownPdf } from './render-markdown-pdf.js';

afterAll(async () => {
  await Promise.all([closePdfWorkers(), stopOcrEngine()]);
});

describe('ocrPdfPages', () => {
  it('reads a scan of a page our renderer made: at least 90 % of its words and every amount exactly', async () => {
    const original = await renderMarkdownPdf(SCANNED_CONTRACT_MARKDOWN, {
      title: 'Kauppasopimus',
      footerText: 'Rakennus Oy v. Teräs Oy',
    });
    const scan = await scanPdf(original);
    const originalText = await extractPdfText(original.slice());
    const scanText = await extractPdfText(scan.slice());
    expect(originalText.ok && scanText.ok).toBe(true);
    if (!originalText.ok || !scanText.ok) return;
    // The fixture has no text layer at all.
    expect(scanText.pages.join('').trim()).toBe('');

    const budget = ocrBudget(120);
    const outcome = await ocrPdfPages(scan, [1], budget);
    expect(outcome.unread).toEqual([]);
    expect(outcome.read).toHaveLength(1);
    const [page] = outcome.read;
    const expected = originalText.pages[0]!;
    expect(wordRecovery(expected, page!.text)).toBeGreaterThanOrEqual(0.9);
    expect(amountsOf(expected)).toEqual(['12 500,00 €', '5 000 €', '7 500 €', '3 750 €']);
    expect(amountsOf(page!.text)).toEqual(amountsOf(expected));
    expect(page!.confidence).toBeGreaterThan(80);
    expect(budget.remainingMs).toBeLessThan(120_000);
  }, 90_000);

  it('stops before a page when the job has no OCR time left', async () => {
    const outcome = await ocrPdfPages(new Uint8Array(0), [1, 2], ocrBudget(0));
    expect(outcome).toEqual({ read: [], unread: [1, 2], stopped: { by: 'time' } });
  });
});
