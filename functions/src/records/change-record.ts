import { setTimeout as sleep } from 'node:timers/promises';
import { StoreConflictError, StoreNotFoundError, type BaseDoc, type Collection, type Stored } from '../ports/store.js';

/** Enough for a handful of writers of one record at once; none of ours is written by many more. */
export const DEFAULT_CHANGE_ATTEMPTS = 6;

export interface ChangeOptions<T extends BaseDoc> {
  /** A version the caller has just read: the first attempt starts from it instead of reading. */
  first?: Stored<T>;
  /** Writes tried before giving up (DEFAULT_CHANGE_ATTEMPTS). */
  attempts?: number;
  /** The error thrown after `attempts` lost races (a StoreConflictError by default). */
  busy?: () => Error;
  /**
   * The longest pause after a lost race: a number grows linearly with the races lost (20 ms, 40 ms, …; a hot
   * counter wants less), a function answers it for the n-th lost race (1-based).
   */
  pauseMs?: number | ((lost: number) => number);
}

export type ChangeResult<T extends BaseDoc> =
  /** `change` answered a new version and it was written. */
  | { outcome: 'written'; record: Stored<T> }
  /** `change` answered undefined: nothing to write; the record as read. */
  | { outcome: 'unchanged'; record: Stored<T> }
  /** There is no such record (or it was deleted while being changed). */
  | { outcome: 'missing' };

/**
 * The one conditional write of the server (docs/architecture.md rule 4): reads the record (or starts from `first`,
 * a version the caller has just read), asks `change` for its next version, and replaces it on the condition
 * that it is still the version read (etag). When someone else wrote it in between, reads it again and asks
 * `change` again, so the change — and every rule it checks — applies to the record as it is now and no
 * concurrent change is lost. After a lost race it pauses a short random while, so writers that collided do
 * not collide again at once. `change` may throw (a domain error refuses the change) or answer undefined
 * (nothing to write). After `attempts` lost races, `busy()` is thrown (a StoreConflictError by default).
 */
export async function changeRecord<T extends BaseDoc>(
  collection: Collection<T>,
  key: { pk: string; id: string },
  change: (current: Stored<T>) => T | undefined | Promise<T | undefined>,
  options: ChangeOptions<T> = {},
): Promise<ChangeResult<T>> {
  // Without `create`, `change` is never asked with undefined: a missing record is answered as such.
  return (await writeLoop(
    collection,
    key,
    change as (current: Stored<T> | undefined) => T | undefined,
    false,
    options,
  )) as ChangeResult<T>;
}

export type ChangeOrCreateResult<T extends BaseDoc> =
  | { outcome: 'written'; record: Stored<T> }
  /** `change` answered undefined: nothing to write; the record as read (undefined when there is none). */
  | { outcome: 'unchanged'; record: Stored<T> | undefined };

/**
 * As changeRecord for a record that may not exist yet (a counter, a window, a checkpoint): `change` is asked
 * with undefined when there is none and its answer is created; a record created or deleted by someone else
 * in between is read again and `change` asked again, so of two writers racing to create it neither is lost.
 */
export async function changeOrCreateRecord<T extends BaseDoc>(
  collection: Collection<T>,
  key: { pk: string; id: string },
  change: (current: Stored<T> | undefined) => T | undefined | Promise<T | undefined>,
  options: ChangeOptions<T> = {},
): Promise<ChangeOrCreateResult<T>> {
  const result = await writeLoop(collection, key, change, true, options);
  if (result.outcome === 'missing') throw new StoreNotFoundError(); // not reached: a missing record is created
  return result;
}

async function writeLoop<T extends BaseDoc>(
  collection: Collection<T>,
  key: { pk: string; id: string },
  change: (current: Stored<T> | undefined) => T | undefined | Promise<T | undefined>,
  create: boolean,
  options: ChangeOptions<T>,
): Promise<ChangeResult<T> | { outcome: 'unchanged'; record: undefined }> {
  const attempts = options.attempts ?? DEFAULT_CHANGE_ATTEMPTS;
  let current = options.first;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    current ??= await collection.read(key.pk, key.id);
    if (!current && !create) return { outcome: 'missing' };
    const changed = await change(current);
    if (!changed)
      return current ? { outcome: 'unchanged', record: current } : { outcome: 'unchanged', record: undefined };
    const { _etag: _ignored, ...next } = changed as Stored<T>;
    try {
      const record = current
        ? await collection.replace(next as unknown as T, { ifMatch: current._etag })
        : await collection.create(next as unknown as T);
      return { outcome: 'written', record };
    } catch (error) {
      if (error instanceof StoreNotFoundError && !create) return { outcome: 'missing' };
      if (!(error instanceof StoreConflictError) && !(error instanceof StoreNotFoundError)) throw error;
      current = undefined;
      if (attempt < attempts) await sleep(Math.random() * longestPause(options.pauseMs ?? 20, attempt));
    }
  }
  throw options.busy?.() ?? new StoreConflictError(`${key.id} kept changing under ${attempts} attempts to write it.`);
}

function longestPause(pauseMs: number | ((lost: number) => number), lost: number): number {
  return typeof pauseMs === 'function' ? pauseMs(lost) : pauseMs * lost;
}
