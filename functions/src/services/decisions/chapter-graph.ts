import { chapterDependencies, DEFAULT_CHAPTER_DEPENDENCIES } from '@ratkaisu/core';

// The graph itself lives in core: the review screen marks stale chapters by the same graph.
export { chapterDependencies, DEFAULT_CHAPTER_DEPENDENCIES };

/** The longest chain of calls through the graph, in calls (1–4 → 5 → 6 → 7: four). */
export function criticalPathLength(dependencies: readonly (readonly number[])[]): number {
  const depth: number[] = [];
  dependencies.forEach((needs, index) => {
    depth[index] = 1 + Math.max(0, ...needs.map((need) => depth[need] ?? 0));
  });
  return Math.max(0, ...depth);
}

/**
 * Runs `write` for every chapter as soon as the chapters it depends on are
 * written, `first` (whose call opens the shared prefix) before the others:
 * they start once its call has been processed (`onPrefilled`), and not at
 * all when it fails first. Rejects with the first failure.
 */
export async function runChapterGraph<T>(
  dependencies: readonly (readonly number[])[],
  write: (index: number, dependsOn: readonly T[], onPrefilled: () => void) => Promise<T>,
  options: { done?: ReadonlyMap<number, T> } = {},
): Promise<T[]> {
  const results = new Map<number, Promise<T>>();
  for (const [index, value] of options.done ?? []) results.set(index, Promise.resolve(value));

  // The first chapter still to write that depends on nothing still to write goes alone until its prompt
  // has been processed; the rest follow it (their shared prefix is then in the endpoint's cache).
  const pending = dependencies.map((_, index) => index).filter((index) => !results.has(index));
  let prefixReady: Promise<void> = Promise.resolve();
  const opener = pending.find((index) => dependencies[index]!.every((need) => results.has(need)));
  let signalPrefilled = () => {};
  let openerFailed = (_error: unknown) => {};
  if (opener !== undefined && pending.length > 1) {
    prefixReady = new Promise<void>((resolve, reject) => {
      signalPrefilled = resolve;
      openerFailed = reject;
    });
    // Nobody may be waiting on it when the opener fails: that is not an unhandled rejection.
    prefixReady.catch(() => {});
  }

  const start = (index: number): Promise<T> => {
    const existing = results.get(index);
    if (existing) return existing;
    const promise = (async () => {
      const inputs = await Promise.all(dependencies[index]!.map((need) => start(need)));
      if (index !== opener) await prefixReady;
      try {
        const value = await write(index, inputs, signalPrefilled);
        if (index === opener) signalPrefilled();
        return value;
      } catch (error) {
        // The opener failed before the others left: they do not start (the run fails or is retried whole).
        if (index === opener) openerFailed(error);
        throw error;
      }
    })();
    results.set(index, promise);
    return promise;
  };
  const all = dependencies.map((_, index) => start(index));
  return Promise.all(all);
}
