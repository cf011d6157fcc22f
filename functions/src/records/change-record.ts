import { setTimeout as sleep } from 'node:timers/promises';
import { StoreConflictError, StoreNotFoundError, type BaseDoc, type Collection, type Stored } from '../ports/store.js';

/** Enough for a handful of writers of one record at once; none of ours is written by many more. */
export const DEFAULT_CHANGE_ATTEMPTS = 6;

export type ChangeResult<T extends BaseDoc> =
  /** `change` answered a new version and it was written. */
  | { outcome: 'written'; record: Stored<T> }
  /** `change` answered undefined: nothing to write; the record as read. */
  | { outcome: 'unchanged'; record: Stored<T> }
  /** There is no such record (or it was deleted while being changed). */
  | { outcome: 'missing' };

/**
 * The one conditional write of the server (ARCHITECTURE.md rule 4): reads the record (or starts from `first`,
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
  options: { first?: Stored<T>; attempts?: number; busy?: () => Error } = {},
): Promise<ChangeResult<T>> {
  const attempts = options.attempts ?? DEFAULT_CHANGE_ATTEMPTS;
  let current = options.first;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    current ??= await collection.read(key.pk, key.id);
    if (!current) return { outcome: 'missing' };
    const changed = await change(current);
    if (!changed) return { outcome: 'unchanged', record: current };
    const { _etag: _ignored, ...next } = changed as Stored<T>;
    try {
      return { outcome: 'written', record: await collection.replace(next as unknown as T, { ifMatch: current._etag }) };
    } catch (error) {
      if (error instanceof StoreNotFoundError) return { outcome: 'missing' };
      if (!(error instanceof StoreConflictError)) throw error;
      current = undefined;
      if (attempt < attempts) await sleep(Math.random() * 20 * attempt);
    }
  }
  throw options.busy?.() ?? new StoreConflictError(`${key.id} kept changing under ${attempts} attempts to write it.`);
}
