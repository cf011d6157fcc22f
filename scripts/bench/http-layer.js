// HTTP layer: the local host (route table, @azure/functions request/response
// objects, the real dependencies behind /health) against a bare node:http
// server that returns the very same bytes. The servers run in child processes
// and the load generator (autocannon) in this one, so each gets a core.
import autocannon from 'autocannon';
import { rmSync } from 'node:fs';
import { envNumber, freshDataDir, goalLine, hostEnv, startChild, stopChild } from './support.js';

// Short alternating rounds, median of the per-round ratios: this machine's speed
// drifts by tens of percent from one second to the next (shared host), and
// alternating exposes both servers to the same drift.
const ROUNDS = envNumber('BENCH_ROUNDS', 5);
const DURATION_S = envNumber('BENCH_SECONDS', 3);
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 32);
const GOAL_THROUGHPUT_RATIO = 0.5;
const ROUTES = ['/health', '/api/meta'];

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, pipelining: 1 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function warmUp(url) {
  await new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: 2 }, (error) => (error ? reject(error) : resolve())),
  );
}

export async function benchHttpLayer() {
  const dataDir = freshDataDir();
  const host = await startChild(['scripts/local-host.js'], hostEnv(dataDir));
  const hostUrl = `http://127.0.0.1:${host.port}`;
  let bare;
  const rows = [];
  try {
    // Capture the host's exact answers, so the bare server returns the same bytes.
    const answers = {};
    for (const route of ROUTES) {
      const response = await fetch(hostUrl + route);
      answers[route] = {
        status: response.status,
        headers: { 'content-type': response.headers.get('content-type'), 'cache-control': 'no-store' },
        body: await response.text(),
      };
    }
    bare = await startChild(['scripts/bench/bare-server.js', JSON.stringify({ routes: answers })], {});
    const bareUrl = `http://127.0.0.1:${bare.port}`;

    for (const route of ROUTES) {
      await warmUp(bareUrl + route);
      await warmUp(hostUrl + route);
      const rounds = [];
      for (let round = 0; round < ROUNDS; round++) {
        const baseline = await load(bareUrl + route);
        const measured = await load(hostUrl + route);
        if (measured.non2xx > 0 || measured.errors > 0)
          throw new Error(`${route}: the host answered errors under load`);
        rounds.push({ baseline, measured, ratio: measured.requests.average / baseline.requests.average });
      }
      rounds.sort((a, b) => a.ratio - b.ratio);
      const { baseline, measured, ratio } = rounds[Math.floor(rounds.length / 2)];
      rows.push({
        benchmark: `GET ${route}`,
        'baseline req/s': Math.round(baseline.requests.average),
        'host req/s': Math.round(measured.requests.average),
        'throughput ratio': +ratio.toFixed(2),
        'ratio range': `${rounds[0].ratio.toFixed(2)}–${rounds[rounds.length - 1].ratio.toFixed(2)}`,
        'baseline p99 ms': baseline.latency.p99,
        'host p99 ms': measured.latency.p99,
      });
    }
  } finally {
    if (bare) await stopChild(bare);
    await stopChild(host);
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(
    `\nHTTP layer: local host vs bare node:http (same bytes), ${CONNECTIONS} connections, ` +
      `median of ${ROUNDS} alternating rounds of ${DURATION_S} s\n`,
  );
  console.table(rows);
  for (const row of rows) {
    console.log(
      goalLine(
        row['throughput ratio'] >= GOAL_THROUGHPUT_RATIO,
        `${row.benchmark}: ${row['throughput ratio']} of the bare server's throughput (goal ≥ ${GOAL_THROUGHPUT_RATIO})`,
      ),
    );
  }
}
