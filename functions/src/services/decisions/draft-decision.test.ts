import { defaultDecisionSettings } from '@ratkaisu/core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTRACT_PAGES, makeFinnishPdf } from '../../../../tests/api/support/finnish-pdf.js';
import { corruptPdf, passwordProtectedPdf } from '../../../../tests/api/support/pdf-fixtures.js';
import { loadConfig } from '../../config.js';
import type { Deps } from '../../deps.js';
import { createOfflineModel } from '../../adapters/model/offline-model.js';
import { silentLogger } from '../../log.js';
import { closePdfWorkers } from '../../pdf/pdf-worker-pool.js';
import type { Blobs } from '../../ports/blobs.js';
import { systemClock } from '../../ports/clock.js';
import type { DocumentSource } from '../documents/document-text.js';
import { JobFailure } from '../jobs/run-job.js';
import { renderAnonymousDecisionPdf } from '../awards/render-award.js';
import { estimateCost } from './decision-usage.js';
import { draftDecision } from './draft-decision.js';
import { documentNote } from './read-case-file.js';
import { readDispositive } from './read-dispositive.js';

afterAll(async () => {
  await closePdfWorkers();
});

/** The decision pipeline reads PDFs and caches their text: a map is storage enough. */
function depsWith(files: Record<string, Uint8Array>): Deps {
  const stored = new Map(Object.entries(files).map(([name, bytes]) => [`attachments/${name}`, Buffer.from(bytes)]));
  const blobs = {
    downloadBuffer: async (container: string, name: string) => stored.get(`${container}/${name}`),
    upload: async (container: string, name: string, body: Buffer) => {
      stored.set(`${container}/${name}`, Buffer.from(body));
      return { contentType: 'application/octet-stream', size: body.length, etag: 'e' };
    },
  } as unknown as Blobs;
  return {
    config: loadConfig({ RATKAISU_ENV: 'test' }),
    blobs,
    model: createOfflineModel(),
    clock: systemClock,
    log: silentLogger,
  } as unknown as Deps;
}

const source = (name: string): DocumentSource => ({
  fileId: name,
  fileName: name,
  container: 'attachments',
  blobName: name,
});

async function pdfText(bytes: Uint8Array): Promise<string> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false });
  const pdf = await task.promise;
  let text = '';
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    text += content.items.map((item) => ('str' in item ? `${item.str} ` : '')).join('');
  }
  await task.destroy();
  return text.replace(/\s+/g, ' ');
}

