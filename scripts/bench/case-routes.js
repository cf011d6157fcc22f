// Case routes: the signed-in routes a case page and the dashboard call, through the local host, for a user
// with three cases, each route's throughput as a ratio against GET /health run just before it (50 connections),
// and the host's CPU time per request of each (user + system, from /proc: on a machine shared with other work
// the throughput says how much CPU the host was given, the CPU time per request what the route costs); then a mix
// of them all at 200 connections: its throughput, p99 and connection errors.
import autocannon from 'autocannon';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { profileOf, summarizeProfile } from './cpu-profile-summary.js';
import {
  envNumber,
  expectCall,
  freshDataDir,
  goalLine,
  hostEnv,
  openBenchCase,
  signedUpUser,
  startChild,
  stopChild,
} from './support.js';

const SECONDS = envNumber('BENCH_CASE_ROUTE_SECONDS', 5);
const CONNECTIONS = envNumber('BENCH_CASE_ROUTE_CONNECTIONS', 50);
const MIX_SECONDS = envNumber('BENCH_CASE_MIX_SECONDS', 60);
const MIX_CONNECTIONS = envNumber('BENCH_CASE_MIX_CONNECTIONS', 200);
const CASES = 3;
// BENCH_CPU_PROFILE_DIR: run the host under `node --cpu-prof` writing there, and print where its time went.
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE_DIR;
// BENCH_CASE_ROUTES: only these of list, deadlines, case, phases, check-auth (comma-separated; all when unset),
// and no mix.
const ONLY = process.env.BENCH_CASE_ROUTES?.split(',').map((name) => name.trim());
// The functions whose inclusive time the profile summary gives: the session check, each route's service, the
// store's point reads and parsing, the HTTP layer's request and response.
const PROFILED = [
  'authenticateCaller',
  'listDisputes',
  'listActivePhases',
  'getDispute',
  'listPhases',
  'read',
  'toStored',
  'toHttpRequest',
  'writeResponse',
];
// The case list may cost at most three /health requests.
const GOAL_LIST_RATIO = 1 / 3;

/** The host process's CPU time so far in ms (user + system), or undefined where /proc does not say. */
function cpuMs(pid) {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return undefined;
  // The fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** A load run with the host's CPU time per request in µs (undefined without /proc). */
async function measured(pid, options) {
  const before = cpuMs(pid);
  const result = await load(options);
  const after = cpuMs(pid);
  const cpuUs = before === undefined ? undefined : ((after - before) * 1000) / Math.max(1, result.requests.total);
  return { result, cpuUs };
}

function load(options) {
  return new Promise((resolve, reject) => {
    autocannon({ pipelining: 1, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export async function benchCaseRoutes() {
  const dataDir = freshDataDir();
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  const profiling = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const host = await startChild([...profiling, 'scripts/local-host.js'], hostEnv(dataDir));
  const hostPid = host.child.pid;
  const baseUrl = `http://127.0.0.1:${host.port}`;
  try {
    const user = await signedUpUser(baseUrl, dataDir, 'routes');
    const ids = [];
    for (let index = 0; index < CASES; index++) ids.push(await openBenchCase(baseUrl, user.token, index));
    const headers = { authorization: `Bearer ${user.token}` };
    const named = {
      list: '/api/dispute',
      deadlines: '/api/dispute/activephases',
      case: `/api/dispute/${ids[0]}`,
      phases: `/api/dispute/${ids[0]}/phases`,
      'check-auth': '/user/check-auth',
    };
    const routes = Object.entries(named)
      .filter(([name]) => !ONLY || ONLY.includes(name))
      .map(([, path]) => path);
    for (const path of routes) await expectCall(baseUrl, 'GET', path, 200, { token: user.token });

    // Warm up every route (compiled code, prepared statements) so the first measured one is not charged for it.
    await load({ url: `${baseUrl}/health`, connections: CONNECTIONS, duration: 2 });
    await load({
      url: baseUrl,
      connections: CONNECTIONS,
      duration: 2,
      requests: routes.map((path) => ({ method: 'GET', path, headers })),
    });
    // Each route right after a /health run of its own: this machine's speed drifts from one run to the next, and
    // a ratio of two runs side by side drifts least.
    const rows = [];
    for (const path of routes) {
      const health = await measured(host.child.pid, {
        url: `${baseUrl}/health`,
        connections: CONNECTIONS,
        duration: SECONDS,
      });
      const route = await measured(host.child.pid, {
        url: baseUrl + path,
        headers,
        connections: CONNECTIONS,
        duration: SECONDS,
      });
      const result = route.result;
      rows.push({
        route: `GET ${path.replace(ids[0], '{id}')}`,
        'req/s': Math.round(result.requests.average),
        'p99 ms': result.latency.p99,
        '/health req/s': Math.round(health.result.requests.average),
        'ratio to /health': +(result.requests.average / health.result.requests.average).toFixed(2),
        'CPU µs/req': route.cpuUs === undefined ? '–' : Math.round(route.cpuUs),
        '/health CPU µs/req': health.cpuUs === undefined ? '–' : Math.round(health.cpuUs),
        'CPU ratio': route.cpuUs === undefined ? '–' : +(health.cpuUs / route.cpuUs).toFixed(2),
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
    // Some routes only (a profile of them): no mix.
    if (ONLY) return;
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
    const listCpuRatio = rows[0]['CPU ratio'];
    if (typeof listCpuRatio === 'number') {
      console.log(
        goalLine(listCpuRatio >= GOAL_LIST_RATIO, `case list's CPU per request: ${listCpuRatio} of /health's (≥ 0.33)`),
      );
    }
    console.log(goalLine(mix.errors === 0 && mix.non2xx === 0, `mix: ${mix.errors} connection errors (goal 0)`));
  } finally {
    await stopChild(host);
    rmSync(dataDir, { recursive: true, force: true });
    const profile = PROFILE_DIR ? profileOf(PROFILE_DIR, hostPid) : undefined;
    if (profile) {
      const summary = summarizeProfile(profile, PROFILED);
      console.log(`\nThe host's CPU profile (${profile}): ${summary.busyMs} ms busy, ${summary.gcMs} ms GC`);
      console.table(summary.selfTop);
      console.table(summary.inclusive);
    }
  }
}
