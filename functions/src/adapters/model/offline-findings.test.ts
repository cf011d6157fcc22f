import { describe, expect, it } from 'vitest';
import { findAmounts, findCompanies, findDates, findStatutes } from './offline-findings.js';

describe('offline findings', () => {
  it('finds sums in euros however they are written, and nothing else', () => {
    expect(
      findAmounts(
        'Kauppahinta 12 400 euroa, lisätyöt 12\u00a0400 € ja EUR 950,00 sekä 3.000,50 €; 40 kappaletta ja 0,5 % ' +
          'vuonna 2021.',
      ),
    ).toEqual(['12 400 euroa', '12 400 €', 'EUR 950,00', '3.000,50 €']);
  });

  it('finds numeric, written and ISO dates, leaving impossible ones out', () => {
    expect(
      findDates(
        'Toimitus 1.3.2026, sopimus 15. tammikuuta 2026, lasku 2026-04-12; ei 31.2.2026 eikä versio 1.2.3.',
      ).map((date) => [date.text, date.finnish, date.iso]),
    ).toEqual([
      ['1.3.2026', '1.3.2026', '2026-03-01'],
      ['15. tammikuuta 2026', '15.1.2026', '2026-01-15'],
      ['2026-04-12', '12.4.2026', '2026-04-12'],
    ]);
  });

  it('finds statute references in the ways Finnish lawyers write them', () => {
    expect(
      findStatutes(
        'Vastaaja rikkoi oikeustoimilain 36 §:ää ja KSL 5:2:ta sekä KauppaL 17 §:ää. Sovelletaan kauppalakia ' +
          '(355/1987) ja lakia elinkeinonharjoittajien välisten sopimusehtojen sääntelystä (1062/1993), ' +
          'kuluttajansuojalain 5 luvun 2 §:ää ja KKO 2019:12. Klo 12:30 ei ole pykälä, eikä lasku (12/2024).',
      ),
    ).toEqual([
      'oikeustoimilain 36 §',
      'KSL 5:2',
      'KauppaL 17 §',
      'kauppalakia (355/1987)',
      'lakia elinkeinonharjoittajien välisten sopimusehtojen sääntelystä (1062/1993)',
      'kuluttajansuojalain 5 luvun 2 §',
      'KKO 2019:12',
    ]);
  });

  it('finds companies by their legal form with the business id that follows', () => {
    expect(
      findCompanies(
        'Myyjä Teräs Oy (Y-tunnus 8765432-1) myi Rakennus Oy:lle, 1234567-8, palkit. Asunto Oy Helsingin Kulma.',
      ),
    ).toEqual([
      { name: 'Teräs Oy', businessId: '8765432-1' },
      { name: 'Rakennus Oy', businessId: '1234567-8' },
      { name: 'Asunto Oy Helsingin Kulma' },
    ]);
  });
});
