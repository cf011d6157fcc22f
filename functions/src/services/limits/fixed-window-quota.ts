import { createHash } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { TooManyRequestsError, type Wording } from '../../errors.js';
import type { BaseDoc, Stored } from '../../ports/store.js';
import { changeOrCreateRecord, changeRecord } from '../../records/change-record.js';

/** Lost races re-read and try again this often; each round one writer wins, so this is plenty. */
const MAX_ATTEMPTS = 20;

/** One kind of counted action: how many per window, and what a refused caller is told. */
export interface QuotaSpec {
  /** Part of the counter's id; one per kind of action. */
  name: string;
  limit: number;
  windowMs: number;
  message: Wording;
}

/**
 * How many times one key (an IP address, a user) has done one kind of action
 * in the current fixed window (a clock hour, say): a document per key and
 * window in the `tokens` collection, so every instance counts against the
 * same number; the store purges it by ttl after its window. Keys are stored
 * hashed.
 */
interface QuotaDocument extends BaseDoc {
  kind: 'quota';
  quota: string;
  count: number;
  windowEndsAt: string;
}

type Quotas = Pick<Deps, 'store' | 'clock'>;

/**
 * Refuses with 429 and Retry-After (seconds until the window turns) when the
 * key has used its quota. Read only: for checking before costly work (reading
 * an upload) that takeQuotaSlot then counts.
 */
export async function assertQuotaOpen(deps: Quotas, spec: QuotaSpec, key: string): Promise<void> {
  const window = currentWindow(deps, spec);
  const doc = await readQuota(deps, window.id(key));
  if ((doc?.count ?? 0) >= spec.limit) throw refusal(deps, spec, window.endsAt);
}

/**
 * Counts one action against the key, with a write conditional on the count
 * read (the etag; a create for the window's first slot): the write is the
 * decision, so of requests racing for the last slot one gets it and the rest
 * the 429 however many arrive at once. Take the slot before doing the counted
 * work, not after.
 */
export async function takeQuotaSlot(deps: Quotas, spec: QuotaSpec, key: string): Promise<void> {
  const window = currentWindow(deps, spec);
  const id = window.id(key);
  const tokens = deps.store.collection<QuotaDocument>('tokens');
  await changeOrCreateRecord(
    tokens,
    { pk: id, id },
    (current): QuotaDocument => {
      if (current?.kind === 'quota' && current.count >= spec.limit) throw refusal(deps, spec, window.endsAt);
      if (current?.kind === 'quota') return { ...current, count: current.count + 1 };
      return {
        id,
        pk: id,
        kind: 'quota',
        quota: spec.name,
        count: 1,
        windowEndsAt: new Date(window.endsAt).toISOString(),
        // Kept a little past its window, so a slow clock on another instance still finds it.
        ttl: Math.ceil((window.endsAt - deps.clock.now().getTime()) / 1000) + 600,
      };
    },
    // A burst keeps the counter busy: refusing is the safe answer (the slot was not taken). A random pause,
    // growing with the rounds lost, spreads a burst out so each round has fewer contenders.
    { attempts: MAX_ATTEMPTS, pauseMs: 4, busy: () => refusal(deps, spec, window.endsAt) },
  );
}

/** Gives a slot back when the action it was taken for did not happen after all (a service was down). */
export async function returnQuotaSlot(deps: Quotas & Pick<Deps, 'log'>, spec: QuotaSpec, key: string): Promise<void> {
  const id = currentWindow(deps, spec).id(key);
  const tokens = deps.store.collection<QuotaDocument>('tokens');
  try {
    await changeRecord(
      tokens,
      { pk: id, id },
      (current) =>
        current.kind !== 'quota' || current.count <= 0 ? undefined : { ...current, count: current.count - 1 },
      { attempts: MAX_ATTEMPTS },
    );
  } catch (error) {
    // The caller only loses one action of this window; not worth failing the answer over.
    deps.log.warn('Returning a quota slot failed', { quota: spec.name, error });
  }
}

function currentWindow(deps: Pick<Deps, 'clock'>, spec: QuotaSpec) {
  const start = Math.floor(deps.clock.now().getTime() / spec.windowMs) * spec.windowMs;
  return {
    endsAt: start + spec.windowMs,
    id: (key: string) =>
      `quota-${spec.name}-${createHash('sha256').update(key.toLowerCase(), 'utf8').digest('base64url')}-${start}`,
  };
}

async function readQuota(deps: Pick<Deps, 'store'>, id: string): Promise<Stored<QuotaDocument> | undefined> {
  const doc = await deps.store.collection<QuotaDocument>('tokens').read(id, id);
  return doc?.kind === 'quota' ? doc : undefined;
}

function refusal(deps: Pick<Deps, 'clock'>, spec: QuotaSpec, windowEndsAt: number): TooManyRequestsError {
  const seconds = Math.max(1, Math.ceil((windowEndsAt - deps.clock.now().getTime()) / 1000));
  return new TooManyRequestsError(spec.message, seconds);
}
