import { describe, expect, it } from 'vitest';
import { isGarbageText, pageRanges, pagesPhrase, unusablePagesOf } from './document-text.js';

describe('pages without a usable text layer', () => {
  it('takes a page of almost no text, or of text a font without a Unicode map garbled, for a scan', () => {
    const text = 'Kauppahinta on 12 500,00 € ja se maksetaan kahdessa erässä.';
    const garbled =
      '\uFFFD\uFFFD\uFFFD \uE001\uE002\uE003\uE004 \uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD';
    const symbols = '§¤%&/()=?`´*^¨~|<>{}[]@£$€¤§%&/()=?';
    expect(isGarbageText(text)).toBe(false);
    expect(isGarbageText('Sisällysluettelo .......... 3\n1. Tausta .......... 4')).toBe(false);
    expect(isGarbageText(garbled)).toBe(true);
    expect(isGarbageText(symbols)).toBe(true);
    expect(unusablePagesOf([text, 'Sivu 2', garbled, '', symbols, text])).toEqual([2, 3, 4, 5]);
  });

  it('names pages with runs shortened', () => {
    expect(pageRanges([1, 2, 3, 5, 7, 8])).toBe('1–3, 5, 7, 8');
    expect(pagesPhrase([4])).toBe('Page 4');
    expect(pagesPhrase([4, 5, 6, 9])).toBe('Pages 4–6, 9');
  });
});
