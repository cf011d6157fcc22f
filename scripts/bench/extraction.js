// Extraction: the text of a 300-page Finnish PDF (finnish-pdf.js) read by the
// product's extractor (extractPdfText: pdf.js on a worker thread) against
// poppler's pdftotext on the same file, and through loadDocumentText twice:
// once cold (download, extract, cache the text) and again with the cache warm,
// which should cost next to nothing, so a second claim drawn from the same
// files does not extract again.
//
// Reported: pages per second of each (median of alternating rounds after a
// warm-up; goal: pdf.js within 3× of pdftotext's time), the warm load's time
// (goal: at most 5 % of an extraction), and peak memory: the measured child's
// growth (memory-probe.js: the kernel's high-water mark since a reset after
// garbage collection) and pdftotext's peak resident size (GNU time, when
// installed). Both extractors must find the same pages and about the same
// number of characters, or the comparison would be meaningless. CPU time is
// reported beside wall time: a long file is read by every PDF thread at once
// (extractPdfText), pdftotext uses one core.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { finnishPdf } from './finnish-pdf.js';
import { envNumber, goalLine, median, root, startChild, stopChild } from './support.js';

const ROUNDS = envNumber('BENCH_EXTRACTION_ROUNDS', 3);
const PAGES = envNumber('BENCH_EXTRACTION_PAGES', 300);
const GOAL_SLOWDOWN = 3;
const GOAL_WARM_SHARE = 0.05;
const MB = 1024 * 1024;
const GNU_TIME = '/usr/bin/time';

const probedNode = (script) => [
  '--expose-gc',
  '--import',
  pathToFileURL(`${root}scripts/bench/memory-probe.js`).href,
  script,
];

/** Runs `work` between arming the child's memory probe and reading its peak. */
async function withPeakMemory(child, work) {
  const armed = await child.request({ probe: 'arm' });
  const result = await work();
  const { peak } = await child.request({ probe: 'peak' });
  return { ...result, peak, growth: peak - armed.rss, method: armed.method };
}

function assertPdftotext() {
  const probe = spawnSync('pdftotext', ['-v'], { stdio: 'ignore' });
  if (probe.error)
    throw new Error('pdftotext is not installed (apt-get install -y poppler-utils); it is the baseline.');
}

/** One pdftotext run into a file (as it is used in practice); its time and, with GNU time, its peak RSS. */
function pdftotext(file, out) {
  const args = ['-enc', 'UTF-8', file, out];
  const timed = existsSync(GNU_TIME);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = timed
      ? spawn(GNU_TIME, ['-f', 'peak-kb %M cpu-s %U %S', 'pdftotext', ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
      : spawn('pdftotext', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) {
        reject(new Error(`pdftotext exited with ${code}: ${stderr}`));
        return;
      }
      const peak = /peak-kb (\d+)/.exec(stderr);
      const cpu = /cpu-s ([\d.]+) ([\d.]+)/.exec(stderr);
      resolve({
        ms,
        peak: peak ? Number(peak[1]) * 1024 : undefined,
        cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : undefined,
      });
    });
  });
}

function popplerText(out) {
  // pdftotext ends every page with a form feed.
  const pages = readFileSync(out, 'utf8').split('\f').slice(0, -1);
  return { pages: pages.length, characters: pages.reduce((sum, page) => sum + page.replace(/\s/g, '').length, 0) };
}

