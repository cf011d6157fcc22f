// Case list: GET /api/dispute through the local host for a user who sees
// 10,000 cases, against the store work alone: the listVisibleDisputes service
// the route calls (three visibility queries on the SQLite store, merged and
// sorted), called directly in a child process of its own (list-timer.js) on the
// very same database file. What the ratio shows is what the route adds:
// session check, mapping to summaries, JSON of a few megabytes, HTTP.
//
// The cases are written straight into the store through the store adapter
// (POST /api/dispute would take minutes and mail every respondent), shaped as
// create-dispute and advance-phase leave them; the user is a real one,
// registered, confirmed and signed in through the API.
import { PHASE_TYPES } from '@ratkaisu/core';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { performance } from 'node:perf_hooks';
import { createSqliteStore } from '../../functions/dist/adapters/store/sqlite-store.js';
import { loadConfig } from '../../functions/dist/config.js';
import {
  envNumber,
  freshDataDir,
  goalLine,
  hostEnv,
  median,
  percentile,
  signedUpUser,
  startChild,
  stopChild,
} from './support.js';

const VISIBLE_CASES = envNumber('BENCH_LIST_CASES', 10_000);
// Cases of other users in the same store, so the visibility queries have something to leave out.
const OTHER_CASES = Math.round(VISIBLE_CASES / 5);
// A share of the visible cases name the user as the respondent's representative (the second and third query).
const RESPONDENT_SHARE = 0.3;
// A listing takes a second or more on this machine, hence few requests per round.
const ROUNDS = envNumber('BENCH_LIST_ROUNDS', 5);
const REQUESTS_PER_ROUND = envNumber('BENCH_LIST_REQUESTS', 6);
const CONCURRENCY = envNumber('BENCH_LIST_CONCURRENCY', 4);
const CONCURRENT_BATCHES = 3;
// The route's own cost on top of the store's should stay below the store's: at most twice the store time.
const GOAL_P50_RATIO = 2;
const DAY = 24 * 3600 * 1000;
// The dashboard's page, and what it may cost against loading the whole list.
const PAGE_SIZE = 50;
const GOAL_PAGE_SHARE = 0.1;

function party(name, email, index) {
  return {
    name: `${name} ${index}`,
    identificationNumber: `${String(1000000 + (index % 9000000)).padStart(7, '0')}-${index % 10}`,
    email,
    address: `Teollisuuskatu ${(index % 90) + 1}, 00510 Helsinki`,
  };
}

/** A case as create-dispute writes it, moved on through a few phases with a file or two in each. */
function disputeDocument(index, { creator, claimantEmail, respondentEmail }) {
  const created = Date.parse('2024-01-01T08:00:00.000Z') + index * 37 * 60 * 1000;
  const phaseCount = 1 + (index % 4);
  const phases = PHASE_TYPES.slice(0, phaseCount).map((type, step) => ({
    id: randomUUID(),
    type,
    dateCreated: new Date(created + step * 10 * DAY).toISOString(),
    dueDate: new Date(created + (step * 10 + 14) * DAY).toISOString(),
    ...(step < phaseCount - 1 ? { dateCompleted: new Date(created + (step + 1) * 10 * DAY).toISOString() } : {}),
    attachments: Array.from({ length: step < phaseCount - 1 ? 2 : index % 2 }, (_, file) => ({
      id: randomUUID(),
      fileName: `${type}-exhibit-${file + 1}.pdf`,
      dateCreated: new Date(created + step * 10 * DAY + DAY).toISOString(),
      size: 150_000 + file * 1000,
      blobName: `${index}/${randomUUID()}`,
    })),
  }));
  const id = randomUUID();
  return {
    id,
    pk: id,
    name: `Delivery dispute no. ${index}`,
    description: 'The goods arrived late and partly damaged; the buyer withheld the last instalment.',
    dateCreated: new Date(created).toISOString(),
    createdBy: creator,
    claimant: party('Rakennus Oy', claimantEmail, index),
    respondent: party('Teräs Oy', respondentEmail, index),
    claimantEmailKey: claimantEmail.toLowerCase(),
    respondentEmailKey: respondentEmail.toLowerCase(),
    status: phaseCount === 1 ? 'Pending' : 'InProgress',
    phases,
    activePhaseId: phases[phases.length - 1].id,
    tenantId: 'default',
  };
}

