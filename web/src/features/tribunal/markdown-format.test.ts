import { describe, expect, it } from 'vitest';
import { applyMarkdownFormat } from './markdown-format';

describe('the chapter toolbar’s Markdown', () => {
  it('wraps and unwraps a selection in bold', () => {
    const bold = applyMarkdownFormat('Kanne hyväksytään.', 6, 17, 'bold');
    expect(bold).toEqual({ text: 'Kanne **hyväksytään**.', start: 8, end: 19 });
    expect(applyMarkdownFormat(bold.text, bold.start, bold.end, 'bold').text).toBe('Kanne hyväksytään.');
  });

  it('prefixes every selected line, numbers them, and takes the prefix off again', () => {
    const text = 'Johdanto\nEnsimmäinen\nToinen\nLoppu';
    const start = text.indexOf('Ensimmäinen');
    const end = text.indexOf('\nLoppu');
    const numbered = applyMarkdownFormat(text, start, end, 'numbers');
    expect(numbered.text).toBe('Johdanto\n1. Ensimmäinen\n2. Toinen\nLoppu');
    expect(applyMarkdownFormat(numbered.text, numbered.start, numbered.end, 'numbers').text).toBe(text);
    expect(applyMarkdownFormat(text, 0, 0, 'heading').text).toBe('### Johdanto\nEnsimmäinen\nToinen\nLoppu');
    expect(applyMarkdownFormat(text, start, start, 'quote').text).toBe('Johdanto\n> Ensimmäinen\nToinen\nLoppu');
  });
});
