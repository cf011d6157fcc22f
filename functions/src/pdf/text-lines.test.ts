import { describe, expect, it } from 'vitest';
import { joinTextRuns, type TextRun } from './text-lines.js';

/** A run of 10-point text at (x, y) as pdf.js reports it. */
function run(
  str: string,
  x: number,
  y: number,
  options: { width?: number; hasEOL?: boolean; size?: number } = {},
): TextRun {
  const size = options.size ?? 10;
  return {
    str,
    transform: [size, 0, 0, size, x, y],
    width: options.width ?? str.length * 5,
    height: size,
    hasEOL: options.hasEOL ?? false,
  };
}

describe('joinTextRuns', () => {
  it('ends a line where pdf.js says (hasEOL) and where the text moves down', () => {
    const text = joinTextRuns([
      run('Ensimmäinen rivi', 72, 700, { hasEOL: true }),
      run('Toinen rivi', 72, 700),
      run('Kolmas rivi', 72, 688),
    ]);
    expect(text).toBe('Ensimmäinen rivi\nToinen rivi\nKolmas rivi');
  });

  it('keeps runs on one line together, with a space only where there is a gap', () => {
    const text = joinTextRuns([
      run('Kauppa', 72, 700, { width: 30 }),
      run('hinta', 102, 700, { width: 25 }),
      run('12 400 €', 140, 700.4, { width: 40 }),
    ]);
    expect(text).toBe('Kauppahinta 12 400 €');
  });

  it('leaves one empty line for a paragraph gap, skips marked content and empty runs', () => {
    const text = joinTextRuns([
      { type: 'beginMarkedContent', id: 'P1' },
      run('Otsikko', 72, 760),
      run('', 0, 0, { hasEOL: true }),
      run('Kappale alkaa', 72, 700),
      run('ja jatkuu.', 72, 688),
      { type: 'endMarkedContent' },
    ]);
    expect(text).toBe('Otsikko\n\nKappale alkaa\nja jatkuu.');
  });

  it('composes decomposed letters and collapses repeated spaces', () => {
    const decomposed = 'Ta\u0308ma\u0308 on A\u030angstro\u0308m';
    const text = joinTextRuns([run(`${decomposed}    ja   muut`, 72, 700)]);
    expect(text).toBe('Tämä on Ångström ja muut');
    expect(text).toBe(text.normalize('NFC'));
  });

  it('answers an empty string for a page without text', () => {
    expect(joinTextRuns([])).toBe('');
    expect(joinTextRuns([{ type: 'beginMarkedContent' }])).toBe('');
  });
});