async function seed(store, user) {
  const disputes = store.collection('disputes');
  const stranger = () => ({ id: randomUUID(), email: `someone-${randomUUID().slice(0, 8)}@example.fi` });
  const respondentCount = Math.round(VISIBLE_CASES * RESPONDENT_SHARE);
  const started = performance.now();
  for (let index = 0; index < VISIBLE_CASES + OTHER_CASES; index++) {
    let parties;
    if (index >= VISIBLE_CASES) {
      const other = stranger();
      parties = { creator: other, claimantEmail: other.email, respondentEmail: stranger().email };
    } else if (index < respondentCount) {
      const other = stranger();
      parties = { creator: other, claimantEmail: other.email, respondentEmail: user.email };
    } else {
      parties = {
        creator: { id: user.userId, email: user.email },
        claimantEmail: user.email,
        respondentEmail: stranger().email,
      };
    }
    await disputes.create(disputeDocument(index, parties));
  }
  return performance.now() - started;
}

/**
 * Keep-alive connections for one stretch of requests, as a browser keeps one.
 * A fresh pool per stretch: between stretches the store is timed for longer
 * than the host's keep-alive timeout, and reusing a socket the host is just
 * closing fails the request ("socket hang up").
 */
async function withAgent(work) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    return await work(agent);
  } finally {
    agent.destroy();
  }
}

/** One GET, answering the time until the last body byte and the body. */
function timedGet(url, token, agent) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    httpGet(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`GET ${url} answered ${res.statusCode}`));
        else resolve({ ms: performance.now() - started, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    }).on('error', reject);
  });
}