describe('draftDecision with files that cannot be read', () => {
  it('keeps a locked, a damaged and a missing file listed without content, and decides from the rest', async () => {
    const deps = depsWith({
      'Kauppasopimus.pdf': await makeFinnishPdf([...CONTRACT_PAGES]),
      'Salattu.pdf': passwordProtectedPdf(),
      'Katkennut.pdf': corruptPdf(),
    });
    const draft = await draftDecision(
      deps,
      {
        caseName: 'Teräspalkit',
        groups: [
          { prefix: 'K', phase: 'Claim', documents: [source('Kauppasopimus.pdf'), source('Salattu.pdf')] },
          { prefix: 'V', phase: 'Response', documents: [source('Katkennut.pdf'), source('Poistettu.pdf')] },
        ],
        settings: defaultDecisionSettings(),
      },
      new AbortController().signal,
    );
    const notes = draft.details.join('\n');
    expect(notes).toContain('"Salattu.pdf" is password-protected');
    expect(notes).toContain('(K2)');
    expect(notes).toContain('"Katkennut.pdf" could not be read');
    expect(notes).toContain('"Poistettu.pdf" could not be found in storage');
    // The files that could not be read stay in the award's list of documents, marked so.
    expect(draft.documents.map((row) => [row.code, row.fileName, row.note])).toEqual([
      ['K1', 'Kauppasopimus.pdf', undefined],
      ['K2', 'Salattu.pdf', 'ei luettavissa'],
      ['V1', 'Katkennut.pdf', 'ei luettavissa'],
      ['V2', 'Poistettu.pdf', 'ei luettavissa'],
    ]);
    expect(draft.chapters.map((chapter) => chapter.heading)).toHaveLength(7);
    expect(draft.chapters[6]!.heading).toBe('Sovelletut säännökset ja oikeuskäytäntö');
    const { pdf } = await renderAnonymousDecisionPdf({ caseName: 'Teräspalkit', date: new Date(), draft });
    const text = await pdfText(pdf);
    expect(text).toContain('Salattu.pdf');
    expect(text).toContain('ei luettavissa');
    expect(text).toContain('7. Sovelletut säännökset ja oikeuskäytäntö');

    // The interface the award's rendering and the review build on; the offline model decides nothing.
    expect(draft.chapters.map((chapter) => chapter.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(draft.headings).toHaveLength(7);
    expect(draft.chapters[6]).toMatchObject({ heading: draft.headings[6], generatedAt: expect.any(String) });
    expect(draft.dispositive).toBeUndefined();
    expect(notes).toContain('the offline model does not decide the case');
    expect(draft.injections).toEqual([]);
    expect(draft.usage).toEqual({ promptTokens: 0, cachedTokens: 0, completionTokens: 0 });
  }, 30_000);

  it('fails with a clear message when no file has readable text', async () => {
    const deps = depsWith({ 'Salattu.pdf': passwordProtectedPdf() });
    const run = draftDecision(
      deps,
      {
        caseName: 'X',
        groups: [{ prefix: 'K', phase: 'Claim', documents: [source('Salattu.pdf')] }],
        settings: defaultDecisionSettings(),
      },
      new AbortController().signal,
    );
    await expect(run).rejects.toBeInstanceOf(JobFailure);
    await expect(run).rejects.toThrow(/None of the documents has text that can be read/);
  });
});

describe('the dispositive part of chapter 6', () => {
  const part = { orders: [{ kind: 'dismissal', text: 'Kanne hylätään.', references: ['V1 s.1'] }] };

  it('is read from the fenced JSON at the end of the answer, which the printed text loses', () => {
    const read = readDispositive(`Ratkaisu perusteluineen.\n\n\`\`\`json\n${JSON.stringify(part)}\n\`\`\`\n`);
    expect(read.part).toEqual(part);
    expect(read.text).toBe('Ratkaisu perusteluineen.');
  });

  it('is left undefined, with the reason, when missing or invalid', () => {
    const missing = readDispositive('Ratkaisu ilman lohkoa.');
    expect(missing.part).toBeUndefined();
    expect(missing.text).toBe('Ratkaisu ilman lohkoa.');
    const invalid = readDispositive('Teksti.\n```json\n{"orders":[]}\n```');
    expect(invalid.part).toBeUndefined();
    expect(invalid.text).toBe('Teksti.');
    expect(invalid.problem).toContain('at least one order');
    expect(readDispositive('```json\n{orders\n```').problem).toContain('not JSON');
    // A correction may be the JSON alone.
    expect(readDispositive(JSON.stringify(part), true).part).toEqual(part);
  });
});

describe('estimateCost', () => {
  it('prices uncached prompt, cached prompt and completion tokens per million', () => {
    const cost = estimateCost(
      { promptTokens: 1_000_000, cachedTokens: 800_000, completionTokens: 100_000 },
      { prompt: 2, cached: 0.5, completion: 8 },
    );
    expect(cost).toBeCloseTo(0.4 + 0.4 + 0.8, 6);
  });
});

describe('documentNote (the award’s document list)', () => {
  const entry = { code: 'K3', fileId: 'f', fileName: 'Skannattu.pdf', pageCount: 4, scannedPages: [], ocrPages: [] };

  it('says which pages were read from scanned images by OCR, and which of them poorly', () => {
    expect(
      documentNote({
        ...entry,
        ocrPages: [
          { page: 1, confidence: 93, poor: false },
          { page: 2, confidence: 90, poor: false },
          { page: 3, confidence: 41, poor: true },
        ],
        scannedPages: [4],
      }),
    ).toBe('luettu skannatusta kuvasta (OCR): ss. 1–3, heikosti luettu s. 3; skannattuja sivuja 1, ei tekstiä');
    expect(documentNote({ ...entry, ocrPages: [{ page: 2, confidence: 88, poor: false }] })).toBe(
      'luettu skannatusta kuvasta (OCR): s. 2',
    );
  });

  it('notes nothing for a file read from its text layer alone, and an unreadable file as such', () => {
    expect(documentNote(entry)).toBeUndefined();
    expect(documentNote({ ...entry, unreadable: 'x' })).toBe('ei luettavissa');
  });
});
