// Citations: the citation check (functions/dist/services/citations/check-citations.js)
// on a 300-page case (BENCH_CITATIONS_PAGES; the decision benchmark's Finnish PDF),
// against the wall time of the decision it is part of: draftDecision with a fake
// model answering every call after BENCH_CITATIONS_DELAY_MS (default 200 ms, as the
// decision benchmark's 300-page run; a real chapter takes tens of seconds, so the
// share measured here is an upper bound).
//
// The fake model's chapters are written to make the check work hard: 60 sentences
// a chapter (420 in all), each citing a page of the case — bracketed, in ranges and
// groups, or in the running text ("ks. K1, sivu 12") — many with the sums and dates
// of that page, quotes of its text, statutes and precedents. All of it is correct, so
// what is flagged is the precedents (always) and what the case file itself gets wrong
// (its sentences cite "korkolain § 34", a section the Interest Act does not have). The decision's wall time
// includes checking them; the check alone is timed on the same chapters and pages
// (median of BENCH_ROUNDS cold runs: each run reads and normalises the pages afresh).
// Goal: the check takes < 5 % of the decision's wall time.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { finnishPdf } from './finnish-pdf.js';
import { envNumber, goalLine, median } from './support.js';

const PAGES = envNumber('BENCH_CITATIONS_PAGES', 300);
const DELAY_MS = envNumber('BENCH_CITATIONS_DELAY_MS', 200);
const ROUNDS = envNumber('BENCH_ROUNDS', 5);
const SENTENCES_PER_CHAPTER = 60;
const GOAL_SHARE = 0.05;

/** Blob Storage in memory: the pipeline reads the PDF and caches its text here. */
function memoryBlobs() {
  const store = new Map();
  const key = (container, name) => `${container}/${name}`;
  return {
    kind: 'azurite',
    async init() {},
    async upload(container, name, body, options) {
      const buffer = Buffer.isBuffer(body) ? body : Buffer.from(body);
      store.set(key(container, name), { buffer, contentType: options.contentType });
      return { contentType: options.contentType, size: buffer.byteLength, etag: randomUUID() };
    },
    async downloadBuffer(container, name) {
      return store.get(key(container, name))?.buffer;
    },
    async properties(container, name) {
      const blob = store.get(key(container, name));
      return blob && { contentType: blob.contentType, size: blob.buffer.byteLength, etag: '' };
    },
    async delete(container, name) {
      return store.delete(key(container, name));
    },
    async ping() {},
  };
}

