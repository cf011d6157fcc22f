// CPU time per call of each case route's handler (docs/benchmarks.md "Case routes"), called one after another in
// the local host's own process: no socket, no load generator, so on a machine shared with other work it says what a
// route costs more steadily than throughput does. `npm run build`, then
//   node scripts/bench/case-route-cpu.js [repository root, default this one]
// CALLS (2000) calls per route and round, three rounds; ONLY=listDisputes,getDispute… picks routes by name.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = process.argv[2] ?? fileURLToPath(new URL('../..', import.meta.url));
const { loadConfig } = await import(`${root}/functions/dist/config.js`);
const { startLocalHost } = await import(`${root}/functions/dist/local/host.js`);
const { routesFor } = await import(`${root}/functions/dist/routes.js`);
const { createHttpHandler } = await import(`${root}/functions/dist/http/handle.js`);
const { LocalHttpRequest, LocalInvocationContext } = await import(`${root}/functions/dist/local/local-invocation.js`);
const { freshDataDir, hostEnv, openBenchCase, signedUpUser } = await import(`${root}/scripts/bench/support.js`);
const dataDir = freshDataDir();
Object.assign(process.env, hostEnv(dataDir));
const config = loadConfig(process.env);
const host = await startLocalHost(config);
const baseUrl = host.url;
try {
  const user = await signedUpUser(baseUrl, dataDir, 'cpu');
  const ids = [];
  for (let i = 0; i < 3; i++) ids.push(await openBenchCase(baseUrl, user.token, i));
  const routes = routesFor(config);
  const cases = [
    ['health', '/health', {}],
    ['listDisputes', '/api/dispute', {}],
    ['activePhases', '/api/dispute/activephases', {}],
    ['getDispute', `/api/dispute/${ids[0]}`, { id: ids[0] }],
    ['getDisputePhases', `/api/dispute/${ids[0]}/phases`, { id: ids[0] }],
    ['checkAuth', '/user/check-auth', {}],
  ];
  const N = Number(process.env.CALLS ?? 2000);
  const rows = {};
  for (let round = 0; round < 3; round++) {
    for (const [name, path, params] of cases.filter(
      ([n]) => !process.env.ONLY || process.env.ONLY.split(',').includes(n),
    )) {
      const route = routes.find((r) => r.name === name) ?? routes.find((r) => r.method === 'GET' && r.path === path);
      if (!route) throw new Error(`no route ${name}`);
      const handler = createHttpHandler(route, () => host.deps);
      const call = async () => {
        const request = new LocalHttpRequest(
          'GET',
          baseUrl + path,
          ['host', 'localhost', 'authorization', `Bearer ${user.token}`],
          params,
          undefined,
          '127.0.0.1',
        );
        const response = await handler(request, new LocalInvocationContext(randomUUID(), route.name, () => {}));
        if ((response.status ?? 200) !== 200 && name !== 'health') throw new Error(`${path}: ${response.status}`);
        if (response.jsonBody !== undefined) JSON.stringify(response.jsonBody);
      };
      for (let i = 0; i < 200; i++) await call();
      const before = process.cpuUsage();
      for (let i = 0; i < N; i++) await call();
      const used = process.cpuUsage(before);
      (rows[path.replace(ids[0], '{id}')] ??= []).push(Math.round((used.user + used.system) / N));
    }
  }
  const table = Object.entries(rows).map(([route, us]) => ({
    route,
    'CPU µs/call (3 rounds)': us.join(', '),
    median: [...us].sort((a, b) => a - b)[1],
  }));
  const health = table.find((row) => row.route === '/health')?.median ?? 1;
  for (const row of table) row['ratio to /health'] = +(health / row.median).toFixed(2);
  console.table(table);
} finally {
  await host.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
