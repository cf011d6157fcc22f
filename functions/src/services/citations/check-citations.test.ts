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
    expect(report).toMatchObject({ checked: 0, unverified: [] });
  });
});

describe('normalise', () => {
  it('joins hyphenated line ends and unifies quotes and dashes', () => {
    expect(normalise('Kauppa-\n  hinta – ”X”')).toBe('kauppahinta - "x"');
  });
});

const CASE = [
  {
    code: 'K1',
    pages: [
      'KAUPPASOPIMUS\nMyyjä toimittaa 40 tonnia teräspalkkeja viimeistään 1.3.2025.',
      'Kauppahinta on 12.500,00 euroa (alv 0 %). Viivästyssakko on 0,5 % viikolta.',
      'Liite: toimitusaikataulu',
      'Maksuerä 2: EUR 4 000 erääntyy 2025-04-15.',
      'Reklamaatio vastaanotettu 3. huhtikuuta 2025.',
    ],
  },
  {
    code: 'K2',
    pages: ['Pöytäkirja', 'Työmaakokous 5.3.2025', 'Toimitus myöhästyi 14 päivää.', 'Seisokki 2 päivää.'],
  },
];

const flagged = (chapters: string[]) => checkCitations(chapters, CASE).unverified;

describe('checkCitations: numbers in a citing sentence', () => {
  it('accepts sums, dates, percentages and quantities written differently from the page', () => {
    const report = checkCitations(
      [
        'Kauppahinta oli 12 500 € [K1 s.2]. Hinta oli myös 12500 EUR ja 12 500,00 euroa [K1 s.2].',
        'Palkit (40 tonnia) oli toimitettava 1. maaliskuuta 2025 [K1 s.1]; sama päivä 01.03.2025 ja 2025-03-01 [K1 s.1].',
        'Viivästyssakko oli 0,5 prosenttia viikolta [K1 s.2]. Toinen erä 4 000 euroa erääntyi 15.4.2025 [K1 s.4].',
        'Toimitus myöhästyi 14 päivää (ks. K2, sivu 3).',
      ],
      CASE,
    );
    expect(report.unverified).toEqual([]);
    expect(report.checkedByKind.numbers).toBe(11);
  });

  it('flags a wrong amount and a wrong date where they stand, naming the reference', () => {
    const text = 'Ostaja maksoi 13 500 euroa 2.3.2025 mennessä [K1 s.2].';
    const flags = flagged([text]);
    expect(flags).toEqual([
      expect.objectContaining({
        kind: 'number',
        chapter: 1,
        reference: '[K1 s.2]',
        index: text.indexOf('13 500 euroa'),
        length: '13 500 euroa'.length,
        reason: 'Rahamäärää 13 500 euroa ei löydy viitatulta sivulta.',
      }),
      expect.objectContaining({
        kind: 'number',
        index: text.indexOf('2.3.2025'),
        length: 8,
        reason: expect.stringContaining('Päivämäärää 2.3.2025'),
      }),
    ]);
  });

  it('accepts a small quantity the page writes in words', () => {
    const pages = [
      { code: 'R1', pages: ['Palkit saapuivat kuusi viikkoa myöhässä; korko seitsemän prosenttiyksikköä.'] },
    ];
    expect(
      checkCitations(['Palkit saapuivat 6 viikkoa myöhässä, korko 7 prosenttiyksikköä [R1 s.1].'], pages).unverified,
    ).toEqual([]);
    expect(checkCitations(['Palkit saapuivat 8 viikkoa myöhässä [R1 s.1].'], pages).unverified).toHaveLength(1);
  });

  it('flags a wrong percentage and quantity, and looks on every page of a range', () => {
    expect(flagged(['Sakko oli 5 % viikolta ja myöhästys 15 päivää [K1 s.1–2; K2 s.3].'])).toEqual([
      expect.objectContaining({ kind: 'number', reason: expect.stringContaining('5 %') }),
      expect.objectContaining({ kind: 'number', reason: expect.stringContaining('15 päivää') }),
    ]);
    expect(flagged(['Sakko 0,5 % ja 14 päivää [K1 s.1–2; K2 s.3].'])).toEqual([]);
    expect(flagged(['Palkit 40 tonnia ja hinta 12 500 € [K1 s. 1–2].'])).toEqual([]);
  });

  it('checks only sentences that cite a page, and not numbers inside a reference, statute or checked quote', () => {
    expect(flagged(['Vaatimus on 99 999 euroa. Kauppalain 17 § soveltuu [K1 s.1].'])).toEqual([]);
    // A clause number is not a date, a year alone not a number to check.
    expect(flagged(['Sopimuksen kohdan 12.3.14 mukaan vuonna 2025 toimitettiin 40 tonnia [K1 s.1].'])).toEqual([]);
    expect(flagged(['Sopimuksen mukaan ”Myyjä toimittaa 40 tonnia teräspalkkeja” [K1 s.1].'])).toEqual([]);
    // A reference alone after the full stop belongs to the sentence before it.
    expect(flagged(['Hinta oli 99 999 euroa. [K1 s.2]'])).toEqual([
      expect.objectContaining({ kind: 'number', reason: expect.stringContaining('99 999 euroa') }),
    ]);
  });
});