/** Seven chapters that cite the pages of `pages` (document K1) as a diligent model would, deterministically. */
export function heavyChapters(pages) {
  const sentencesOf = (page) =>
    page
      .replace(/\s+/g, ' ')
      .split(/(?<=[.!?])\s+(?=[A-ZÄÖ])/u)
      .filter((sentence) => sentence.length >= 30 && sentence.length <= 300 && !/[“”"»«[\]|]/u.test(sentence));
  const amountsOf = (page) => [...page.matchAll(/\d{1,3}(?: \d{3})* €/gu)].map((match) => match[0]);
  const chapters = [];
  let pick = 0;
  for (let chapter = 0; chapter < 7; chapter++) {
    const lines = [];
    for (let index = 0; index < SENTENCES_PER_CHAPTER; index++) {
      pick += 1;
      const number = ((pick * 37) % pages.length) + 1;
      const page = pages[number - 1];
      const sentences = sentencesOf(page);
      const sentence = sentences[pick % Math.max(1, sentences.length)] ?? 'Asiakirjassa todetaan asia.';
      const amount = amountsOf(page)[0];
      switch (pick % 6) {
        case 0:
          lines.push(`Asiakirjan mukaan ”${sentence.replace(/[.!?]$/u, '')}” [K1 s.${number}].`);
          break;
        case 1:
          lines.push(`${sentence.replace(/[.!?]$/u, '')} (ks. K1, sivu ${number}).`);
          break;
        case 2:
          lines.push(
            amount
              ? `Kantaja vaatii ${amount} ja viittaa oikeustoimilain 36 §:ään ja KauppaL 27 §:ään [K1 s.${number}].`
              : `${sentence.replace(/[.!?]$/u, '')} [K1 s.${number}].`,
          );
          break;
        case 3:
          lines.push(
            `${sentence.replace(/[.!?]$/u, '')} [K1 s.${number}–${Math.min(pages.length, number + 2)}; K1 s.1].`,
          );
          break;
        case 4: {
          const dates = [...page.matchAll(/\b\d{1,2}\.\d{1,2}\.20\d{2}\b/gu)].map((match) => match[0]);
          lines.push(
            dates.length >= 2
              ? `Erät erääntyivät ${dates[0]} ja ${dates[1]} (asiakirja K1 sivulla ${number}); ks. KKO 2019:56.`
              : `${sentence.replace(/[.!?]$/u, '')} (ks. K1 s. ${number}); ks. KKO 2019:56.`,
          );
          break;
        }
        default:
          lines.push(`${sentence.replace(/[.!?]$/u, '')} [K1 s.${number}].`);
      }
    }
    chapters.push(lines.join(' '));
  }
  return chapters;
}

export async function benchCitations() {
  const { draftDecision } = await import('../../functions/dist/services/decisions/draft-decision.js');
  const { checkCitations } = await import('../../functions/dist/services/citations/check-citations.js');
  const { loadDocumentText } = await import('../../functions/dist/services/documents/load-document-text.js');
  const { silentLogger } = await import('../../functions/dist/log.js');
  const { closePdfWorkers } = await import('../../functions/dist/pdf/pdf-worker-pool.js');
  const { defaultDecisionSettings } = await import('@ratkaisu/core');

  const file = await finnishPdf(PAGES);
  const blobs = memoryBlobs();
  const blobName = `bench/${randomUUID()}`;
  await blobs.upload('attachments', blobName, readFileSync(file), { contentType: 'application/pdf' });
  const document = { fileId: randomUUID(), fileName: 'Haastehakemus.pdf', container: 'attachments', blobName };
  let chapters = [];
  const deps = {
    config: { generation: { contextTokens: 128_000, samplingParameters: true, concurrency: 4 } },
    blobs,
    model: {
      kind: 'openai-compatible',
      complete(request) {
        const chapter = /(?:välitystuomion|ratkaisuehdotuksen) luku (\d)/u.exec(
          request.messages.at(-1)?.content ?? '',
        )?.[1];
        const text = chapter ? chapters[Number(chapter) - 1] : '- Tiivistelmä asiakirjasta [K1 s.1]';
        return new Promise((resolve) => setTimeout(() => resolve({ text, model: 'fake-delayed' }), DELAY_MS));
      },
    },
    clock: { now: () => new Date() },
    log: silentLogger,
  };
  try {
    // Text extraction is the extraction benchmark's; read once here, as the decision benchmark does.
    const { pages } = await loadDocumentText(deps, document);
    chapters = heavyChapters(pages);
    const documents = [{ code: 'K1', pages }];

    const draft = () =>
      draftDecision(
        deps,
        {
          caseName: 'Teräspalkkien viivästynyt toimitus',
          groups: [{ prefix: 'K', phase: 'Claim', documents: [document] }],
          settings: defaultDecisionSettings(),
        },
        new AbortController().signal,
      );
    await draft(); // warm-up: fonts, tokenizer, the PDF renderer
    const decisionTimes = [];
    const checkTimes = [];
    let report;
    for (let round = 0; round < ROUNDS; round++) {
      let started = performance.now();
      await draft();
      decisionTimes.push(performance.now() - started);
      started = performance.now();
      report = checkCitations(chapters, documents);
      checkTimes.push(performance.now() - started);
    }
    const decisionMs = median(decisionTimes);
    const checkMs = median(checkTimes);
    const share = checkMs / decisionMs;
    const flagged = Object.entries(report.flaggedByKind)
      .filter(([, count]) => count > 0)
      .map(([kind, count]) => `${kind} ${count}`)
      .join(', ');
    console.log(
      `\nCitations: checkCitations on a ${PAGES}-page case, 7 chapters of ${SENTENCES_PER_CHAPTER} citing sentences, ` +
        `against draftDecision with a fake model answering after ${DELAY_MS} ms per call; median of ${ROUNDS} rounds\n`,
    );
    console.table([
      { step: 'decision (draftDecision, check included)', ms: Math.round(decisionMs) },
      { step: 'citation check alone', ms: Number(checkMs.toFixed(1)) },
    ]);
    console.log(
      `            citations: checked ${report.checked} (references ${report.checkedByKind.references}, quotes ` +
        `${report.checkedByKind.quotes}, numbers ${report.checkedByKind.numbers}, statutes ${report.checkedByKind.statutes}, ` +
        `precedents ${report.checkedByKind.precedents}); flagged: ${flagged || 'none'}`,
    );
    console.log(
      goalLine(
        share < GOAL_SHARE,
        `citations: the check took ${(100 * share).toFixed(2)} % of the decision's wall time on a ${PAGES}-page case ` +
          `(${checkMs.toFixed(1)} of ${Math.round(decisionMs)} ms; goal < ${GOAL_SHARE * 100} %)`,
      ),
    );
  } finally {
    await closePdfWorkers();
  }
}
