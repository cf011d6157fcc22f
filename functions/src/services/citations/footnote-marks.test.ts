import { describe, expect, it } from 'vitest';
import { checkCitations } from './check-citations.js';
import { withFootnoteMarks } from './footnote-marks.js';

describe('withFootnoteMarks', () => {
  it('marks each flag of the chapter right after what it flags, numbered as the flags run', () => {
    const documents = [{ code: 'K1', pages: ['Kauppahinta on 12 400 euroa.'] }];
    const chapters = [
      'Kauppahinta oli 12 400 euroa [K1 s.1].',
      'Hinta oli 13 400 euroa [K1 s.1], ks. [K1 s.5] ja oikeustoimilain 52 §; KKO 2019:56.',
    ];
    const { unverified } = checkCitations(chapters, documents);
    expect(unverified.map((flag) => flag.kind)).toEqual(['number', 'page', 'statute', 'precedent']);
    const mark = (number: number) => `[^${number}]`;
    expect(withFootnoteMarks(chapters[0]!, 1, unverified, mark)).toBe(chapters[0]);
    expect(withFootnoteMarks(chapters[1]!, 2, unverified, mark)).toBe(
      'Hinta oli 13 400 euroa[^1] [K1 s.1], ks. [K1 s.5][^2] ja oikeustoimilain 52 §[^3]; KKO 2019:56[^4].',
    );
  });
});