export async function benchExtraction() {
  assertPdftotext();
  const file = await finnishPdf(PAGES);
  const size = statSync(file).size;
  const scratch = mkdtempSync(path.join(tmpdir(), 'ratkaisu-bench-text-'));
  const out = path.join(scratch, 'pdftotext.txt');
  const rounds = [];
  let first;
  let cold;
  const warm = [];
  const child = await startChild(probedNode('scripts/bench/text-extractor.js'), {}, { ipc: true });
  try {
    // Warm-up: pdftotext's file in the page cache; the extractor's thread started and pdf.js loaded (reported).
    await pdftotext(file, out);
    first = await withPeakMemory(child, () => child.request({ extract: file }));
    for (let round = 0; round < ROUNDS; round++) {
      const poppler = await pdftotext(file, out);
      const measured = await withPeakMemory(child, () => child.request({ extract: file }));
      rounds.push({ poppler, measured, slowdown: measured.ms / poppler.ms });
    }

    const source = { fileId: randomUUID(), fileName: 'haastehakemus.pdf', container: 'attachments' };
    source.blobName = `bench/${source.fileId}`;
    await child.request({ store: { file, blobName: source.blobName } });
    cold = await withPeakMemory(child, () => child.request({ load: source }));
    if (!cold.cached) throw new Error('loadDocumentText did not cache the text it extracted.');
    for (let round = 0; round < ROUNDS; round++) warm.push(await child.request({ load: source }));
  } finally {
    await stopChild(child);
  }
  const poppler = popplerText(out);
  rmSync(scratch, { recursive: true, force: true });

  const bySlowdown = [...rounds].sort((a, b) => a.slowdown - b.slowdown);
  const { measured, slowdown } = bySlowdown[Math.floor(bySlowdown.length / 2)];
  const popplerMs = median(rounds.map((round) => round.poppler.ms));
  const extractMs = median(rounds.map((round) => round.measured.ms));
  const extractCpuMs = median(rounds.map((round) => round.measured.cpuMs));
  const popplerCpus = rounds.map((round) => round.poppler.cpuMs).filter((cpu) => cpu !== undefined);
  const spread = (values) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
  const warmMs = median(warm.map((load) => load.ms));
  const pagesPerSecond = (ms) => +(PAGES / (ms / 1000)).toFixed(1);
  const worstGrowth = Math.max(...rounds.map((round) => round.measured.growth));
  const popplerPeaks = rounds.map((round) => round.poppler.peak).filter((peak) => peak !== undefined);

  for (const [who, pages] of [
    ['pdftotext', poppler.pages],
    ['extractPdfText', measured.pages],
    ['loadDocumentText (cold)', cold.pages],
    ['loadDocumentText (warm)', warm[0].pages],
  ]) {
    if (pages !== PAGES) throw new Error(`${who} found ${pages} pages in a ${PAGES}-page file.`);
  }
  const textRatio = measured.characters / poppler.characters;
  if (Math.abs(1 - textRatio) > 0.05) {
    throw new Error(
      `pdf.js found ${measured.characters} characters and pdftotext ${poppler.characters}: they did not read the same text.`,
    );
  }
  if (warm.some((load) => load.characters !== cold.characters)) {
    throw new Error('The cached text differs from the text extracted cold.');
  }
  if (!/[äöå]/.test(measured.first) || !measured.first.includes('§') || !measured.first.includes('€')) {
    throw new Error(`The extracted first page lacks Finnish or legal characters: ${measured.first.slice(0, 200)}`);
  }

  console.log(
    `\nExtraction: ${PAGES}-page Finnish PDF (${(size / MB).toFixed(1)} MiB), extractPdfText (pdf.js, ` +
      `${measured.threads} worker thread${measured.threads === 1 ? '' : 's'}) vs pdftotext, median of ${ROUNDS} ` +
      'alternating rounds after a warm-up\n',
  );
  const mib = (bytes) => +(bytes / MB).toFixed(1);
  const worstPeak = Math.max(...rounds.map((round) => round.measured.peak));
  console.table([
    {
      reader: 'pdftotext',
      'pages/s': pagesPerSecond(popplerMs),
      ms: Math.round(popplerMs),
      'ms (min–max)': spread(rounds.map((round) => round.poppler.ms)),
      'CPU ms': popplerCpus.length > 0 ? Math.round(median(popplerCpus)) : 'n/a',
      characters: poppler.characters,
      'peak RSS MiB': popplerPeaks.length > 0 ? mib(Math.max(...popplerPeaks)) : 'n/a (no GNU time)',
      'growth MiB': '',
    },
    {
      reader: 'extractPdfText',
      'pages/s': pagesPerSecond(extractMs),
      ms: Math.round(extractMs),
      'ms (min–max)': spread(rounds.map((round) => round.measured.ms)),
      'CPU ms': Math.round(extractCpuMs),
      characters: measured.characters,
      'peak RSS MiB': mib(worstPeak),
      'growth MiB': mib(worstGrowth),
    },
    {
      reader: 'extractPdfText, first call (starts pdf.js threads)',
      'pages/s': pagesPerSecond(first.ms),
      ms: Math.round(first.ms),
      'ms (min–max)': '',
      'CPU ms': Math.round(first.cpuMs),
      characters: first.characters,
      'peak RSS MiB': mib(first.peak),
      'growth MiB': mib(first.growth),
    },
    {
      reader: 'loadDocumentText, cold (download, extract, cache)',
      'pages/s': pagesPerSecond(cold.ms),
      ms: Math.round(cold.ms),
      'ms (min–max)': '',
      'CPU ms': '',
      characters: cold.characters,
      'peak RSS MiB': mib(cold.peak),
      'growth MiB': mib(cold.growth),
    },
    {
      reader: 'loadDocumentText, warm (cached text)',
      'pages/s': pagesPerSecond(warmMs),
      ms: +warmMs.toFixed(1),
      'ms (min–max)': '',
      'CPU ms': '',
      characters: warm[0].characters,
      'peak RSS MiB': '',
      'growth MiB': '',
    },
  ]);
  console.log(
    `Peak RSS of the whole measuring process (Node, pdf.js and its worker threads; ${measured.method}); growth ` +
      'since a garbage collection just before. pdftotext: its own peak RSS. CPU ms: user + system time of all ' +
      'threads (extractPdfText: the measuring process, which does nothing else meanwhile; pdftotext: GNU time).',
  );
  console.log(
    goalLine(
      slowdown <= GOAL_SLOWDOWN,
      `extraction: pdf.js took ${slowdown.toFixed(2)}× pdftotext's time on the same file ` +
        `(${pagesPerSecond(extractMs)} vs ${pagesPerSecond(popplerMs)} pages/s; goal ≤ ${GOAL_SLOWDOWN}×)`,
    ),
  );
  console.log(
    goalLine(
      warmMs <= GOAL_WARM_SHARE * extractMs,
      `extraction: a second load of the same file took ${warmMs.toFixed(1)} ms from the cache, ` +
        `${((100 * warmMs) / extractMs).toFixed(1)} % of an extraction (goal ≤ ${GOAL_WARM_SHARE * 100} %)`,
    ),
  );
  console.log(
    `            extraction: peak RSS ${mib(worstPeak)} MiB vs pdftotext's ` +
      `${popplerPeaks.length > 0 ? `${mib(Math.max(...popplerPeaks))} MiB` : 'unknown'} (no goal set)`,
  );
}
