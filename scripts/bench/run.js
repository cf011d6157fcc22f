#!/usr/bin/env node
// npm run bench: each benchmark is reported as a ratio against a baseline
// measured in the same run, never as an absolute number to compare across machines.
//
// HTTP layer: the local host (route table, @azure/functions request/response
// objects, the real dependencies behind /health) against a bare node:http
// server that returns the very same bytes. The servers run in child processes
// and the load generator (autocannon) in this one, so each gets a core.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Short alternating rounds, median of the per-round ratios: this machine's speed
// drifts by tens of percent from one second to the next (shared host), and
// alternating exposes both servers to the same drift.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const GOAL_THROUGHPUT_RATIO = 0.5;
const ROUTES = ['/health', '/api/meta'];

function startChild(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk) => {
      output += chunk;
      const match = /listening (\d+)|running at http:\/\/[^:]+:(\d+)/.exec(output);
      if (match) {
        child.stdout.off('data', onData);
        resolve({ child, port: Number(match[1] ?? match[2]) });
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`)));
  });
}

async function stopChild({ child }) {
  if (child.exitCode !== null) return;
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

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

const dataDir = mkdtempSync(path.join(tmpdir(), 'ratkaisu-bench-'));
const host = await startChild(['scripts/local-host.js'], {
  PORT: '0',
  DATA_DIR: dataDir,
  RATKAISU_ENV: 'test',
  AZURITE_BLOB_PORT: '0',
  LOG_LEVEL: 'error',
  ADMIN_EMAIL: 'bench@ratkaisu.local',
  ADMIN_PASSWORD: 'bench-password',
});
const hostUrl = `http://127.0.0.1:${host.port}`;

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
const bare = await startChild(['scripts/bench/bare-server.js', JSON.stringify({ routes: answers })], {});
const bareUrl = `http://127.0.0.1:${bare.port}`;

const rows = [];
try {
  for (const route of ROUTES) {
    await warmUp(bareUrl + route);
    await warmUp(hostUrl + route);
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const baseline = await load(bareUrl + route);
      const measured = await load(hostUrl + route);
      if (measured.non2xx > 0 || measured.errors > 0) throw new Error(`${route}: the host answered errors under load`);
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
  await stopChild(bare);
  await stopChild(host);
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\nHTTP layer: local host vs bare node:http (same bytes), ${CONNECTIONS} connections, ` +
    `median of ${ROUNDS} alternating rounds of ${DURATION_S} s\n`,
);
console.table(rows);
for (const row of rows) {
  const met = row['throughput ratio'] >= GOAL_THROUGHPUT_RATIO;
  console.log(
    `${met ? 'goal met ' : 'BELOW GOAL'}  ${row.benchmark}: ${row['throughput ratio']} of the bare server's throughput (goal ≥ ${GOAL_THROUGHPUT_RATIO})`,
  );
}
