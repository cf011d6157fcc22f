// What a V8 CPU profile (`node --cpu-prof`) says about where a process spent its time: the functions with the most
// self time, and for a few named functions the time spent in them and everything they called (inclusive), each as
// a share of the profile's non-idle time. Used by `npm run bench -- case-routes` with BENCH_CPU_PROFILE_DIR set.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const IDLE = new Set(['(idle)', '(program)', '(garbage collector)']);

/** The newest `.cpuprofile` file in `dir` written by process `pid` (Node names them CPU.<date>.<time>.<pid>.…). */
export function profileOf(dir, pid) {
  const files = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile') && name.includes(`.${pid}.`));
  return files.length > 0 ? path.join(dir, files.sort().at(-1)) : undefined;
}

/** Self-time leaders and inclusive shares of `names` in one profile. */
export function summarizeProfile(file, names, top = 15) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const label = (node) => {
    const frame = node.callFrame;
    const file = frame.url ? path.basename(frame.url) : '';
    return `${frame.functionName || '(anonymous)'}${file ? ` ${file}:${frame.lineNumber + 1}` : ''}`;
  };
  const self = new Map();
  const inclusive = new Map(names.map((name) => [name, 0]));
  let busy = 0;
  let gc = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    const node = byId.get(id);
    const name = node.callFrame.functionName;
    if (name === '(garbage collector)') gc += delta;
    if (IDLE.has(name)) return;
    busy += delta;
    const key = label(node);
    self.set(key, (self.get(key) ?? 0) + delta);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parentOf.get(at)) {
      const fn = byId.get(at).callFrame.functionName;
      if (inclusive.has(fn) && !seen.has(fn)) {
        seen.add(fn);
        inclusive.set(fn, inclusive.get(fn) + delta);
      }
    }
  });
  const share = (us) => `${((100 * us) / Math.max(1, busy)).toFixed(1)} %`;
  return {
    busyMs: Math.round(busy / 1000),
    gcMs: Math.round(gc / 1000),
    selfTop: [...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([fn, us]) => ({ function: fn, 'self ms': Math.round(us / 1000), share: share(us) })),
    inclusive: names.map((fn) => ({
      function: fn,
      'ms incl.': Math.round(inclusive.get(fn) / 1000),
      share: share(inclusive.get(fn)),
    })),
  };
}
