import { describe, expect, it } from 'vitest';
import {
  CASE_NAME_LINE_PATTERN,
  DOCUMENT_TAG_PATTERN,
  documentTag,
  PAGE_REFERENCE_LINE_PATTERN,
  PAGE_REFERENCE_PATTERN,
  pageMarker,
  PARTICULAR_LABELS,
  particularLine,
  PARTY_LINE_PATTERN,
} from './case-file-markers.js';

describe('case-file markers: what the prompt builders write, the readers read back', () => {
  it('reads a document tag back, a hostile file name neutralised', () => {
    const tag = documentTag({ code: 'K2', fileName: 'Sopimus "x">.pdf', pages: 3, phase: 'Kanne' });
    expect(tag).toBe(`<asiakirja tunnus="K2" tiedosto="Sopimus 'x' .pdf" sivuja="3" vaihe="Kanne">`);
    DOCUMENT_TAG_PATTERN.lastIndex = 0;
    const match = DOCUMENT_TAG_PATTERN.exec(`alku\n${tag}\n[K2 s.1]`);
    expect(match?.slice(1, 4)).toEqual(['K2', "Sopimus 'x' .pdf", '3']);
  });

  it('reads page markers back, also as a model cites them', () => {
    expect(pageMarker('K1', 3)).toBe('[K1 s.3]');
    expect(pageMarker('V2', 7, 'OCR')).toBe('[V2 s.7, OCR]');
    const text = `Sopimus ${pageMarker('K1', 3)} ja liite [K1 s.4–5].`;
    expect(text.match(PAGE_REFERENCE_PATTERN)).toEqual(['[K1 s.3]', '[K1 s.4–5]']);
    expect(PAGE_REFERENCE_LINE_PATTERN.test(`${pageMarker('K1', 3)} ${pageMarker('K1', 4)}`)).toBe(true);
    expect(PAGE_REFERENCE_LINE_PATTERN.test(`${pageMarker('K1', 3)} teksti`)).toBe(false);
  });

  it('reads the particulars back', () => {
    const lines = [
      particularLine(PARTICULAR_LABELS.caseName, 'Teräspalkit'),
      particularLine(PARTICULAR_LABELS.claimant, 'Rakennus Oy'),
      particularLine(`${PARTICULAR_LABELS.respondent}n yhteystiedot`, 'Tehdaskatu 5'),
    ].join('\n');
    expect(CASE_NAME_LINE_PATTERN.exec(lines)?.[1]).toBe('Teräspalkit');
    expect([...lines.matchAll(PARTY_LINE_PATTERN)].map((match) => [match[1], match[2]])).toEqual([
      ['Kantaja', 'Rakennus Oy'],
      ['Vastaajan yhteystiedot', 'Tehdaskatu 5'],
    ]);
  });
});
