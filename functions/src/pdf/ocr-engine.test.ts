import { afterAll, describe, expect, it } from 'vitest';
import { recognizePage, stopOcrEngine } from './ocr-engine.js';

afterAll(async () => {
  await stopOcrEngine();
});

describe('recognizePage', () => {
  it('rejects an image Tesseract cannot read, without ending the process, and reads the next one', async () => {
    await expect(recognizePage(new Uint8Array([1, 2, 3, 4]), { dpi: 300, timeoutMs: 30_000 })).rejects.toBeDefined();
    // A 1×1 white PNG: nothing on it, but an image.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
      'base64',
    );
    await expect(recognizePage(png, { dpi: 300, timeoutMs: 30_000 })).resolves.toEqual({ text: '', confidence: 0 });
  }, 60_000);
});
