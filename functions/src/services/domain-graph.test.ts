import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The domain-level twin of ESLint's per-file rules: each folder under services/ is a domain, and the
 * domains form a graph without cycles (README "Layers"). import/no-cycle sees files, not domains, so
 * two domains importing each other through different files pass it; this test does not let them.
 * Tests beside the code are left out: a test may wire domains together as the composition root does.
 */

const SERVICES = dirname(fileURLToPath(import.meta.url));
const FUNCTIONS_SRC = resolve(SERVICES, '..');
const RECORDS = join(FUNCTIONS_SRC, 'records');

/** Every relative module a source file names: `from '…'`, `import '…'`, `import('…')`. */
const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.\.?\/[^'"]+)['"]/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => resolve(dirname(file), match[1]!));
}

function domainOf(path: string): string | undefined {
  const inside = relative(SERVICES, path);
  if (inside.startsWith('..') || !inside.includes(sep)) return undefined;
  return inside.split(sep)[0];
}

/** domain → domain → one example "file → file" per edge. */
function domainGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(SERVICES)) {
    const from = domainOf(file);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const target of importsOf(file)) {
      const to = domainOf(target);
      if (!to || to === from || graph.get(from)!.has(to)) continue;
      graph.get(from)!.set(to, `${relative(SERVICES, file)} → ${relative(SERVICES, target)}`);
    }
  }
  return graph;
}

/** Every elementary cycle's first sighting by depth-first search, each named with the imports that close it. */
function domainCycles(graph: Map<string, Map<string, string>>): string[] {
  const cycles: string[] = [];
  const seen = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (domain: string) => {
    state.set(domain, 'open');
    path.push(domain);
    for (const next of [...(graph.get(domain)?.keys() ?? [])].sort()) {
      if (state.get(next) === 'open') {
        const loop = [...path.slice(path.indexOf(next)), next];
        const key = [...loop.slice(0, -1)].sort().join(',');
        if (!seen.has(key)) {
          seen.add(key);
          const edges = loop.slice(0, -1).map((from, index) => graph.get(from)!.get(loop[index + 1]!)!);
          cycles.push(`${loop.join(' → ')}  (${edges.join('; ')})`);
        }
      } else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(domain, 'done');
  };
  for (const domain of [...graph.keys()].sort()) if (!state.has(domain)) visit(domain);
  return cycles;
}

/** file → file → the import, for every source file under functions/src (type-only imports included). */
function fileGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  const name = (path: string) => relative(FUNCTIONS_SRC, path).replace(/\.js$/u, '.ts');
  for (const file of sourceFiles(FUNCTIONS_SRC)) {
    const from = name(file);
    const edges = new Map<string, string>();
    for (const target of importsOf(file)) edges.set(name(target), `${from} → ${name(target)}`);
    graph.set(from, edges);
  }
  return graph;
}

describe('service domains', () => {
  it('finds the imports between domains (the check reads what it claims to)', () => {
    const graph = domainGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(graph.get('decisions')?.has('jobs')).toBe(true);
  });

  it('names a cycle when two domains import each other', () => {
    const graph = new Map([
      ['a', new Map([['b', 'a/x.ts → b/y.ts']])],
      ['b', new Map([['c', 'b/y.ts → c/z.ts']])],
      ['c', new Map([['a', 'c/z.ts → a/x.ts']])],
    ]);
    expect(domainCycles(graph)).toEqual(['a → b → c → a  (a/x.ts → b/y.ts; b/y.ts → c/z.ts; c/z.ts → a/x.ts)']);
  });

  it('import each other only one way: no cycle between domains', () => {
    expect(domainCycles(domainGraph())).toEqual([]);
  });

  it('have no import circle between files either, type-only imports included', () => {
    const graph = fileGraph();
    expect(graph.size).toBeGreaterThan(300);
    expect(domainCycles(graph)).toEqual([]);
  });

  it('keep generic file serving free of awards: files/ reaches no award domain, even through another', () => {
    const graph = domainGraph();
    const reached = new Map<string, string>();
    const visit = (domain: string, via: string) => {
      for (const [next, example] of graph.get(domain) ?? []) {
        if (reached.has(next)) continue;
        reached.set(next, via ? `${via}; ${example}` : example);
        visit(next, reached.get(next)!);
      }
    };
    visit('files', '');
    expect(reached.has('disputes')).toBe(true);
    expect([...reached].filter(([domain]) => domain.startsWith('award')).map(([, path]) => path)).toEqual([]);
  });

  it('are all drawn in the README’s layer map, each importing only domains drawn below it', () => {
    const readme = readFileSync(resolve(FUNCTIONS_SRC, '../../README.md'), 'utf8');
    const block = readme.slice(readme.indexOf('services/<domain>/'), readme.indexOf('\nrecords/'));
    const rows = block
      .split('\n')
      .slice(1)
      .map((line) => line.replace(/^\s*│\s*/u, ''))
      .filter((line) => /^[a-z-]+(?: +[a-z-]+)*$/u.test(line))
      .map((line) => line.split(/\s+/u));
    const rowOf = new Map(rows.flatMap((names, index) => names.map((name) => [name, index] as const)));
    const folders = readdirSync(SERVICES, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.map((entry) => entry.name).filter((name) => !rowOf.has(name))).toEqual([]);
    const upward: string[] = [];
    for (const [from, targets] of domainGraph()) {
      for (const [to, example] of targets) if (rowOf.get(to)! <= rowOf.get(from)!) upward.push(example);
    }
    expect(upward).toEqual([]);
  });

  it('share record shapes through records/, which imports no service', () => {
    const upward = sourceFiles(RECORDS).flatMap((file) =>
      importsOf(file)
        .filter((target) => !relative(SERVICES, target).startsWith('..'))
        .map((target) => `${relative(FUNCTIONS_SRC, file)} → ${relative(FUNCTIONS_SRC, target)}`),
    );
    expect(upward).toEqual([]);
  });
});
