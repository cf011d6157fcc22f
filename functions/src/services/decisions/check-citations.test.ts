import { describe, expect, it } from 'vitest';
import { checkCitations, normalise } from './check-citations.js';

const documents = [
  {
    code: 'K1',
    pages: [
      'KAUPPASOPIMUS\nMyyjä toimittaa 40 tonnia terästä viimeistään 15.3.2025.',
      'Ostaja maksaa kauppa-\nhinnan 120 000 euroa 30 päivän kuluessa toimituksesta.',
    ],
  },
  { code: 'V1', pages: ['Vastaaja kiistää kanteen kokonaisuudessaan.'] },
];

describe('checkCitations', () => {
  it('accepts references to pages that exist, alone and in groups and ranges', () => {
    const report = checkCitations(
      ['Toimitus sovittiin [K1 s.1]. Hinta [K1 s.1–2; V1 s.1].', 'Kiistäminen [V1 s.1].'],
      documents,
    );
    expect(report.unverified).toEqual([]);
    expect(report.checked).toBe(4);
  });

  it('flags a fabricated page, an unknown document and a reversed range, naming the chapter', () => {
    const report = checkCitations(['Sopimus [K1 s.7].', 'Muistio [K9 s.1]. Väli [K1 s.2-1].'], documents);
    expect(report.unverified).toEqual([
      expect.objectContaining({ reference: '[K1 s.7]', chapter: 1 }),
      expect.objectContaining({ reference: '[K9 s.1]', chapter: 2, reason: expect.stringContaining('K9') }),
      expect.objectContaining({ reference: '[K1 s.2-1]', chapter: 2 }),
    ]);
  });

  it('finds a quote on its page despite case, whitespace and a hyphenated line end', () => {
    const report = checkCitations(
      ['Sopimuksen mukaan ostaja ”maksaa kauppahinnan 120 000   euroa 30 päivän kuluessa” [K1 s.2].'],
      documents,
    );
    expect(report.unverified).toEqual([]);
  });

  it('flags a quote that is not on the cited page, even when the page exists', () => {
    const report = checkCitations(['Vastaaja on todennut ”myöntävänsä kanteen täysimääräisesti” [V1 s.1].'], documents);
    expect(report.unverified).toEqual([
      expect.objectContaining({
        reference: '[V1 s.1]',
        quote: 'myöntävänsä kanteen täysimääräisesti',
        reason: expect.stringContaining('Lainattua'),
      }),
    ]);
  });

  it('checks each part of a quote cut with an ellipsis, on any page of a cited range', () => {
    const ok = checkCitations(['”Myyjä toimittaa 40 tonnia … 30 päivän kuluessa toimituksesta” [K1 s.1-2]'], documents);
    expect(ok.unverified).toEqual([]);
    const wrong = checkCitations(
      ['”Myyjä toimittaa 40 tonnia … 90 päivän kuluessa toimituksesta” [K1 s.1-2]'],
      documents,
    );
    expect(wrong.unverified).toHaveLength(1);
  });

  it('says a quote not found on a page read by OCR may be a misreading, with how sure OCR was', () => {
    const scanned = [{ ...documents[0]!, ocrPages: [{ page: 2, confidence: 54 }] }];
    const report = checkCitations(
      ['Ostaja maksaa ”kauppahinnan 210 000 euroa” [K1 s.2]. Myyjä ”toimittaa 50 tonnia terästä” [K1 s.1].'],
      scanned,
    );
    expect(report.unverified.map((item) => item.reason)).toEqual([
      'Lainattua kohtaa ei löydy viitatulta sivulta. Sivu on luettu skannatusta kuvasta tekstintunnistuksella ' +
        '(OCR, luotettavuus 54 %); ero voi johtua lukuvirheestä, tarkista alkuperäisestä.',
      'Lainattua kohtaa ei löydy viitatulta sivulta.',
    ]);
  });

  it('ignores brackets that are not page references and quotes far from any reference', () => {
    const report = checkCitations(
      ['Katso [liite] ja ”tämä lause on lainaus ilman viitettä” eikä mitään muuta.'],
      documents,
    );
    expect(report).toEqual({ checked: 0, unverified: [] });
  });
});

describe('normalise', () => {
  it('joins hyphenated line ends and unifies quotes and dashes', () => {
    expect(normalise('Kauppa-\n  hinta – ”X”')).toBe('kauppahinta - "x"');
  });
});