describe('checkCitations: references in the text and in groups', () => {
  it('finds unbracketed references in their common forms', () => {
    const report = checkCitations(
      [
        'Ks. K2, sivu 4. Pöytäkirja K2 s. 2 kertoo kokouksesta, samoin asiakirja K2 sivulla 2 ja K2:n sivuilla 1–2.',
        'Katso myös K1 s.9 ja K9 sivulla 1.',
      ],
      CASE,
    );
    expect(report.checkedByKind.references).toBe(6);
    expect(report.unverified).toEqual([
      expect.objectContaining({ kind: 'page', reference: 'K1 s.9', chapter: 2, index: 11, length: 6 }),
      expect.objectContaining({ kind: 'document', reference: 'K9 sivulla 1', chapter: 2 }),
    ]);
  });

  it('checks every part of a bracket with several references and page lists', () => {
    const report = checkCitations(['Ks. [K1 s.1, 3; K2 s. 2–4; V7 s.1] ja [K1 s. 4 ja 6].'], CASE);
    expect(report.checkedByKind.references).toBe(6);
    expect(report.unverified.map((item) => [item.kind, item.reference])).toEqual([
      ['document', '[K1 s.1, 3; K2 s. 2–4; V7 s.1]'],
      ['page', '[K1 s. 4 ja 6]'],
    ]);
  });

  it('flags a page range beyond the document, with its position', () => {
    const text = 'Pöytäkirjat [K2 s. 3–5] osoittavat viivästyksen.';
    expect(flagged([text])).toEqual([
      expect.objectContaining({ kind: 'page', reference: '[K2 s. 3–5]', index: 12, length: 11 }),
    ]);
  });

  it('places a misquote at the quote itself', () => {
    const text = 'Myyjä lupasi ”toimittaa kaikki palkit jo helmikuussa” [K1 s.1].';
    expect(flagged([text])).toEqual([
      expect.objectContaining({ kind: 'quote', index: text.indexOf('”'), reference: '[K1 s.1]' }),
    ]);
  });
});

describe('checkCitations: statutes and precedents', () => {
  it('accepts sections of real acts in their usual forms', () => {
    const report = checkCitations(
      [
        'Oikeustoimilain 36 § ja OikTL 33 § eivät sovellu. KauppaL 17 §:n ja kauppalain 27 §:n mukaan palkit olivat virheelliset.',
        'Korkolain 4 §:n 1 momentin mukainen viivästyskorko; laki välimiesmenettelystä (967/1992) 49 §; ' +
          'välimiesmenettelystä annetun lain 47 §; vahingonkorvauslain 5 luvun 1 §; OK 17 luvun 2 §; OYL 13:1; ' +
          'oikeustoimilaki (228/1929); korkolain § 4:n; VahL 2:1; laki kauppaedustajista ja myyntimiehistä 28 §; ' +
          'maakaaren 2 luvun 17 §; vanhentumislain 13 a §; KL 17, 18 ja 19 §; KL 32–34 §.',
      ],
      CASE,
    );
    expect(report.unverified).toEqual([]);
    expect(report.checkedByKind.statutes).toBe(18);
  });

  it('flags a section a real act does not have, a chapter beyond it and a wrong number', () => {
    const text = 'Oikeustoimilain 52 § ja OK 35 luvun 1 § sekä kauppalaki (355/1978) 17 §.';
    expect(flagged([text])).toEqual([
      expect.objectContaining({
        kind: 'statute',
        reference: 'Oikeustoimilain 52 §',
        index: 0,
        length: 'Oikeustoimilain 52 §'.length,
        reason: expect.stringContaining('ei ole 52 §:ää; pykälät ovat 1–41'),
      }),
      expect.objectContaining({
        kind: 'statute',
        reference: 'OK 35 luvun 1 §',
        reason: expect.stringContaining('luvut ovat 1–31'),
      }),
      expect.objectContaining({ kind: 'statute', reason: expect.stringContaining('355/1987') }),
    ]);
  });

  it('flags an act that is not in the table when a section is cited from it, but not a contract clause', () => {
    expect(flagged(['Sopimushintalain 12 § ja RikL 2 luvun 1 § ja laki kaupallisista tuotteista 3 §.'])).toEqual([
      expect.objectContaining({
        kind: 'statute',
        reference: 'Sopimushintalain 12 §',
        reason: expect.stringContaining('taulukossa'),
      }),
      expect.objectContaining({ kind: 'statute', reference: 'RikL 2 luvun 1 §' }),
      expect.objectContaining({ kind: 'statute', reference: 'laki kaupallisista tuotteista 3 §' }),
    ]);
    expect(flagged(['Sopimuksen 12 § ja YSE 1998 23 § sekä kohta 4.2 [K1 s.1].'])).toEqual([]);
  });

  it('lists every precedent as not verified against the case file, and flags a malformed one', () => {
    const report = checkCitations(['Ks. KKO 2019:56 ja KKO:2015:10 sekä KHO 2020:7. Myös KKO 19:56.'], CASE);
    expect(report.flaggedByKind.precedent).toBe(4);
    expect(report.unverified.map((item) => [item.reference, item.reason])).toEqual([
      ['KKO 2019:56', 'Ennakkopäätöstä KKO 2019:56 ei ole tarkistettu asiakirja-aineistosta.'],
      ['KKO:2015:10', 'Ennakkopäätöstä KKO 2015:10 ei ole tarkistettu asiakirja-aineistosta.'],
      ['KHO 2020:7', 'Ennakkopäätöstä KHO 2020:7 ei ole tarkistettu asiakirja-aineistosta.'],
      ['KKO 19:56', expect.stringContaining('virheellinen')],
    ]);
  });
});
