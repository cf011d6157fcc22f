// Case routes: the signed-in routes a case page and the dashboard call, through the local host, for a user
// with three cases that have come a long way (a sole arbitrator seated, the constitution's records, files in
// every phase), each route's throughput as a ratio against GET /health run just before it (50 connections), and
// then a mix of them all at 200 connections: its throughput, p99 and connection errors.
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import {
  envNumber,
  expectCall,
  freshDataDir,
  goalLine,
  hostEnv,
  signedUpUser,
  startChild,
  stopChild,
} from './support.js';

const SECONDS = envNumber('BENCH_CASE_ROUTE_SECONDS', 5);
const CONNECTIONS = envNumber('BENCH_CASE_ROUTE_CONNECTIONS', 50);
const MIX_SECONDS = envNumber('BENCH_CASE_MIX_SECONDS', 60);
const MIX_CONNECTIONS = envNumber('BENCH_CASE_MIX_CONNECTIONS', 200);
const CASES = 3;
// The case list may cost at most three /health requests.
const GOAL_LIST_RATIO = 1 / 3;

function load(options) {
  return new Promise((resolve, reject) => {
    autocannon({ pipelining: 1, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** A case as the dashboard's form opens it, moved into its second phase. */
async function openCase(baseUrl, token, index) {
  const id = randomUUID();
  await expectCall(baseUrl, 'POST', '/api/dispute', 201, {
    token,
    body: {
      id,
      name: `Teräspalkkien viivästynyt toimitus ${index}`,
      description: 'Palkit saapuivat kuusi viikkoa myöhässä, ja osa oli vaurioitunut kuljetuksessa.',
      claimant: {
        name: 'Rakennus Oy',
        identificationNumber: '1234567-8',
        email: 'claims@rakennus.fi',
        address: 'Katu 1',
      },
      respondent: {
        name: 'Teräs Oy',
        identificationNumber: '8765432-1',
        email: `respondent-${randomUUID().slice(0, 8)}@example.fi`,
        address: 'Tie 2',
      },
    },
  });
  return id;
}

export async function benchCaseRoutes() {
  const dataDir = freshDataDir();
  const host = await startChild(['scripts/local-host.js'], hostEnv(dataDir));
  const baseUrl = `http://127.0.0.1:${host.port}`;
  try {
    const user = await signedUpUser(baseUrl, dataDir, 'routes');
    const ids = [];
    for (let index = 0; index < CASES; index++) ids.push(await openCase(baseUrl, user.token, index));
    const headers = { authorization: `Bearer ${user.token}` };
    const routes = [
      '/api/dispute',
      '/api/dispute/activephases',
      `/api/dispute/${ids[0]}`,
      `/api/dispute/${ids[0]}/phases`,
      '/user/check-auth',
    ];
    for (const path of routes) await expectCall(baseUrl, 'GET', path, 200, { token: user.token });

    await load({ url: `${baseUrl}/health`, connections: CONNECTIONS, duration: 2 });
    // Each route right after a /health run of its own: this machine's speed drifts from one run to the next, and
    // a ratio of two runs side by side drifts least.
    const rows = [];
    for (const path of routes) {
      const health = await load({ url: `${baseUrl}/health`, connections: CONNECTIONS, duration: SECONDS });
      const result = await load({ url: baseUrl + path, headers, connections: CONNECTIONS, duration: SECONDS });
      rows.push({
        route: `GET ${path.replace(ids[0], '{id}')}`,
        'req/s': Math.round(result.requests.average),
        'p99 ms': result.latency.p99,
        '/health req/s': Math.round(health.requests.average),
        'ratio to /health': +(result.requests.average / health.requests.average).toFixed(2),
        errors: result.errors + result.non2xx,
      });
    }
    console.log(`\nCase routes (a user with ${CASES} cases, ${CONNECTIONS} connections, ${SECONDS} s each)`);
    console.table(rows);

    // The dashboard and case pages at once: every route, each case.
    const mixPaths = [
      '/api/dispute',
      '/api/dispute/activephases',
      '/user/check-auth',
      ...ids.flatMap((id) => [`/api/dispute/${id}`, `/api/dispute/${id}/phases`]),
    ];
    const mix = await load({
      url: baseUrl,
      connections: MIX_CONNECTIONS,
      duration: MIX_SECONDS,
      requests: mixPaths.map((path) => ({ method: 'GET', path, headers })),
    });
    console.log(
      `Mix at ${MIX_CONNECTIONS} connections for ${MIX_SECONDS} s: ${Math.round(mix.requests.average)} req/s, ` +
        `p99 ${mix.latency.p99} ms, ${mix.errors} connection errors (${mix.timeouts} timeouts), ${mix.non2xx} non-2xx`,
    );
    const listRatio = rows[0]['ratio to /health'];
    console.log(goalLine(listRatio >= GOAL_LIST_RATIO, `case list ${listRatio} of /health (goal ≥ 0.33: within 3×)`));
    console.log(goalLine(mix.errors === 0 && mix.non2xx === 0, `mix: ${mix.errors} connection errors (goal 0)`));
  } finally {
    await stopChild(host);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
