import { defaultDecisionSettings } from '@ratkaisu/core';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTRACT_PAGES, makeFinnishPdf, NOTICE_PAGES } from '../../../../tests/api/support/finnish-pdf.js';
import { createOfflineModel } from '../../adapters/model/offline-model.js';
import { loadConfig } from '../../config.js';
import type { Deps } from '../../deps.js';
import { silentLogger } from '../../log.js';
import { closePdfWorkers } from '../../pdf/pdf-worker-pool.js';
import type { Blobs } from '../../ports/blobs.js';
import { systemClock } from '../../ports/clock.js';
import type { Model } from '../../ports/model.js';
import { checkCitations } from '../citations/check-citations.js';
import { draftDecision } from './draft-decision.js';

/**
 * No false flags on correct references: the decision the offline model drafts
 * from the API tests' case file (tests/api/decisions.test.ts) quotes the
 * documents' own sentences, sums, dates and statutes with their page
 * references, every one of them correct; the check must flag none.
 */

afterAll(async () => {
  await closePdfWorkers();
});

const ANSWER_PAGES = [
  'VASTAUS\n\nVastaaja Teräs Oy kiistää kanteen. Toimitus viivästyi lakon vuoksi, mikä oli ylivoimainen este. ' +
    'Vastaaja katsoo, ettei sopimussakkoa ole maksettava.',
];

describe('checkCitations on the offline decision of the API fixtures', () => {
  it('flags none of the references, numbers and statutes the offline model quotes', async () => {
    const files: Record<string, Uint8Array> = {
      'Kauppasopimus.pdf': await makeFinnishPdf([...CONTRACT_PAGES]),
      'Reklamaatio.pdf': await makeFinnishPdf([...NOTICE_PAGES]),
      'Vastaus.pdf': await makeFinnishPdf(ANSWER_PAGES),
    };
    const stored = new Map(Object.entries(files).map(([name, bytes]) => [`attachments/${name}`, Buffer.from(bytes)]));
    const blobs = {
      downloadBuffer: async (container: string, name: string) => stored.get(`${container}/${name}`),
      upload: async (container: string, name: string, body: Buffer) => {
        stored.set(`${container}/${name}`, Buffer.from(body));
        return { contentType: 'application/octet-stream', size: body.length, etag: 'e' };
      },
    } as unknown as Blobs;
    const offline = createOfflineModel();
    const chapters: string[] = [];
    const model: Model = {
      kind: offline.kind,
      async complete(request) {
        const answer = await offline.complete(request);
        if (/(?:välitystuomion|ratkaisuehdotuksen) luku \d/u.test(request.messages.at(-1)?.content ?? ''))
          chapters.push(answer.text);
        return answer;
      },
    };
    const deps = {
      config: loadConfig({ RATKAISU_ENV: 'test' }),
      blobs,
      model,
      clock: systemClock,
      log: silentLogger,
    } as unknown as Deps;
    const source = (name: string) => ({ fileId: name, fileName: name, container: 'attachments', blobName: name });

    const draft = await draftDecision(
      deps,
      {
        caseName: 'Teräspalkkien viivästynyt toimitus',
        groups: [
          { prefix: 'K', phase: 'Claim', documents: [source('Kauppasopimus.pdf'), source('Reklamaatio.pdf')] },
          { prefix: 'V', phase: 'Response', documents: [source('Vastaus.pdf')] },
        ],
        settings: defaultDecisionSettings(),
      },
      new AbortController().signal,
    );
    expect(draft.details.join('\n')).not.toContain('could not be verified');

    expect(chapters).toHaveLength(7);
    const report = checkCitations(chapters, [
      { code: 'K1', pages: [...CONTRACT_PAGES] },
      { code: 'K2', pages: NOTICE_PAGES.map((page) => page ?? '') },
      { code: 'V1', pages: ANSWER_PAGES },
    ]);
    expect(report.unverified).toEqual([]);
    // What was checked: the quoted sentences' references, their sums, dates and percentages, the statutes.
    expect(report.checkedByKind.references).toBeGreaterThan(5);
    expect(report.checkedByKind.numbers).toBeGreaterThan(3);
    expect(report.checkedByKind.statutes).toBeGreaterThan(0);
  }, 60_000);
});

describe('checkCitations on a chapter written as a model writes, from the API fixtures', () => {
  it('flags only the precedent: every sum, date, quote, page and statute checks out', () => {
    const chapter = [
      'Osapuolet tekivät 15.1.2026 kauppasopimuksen, jolla Teräs Oy sitoutui toimittamaan 40 kappaletta ' +
        'HEA 300 -teräspalkkeja Rakennus Oy:lle [K1 s.1–2]. Kauppahinta oli 12 400 euroa (alv 0 %), ja se ' +
        'erääntyi 14 päivän kuluttua toimituksesta [K1 s.1]. Sopimuksen 2 kohdan mukaan palkit oli toimitettava ' +
        'viimeistään 1. maaliskuuta 2026 (ks. K1, sivu 1).',
      'Palkit saapuivat 12.4.2026 eli 6 viikkoa myöhässä [K2 s.1]. Ostaja vaati sopimussakkoa 372 € sekä ' +
        '3 000 euron lisäkustannusten korvaamista KauppaL 27 §:n nojalla [K2 s.1]. Sopimuksen mukaan ' +
        '”Viivästyksestä myyjä maksaa sopimussakkoa 0,5 % kauppahinnasta” [K1 s.1].',
      'Kauppalain (355/1987) 27 §:n 1 momentin ja 40 §:n mukaan ostajalla on oikeus vahingonkorvaukseen. ' +
        'Oikeustoimilain 36 §:n ja OikTL 33 §:n soveltamiselle ei ole perusteita. Välimiesmenettelystä annetun ' +
        'lain 47 §:n ja VML 49 §:n mukaisesti. Ks. myös KKO 2019:56 ja oikeudenkäymiskaaren 21 luvun 8 §.',
      'Vastaajan mukaan ”Toimitus viivästyi lakon vuoksi, mikä oli ylivoimainen este” [V1 s.1].',
    ].join('\n\n');
    const report = checkCitations(
      [chapter],
      [
        { code: 'K1', pages: [...CONTRACT_PAGES] },
        { code: 'K2', pages: NOTICE_PAGES.map((page) => page ?? '') },
        { code: 'V1', pages: ANSWER_PAGES },
      ],
    );
    expect(report.unverified).toEqual([
      expect.objectContaining({ kind: 'precedent', reference: 'KKO 2019:56', index: chapter.indexOf('KKO 2019:56') }),
    ]);
    expect(report.checkedByKind).toEqual({ references: 7, quotes: 2, numbers: 10, statutes: 7, precedents: 1 });
  });
});
