import type { BaseDoc, Collection, CollectionName, Store } from '../../functions/src/ports/store.js';

/** One store call: the operation, its collection and the JSON size of what it answered or wrote. */
export interface StoreCall {
  op: keyof Collection<BaseDoc>;
  collection: CollectionName;
  /** Documents answered (read, query) or written. */
  documents: number;
  /** Characters of those documents as JSON: what the adapter parsed or serialised for the call. */
  chars: number;
}

export interface CountingStore extends Store {
  /** The calls made since the last `reset()`. */
  readonly calls: readonly StoreCall[];
  reset(): void;
}

/**
 * A store that passes every call on to `inner` and records it: what a request costs the store, counted rather than
 * timed, so a test can pin it (a machine's speed says nothing; a count does).
 */
export function countingStore(inner: Store): CountingStore {
  let calls: StoreCall[] = [];
  const size = (docs: readonly unknown[]) => docs.reduce<number>((sum, doc) => sum + JSON.stringify(doc).length, 0);
  const record = (op: StoreCall['op'], collection: CollectionName, docs: readonly unknown[]) => {
    calls.push({ op, collection, documents: docs.length, chars: size(docs) });
  };
  return {
    kind: inner.kind,
    get calls() {
      return calls;
    },
    reset() {
      calls = [];
    },
    ping: () => inner.ping(),
    close: () => inner.close(),
    collection<T extends BaseDoc>(name: CollectionName): Collection<T> {
      const target = inner.collection<T>(name);
      return {
        async create(doc) {
          const written = await target.create(doc);
          record('create', name, [written]);
          return written;
        },
        async read(pk, id) {
          const found = await target.read(pk, id);
          record('read', name, found ? [found] : []);
          return found;
        },
        async replace(doc, options) {
          const written = await target.replace(doc, options);
          record('replace', name, [written]);
          return written;
        },
        async upsert(doc) {
          const written = await target.upsert(doc);
          record('upsert', name, [written]);
          return written;
        },
        async delete(pk, id, options) {
          const deleted = await target.delete(pk, id, options);
          record('delete', name, []);
          return deleted;
        },
        async query(query) {
          const page = await target.query(query);
          record('query', name, page.items);
          return page;
        },
        async count(query) {
          const counted = await target.count(query);
          record('count', name, []);
          return counted;
        },
      };
    },
  };
}