export async function benchCaseList() {
  const dataDir = freshDataDir();
  const env = hostEnv(dataDir);
  const host = await startChild(['scripts/local-host.js'], env);
  const databaseFile = loadConfig(env).store.file;
  let timer;
  const samples = { host: [], store: [], concurrent: [], firstPage: [], laterPage: [], concurrentPages: [] };
  const roundRatios = [];
  let seedMs;
  let responseBytes;
  let concurrentWallMs = 0;
  let concurrentPagesWallMs = 0;
  let pageBytes;
  try {
    const baseUrl = `http://127.0.0.1:${host.port}`;
    const user = await signedUpUser(baseUrl, dataDir, 'lister');
    // This process's own connection to the host's database file (WAL: both may write).
    const store = createSqliteStore({ file: databaseFile });
    try {
      seedMs = await seed(store, user);
    } finally {
      await store.close();
    }
    timer = await startChild(['scripts/bench/list-timer.js', databaseFile], {}, { ipc: true });
    const caller = { userId: user.userId, sessionId: 'bench', tenantId: 'default', email: user.email, roles: ['User'] };
    const url = `${baseUrl}/api/dispute`;

    // Both sides must be timing the same work: the same cases, all of them.
    const listed = JSON.parse((await withAgent((agent) => timedGet(url, user.token, agent))).body.toString('utf8'));
    const timeStore = async (times) => {
      const { ms, count } = await timer.request({ time: { caller, times } });
      if (count !== VISIBLE_CASES || listed.length !== VISIBLE_CASES) {
        throw new Error(`Expected ${VISIBLE_CASES} cases; the host listed ${listed.length}, the store ${count}.`);
      }
      return ms;
    };
    await timeStore(3);
    await withAgent(async (agent) => {
      for (let warm = 0; warm < 3; warm++) await timedGet(url, user.token, agent);
    });

    for (let round = 0; round < ROUNDS; round++) {
      const storeRound = await timeStore(REQUESTS_PER_ROUND);
      const hostRound = [];
      await withAgent(async (agent) => {
        for (let i = 0; i < REQUESTS_PER_ROUND; i++) {
          const { ms, body } = await timedGet(url, user.token, agent);
          hostRound.push(ms);
          responseBytes = body.length;
        }
      });
      samples.store.push(...storeRound);
      samples.host.push(...hostRound);
      roundRatios.push(median(hostRound) / median(storeRound));
    }

    // A few users listing at once: CONCURRENCY requests in flight per batch.
    for (let batch = 0; batch < CONCURRENT_BATCHES; batch++) {
      const started = performance.now();
      const latencies = await withAgent((agent) =>
        Promise.all(Array.from({ length: CONCURRENCY }, () => timedGet(url, user.token, agent).then(({ ms }) => ms))),
      );
      concurrentWallMs += performance.now() - started;
      samples.concurrent.push(...latencies);
    }

    // The dashboard's way: one page of 50 (with the store's count), and a page further on.
    const pageUrl = `${url}?limit=${PAGE_SIZE}`;
    const first = JSON.parse((await withAgent((agent) => timedGet(pageUrl, user.token, agent))).body.toString('utf8'));
    if (first.total !== VISIBLE_CASES || first.items.length !== PAGE_SIZE) {
      throw new Error(
        `Expected a page of ${PAGE_SIZE} of ${VISIBLE_CASES}; got ${first.items.length} of ${first.total}.`,
      );
    }
    let continuation = first.continuation;
    for (let page = 0; page < 20; page++) {
      const next = JSON.parse(
        (
          await withAgent((agent) =>
            timedGet(`${pageUrl}&continuation=${encodeURIComponent(continuation)}`, user.token, agent),
          )
        ).body.toString('utf8'),
      );
      continuation = next.continuation;
    }
    const laterUrl = `${pageUrl}&continuation=${encodeURIComponent(continuation)}`;
    await withAgent(async (agent) => {
      for (let i = 0; i < ROUNDS * REQUESTS_PER_ROUND; i++) {
        const { ms, body } = await timedGet(pageUrl, user.token, agent);
        samples.firstPage.push(ms);
        pageBytes = body.length;
        samples.laterPage.push((await timedGet(laterUrl, user.token, agent)).ms);
      }
    });
    for (let batch = 0; batch < CONCURRENT_BATCHES; batch++) {
      const started = performance.now();
      const latencies = await withAgent((agent) =>
        Promise.all(
          Array.from({ length: CONCURRENCY }, () => timedGet(pageUrl, user.token, agent).then(({ ms }) => ms)),
        ),
      );
      concurrentPagesWallMs += performance.now() - started;
      samples.concurrentPages.push(...latencies);
    }
  } finally {
    if (timer) await stopChild(timer);
    await stopChild(host);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const p50 = (values) => percentile(values, 50);
  const p99 = (values) => percentile(values, 99);
  const storeP50 = p50(samples.store);
  const storeP99 = p99(samples.store);
  const row = (label, values) => ({
    measured: label,
    requests: values.length,
    'p50 ms': +p50(values).toFixed(1),
    'p99 ms': +p99(values).toFixed(1),
    'p50 ratio': +(p50(values) / storeP50).toFixed(2),
    'p99 ratio': +(p99(values) / storeP99).toFixed(2),
  });
  // The goal is judged on the median of the per-round ratios, as the HTTP-layer benchmark does: each
  // round's host and store requests ran back to back, so they saw the same drift of this machine's speed.
  const p50Ratio = median(roundRatios);
  roundRatios.sort((a, b) => a - b);

  console.log(
    `\nCase list: GET /api/dispute for a user who sees ${VISIBLE_CASES.toLocaleString('en')} cases ` +
      `(${OTHER_CASES.toLocaleString('en')} more of others in the store; seeded in ${(seedMs / 1000).toFixed(1)} s) ` +
      `vs listVisibleDisputes called directly on the same SQLite file; ${ROUNDS} alternating rounds of ` +
      `${REQUESTS_PER_ROUND} sequential requests, then ${CONCURRENT_BATCHES} batches of ${CONCURRENCY} concurrent; ` +
      `response ${(responseBytes / 1024 / 1024).toFixed(1)} MiB (p99 of so few samples is about the maximum)\n`,
  );
  console.table([
    row('store query alone (direct call)', samples.store),
    row('host, sequential', samples.host),
    row(`host, ${CONCURRENCY} concurrent`, samples.concurrent),
    row(`host, first page of ${PAGE_SIZE} (with count)`, samples.firstPage),
    row(`host, page 22 of ${PAGE_SIZE}`, samples.laterPage),
    row(`host, first page, ${CONCURRENCY} concurrent`, samples.concurrentPages),
  ]);
  console.log(
    `p50 ratio per round: median ${p50Ratio.toFixed(2)}, ` +
      `range ${roundRatios[0].toFixed(2)}–${roundRatios[roundRatios.length - 1].toFixed(2)}; ` +
      `concurrent throughput ${((samples.concurrent.length / concurrentWallMs) * 1000).toFixed(2)} req/s; ` +
      `paged: ${(pageBytes / 1024).toFixed(1)} KiB a page, concurrent first pages ` +
      `${((samples.concurrentPages.length / concurrentPagesWallMs) * 1000).toFixed(1)} req/s`,
  );
  const firstShare = p50(samples.firstPage) / p50(samples.host);
  const laterShare = p50(samples.laterPage) / p50(samples.host);
  console.log(
    `case list: the first page of ${PAGE_SIZE} with the store's count of all ${VISIBLE_CASES.toLocaleString('en')} ` +
      `takes ${(firstShare * 100).toFixed(1)} % of the whole list's p50 (the count reads every matching case's record)`,
  );
  console.log(
    goalLine(
      laterShare <= GOAL_PAGE_SHARE,
      `case list: a further page of ${PAGE_SIZE} takes ${(laterShare * 100).toFixed(1)} % of the whole list's p50 ` +
        `(goal ≤ ${GOAL_PAGE_SHARE * 100} %)`,
    ),
  );
  console.log(
    goalLine(
      p50Ratio <= GOAL_P50_RATIO,
      `case list: host p50 is ${p50Ratio.toFixed(2)}× the store query's (median of rounds; goal ≤ ${GOAL_P50_RATIO}×)`,
    ),
  );
}
