import type { JobKind } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Store } from '../../ports/store.js';
import type { JobDocument } from './job-document.js';

/** How many recent successful runs of a kind the estimate is the median of. */
export const ESTIMATE_SAMPLE = 10;
/** How long one instance reuses a kind's measured median before asking the store again. */
export const ESTIMATE_CACHE_MS = 60_000;

/** Per store (so tests with their own stores never share), per kind: the median and when it was measured. */
const measured = new WeakMap<Store, Map<JobKind, { at: number; seconds: number | undefined }>>();

/**
 * The median run time of the last ESTIMATE_SAMPLE completed jobs of `kind` (seconds), from their
 * `runSeconds`; undefined before any has completed. One small query per kind a minute and instance:
 * the status route, polled every second or two, reads it from memory.
 */
export async function typicalRunSeconds(
  deps: Pick<Deps, 'store' | 'log'>,
  kind: JobKind,
  now: number = Date.now(),
): Promise<number | undefined> {
  let kinds = measured.get(deps.store);
  if (!kinds) {
    kinds = new Map();
    measured.set(deps.store, kinds);
  }
  const cached = kinds.get(kind);
  if (cached && now - cached.at < ESTIMATE_CACHE_MS) return cached.seconds;
  let seconds: number | undefined;
  try {
    const page = await deps.store.collection<JobDocument>('jobs').query({
      where: [
        { field: 'kind', op: '=', value: kind },
        { field: 'status', op: '=', value: 'Completed' },
        { field: 'runSeconds', op: 'exists', value: true },
      ],
      orderBy: { field: 'updatedAt', direction: 'desc' },
      limit: ESTIMATE_SAMPLE,
    });
    seconds = median(page.items.map((job) => job.runSeconds).filter((value): value is number => value !== undefined));
  } catch (error) {
    // An estimate is a nicety: the status answers without one rather than failing.
    deps.log.warn('Measuring recent job durations failed', { kind, error });
    seconds = cached?.seconds;
  }
  kinds.set(kind, { at: now, seconds });
  return seconds;
}

export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Seconds the rest of a job is expected to take: while Queued the typical run; while Running the
 * typical run less the time it has run, or — for a decision that has written some of its chapters —
 * the pace of those chapters carried over the rest, whichever is later. Undefined when nothing is
 * known or the run has outlasted every measure (the page then shows no estimate rather than a wrong one).
 */
export function remainingSeconds(job: JobDocument, typical: number | undefined, now: number): number | undefined {
  if (job.status === 'Queued') return typical === undefined ? undefined : Math.max(1, Math.round(typical));
  if (job.status !== 'Running') return undefined;
  const started = job.startedAt ? Date.parse(job.startedAt) : Number.NaN;
  const elapsed = Number.isFinite(started) ? Math.max(0, (now - started) / 1000) : undefined;
  const candidates: number[] = [];
  if (typical !== undefined && elapsed !== undefined) candidates.push(typical - elapsed);
  const progress = job.progress;
  if (
    progress?.stage === 'drafting' &&
    progress.done !== undefined &&
    progress.total !== undefined &&
    progress.done > 0 &&
    progress.done < progress.total &&
    elapsed !== undefined
  ) {
    candidates.push((elapsed / progress.done) * (progress.total - progress.done));
  }
  const best = Math.max(...candidates);
  if (candidates.length === 0 || !(best >= 1)) return undefined;
  return Math.round(best);
}
