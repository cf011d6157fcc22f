import { createHash, randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { StoreConflictError, StoreNotFoundError, type BaseDoc, type Stored } from '../../ports/store.js';
import { changeOrCreateRecord } from '../../records/change-record.js';

/**
 * Who is reading a stored file's scanned pages by OCR right now, across every
 * process and instance: one document per file in 'leases'. Whoever OCRs a file
 * (the OCR-at-upload worker, a claim or a decision job) holds its lease while
 * it reads, renewing it page by page, so a second reader of the same file
 * waits for the first instead of reading the same pages again in parallel
 * (load-document-text.ts). A holder that dies stops renewing; once `until` has
 * passed, the next reader takes the lease over (an etag-conditional write, so
 * of two only one does).
 */
export interface OcrLeaseDocument extends BaseDoc {
  /** The text cache name of the file (textCacheName). */
  file: string;
  /** This holder's run (diagnostics, and telling its own lease from another's). */
  holder: string;
  /** Epoch ms: a lease not renewed by then is abandoned and may be taken over. */
  until: number;
  /** Scanned pages read so far, of `total`, by this holder: a waiter shows them as its own progress. */
  done: number;
  total: number;
}

/**
 * A lease lasts this long unless renewed. Its holder renews it on a timer as
 * well as after each page, so it need only outlast a busy moment of the event
 * loop; a reader whose holder died takes over within this time.
 */
export const OCR_LEASE_MS = 60_000;
/** How often a holder renews its lease while a page is being read. */
const OCR_LEASE_RENEW_MS = 15_000;
/** The store purges a lease document this long after its last write, whatever became of its holder. */
const OCR_LEASE_TTL_SECONDS = 24 * 60 * 60;

/** The id (and partition) of a file's lease: the cache name may hold '/', which no store id may. */
export function ocrLeaseId(cacheName: string): string {
  return `ocr.${createHash('sha256').update(cacheName).digest('hex')}`;
}

export interface OcrLease {
  /** Records pages read; written at once, so a waiter sees each page. */
  progress(done: number): void;
  /** Deletes the lease (conditionally: one taken over by another reader is theirs). */
  release(): Promise<void>;
}

export type OcrLeaseAttempt = { lease: OcrLease } | { heldBy: Stored<OcrLeaseDocument> };

/**
 * Takes the OCR lease of a file for `total` pages, or answers the live lease
 * someone else holds. An expired lease is taken over. A store that cannot be
 * reached does not stop OCR: the caller gets a lease that writes nothing
 * (two readers may then both read the file, which costs time, not text).
 */
export async function acquireOcrLease(
  deps: Pick<Deps, 'store' | 'clock' | 'log'>,
  cacheName: string,
  total: number,
): Promise<OcrLeaseAttempt> {
  const id = ocrLeaseId(cacheName);
  const holder = randomUUID();
  const fresh = (): OcrLeaseDocument => ({
    id,
    pk: id,
    file: cacheName,
    holder,
    until: deps.clock.now().getTime() + OCR_LEASE_MS,
    done: 0,
    total,
    ttl: OCR_LEASE_TTL_SECONDS,
  });
  try {
    const leases = deps.store.collection<OcrLeaseDocument>('leases');
    let heldBy: Stored<OcrLeaseDocument> | undefined;
    let previous: Stored<OcrLeaseDocument> | undefined;
    const result = await changeOrCreateRecord(
      leases,
      { pk: id, id },
      (current) => {
        heldBy = current && current.until > deps.clock.now().getTime() ? current : undefined;
        previous = current;
        return heldBy ? undefined : fresh();
      },
      { attempts: 3, busy: () => new KeptChanging() },
    ).catch((error: unknown) => {
      if (error instanceof KeptChanging) return undefined;
      throw error;
    });
    if (result?.outcome === 'written') {
      if (previous) {
        deps.log.warn('Took over the OCR of a file whose reader stopped renewing its lease', {
          file: cacheName,
          previous: previous.holder,
        });
      }
      return { lease: heldLease(deps, result.record) };
    }
    if (heldBy) return { heldBy };
    // Changed under us every time: someone else is busy with it.
    const current = await leases.read(id, id);
    if (current) return { heldBy: current };
  } catch (error) {
    deps.log.warn('The OCR lease of a file could not be taken; reading it without one', { file: cacheName, error });
  }
  return { lease: { progress: () => undefined, release: async () => undefined } };
}

/** Reads a file's lease again: undefined once it is released, or when it has expired (its holder died). */
export async function readLiveOcrLease(
  deps: Pick<Deps, 'store' | 'clock'>,
  cacheName: string,
): Promise<Stored<OcrLeaseDocument> | undefined> {
  const id = ocrLeaseId(cacheName);
  const current = await deps.store.collection<OcrLeaseDocument>('leases').read(id, id);
  return current && current.until > deps.clock.now().getTime() ? current : undefined;
}

/** A held lease: renewed on a timer and after each page, one write at a time, until released. */
function heldLease(deps: Pick<Deps, 'store' | 'clock' | 'log'>, taken: Stored<OcrLeaseDocument>): OcrLease {
  const leases = deps.store.collection<OcrLeaseDocument>('leases');
  let current: Stored<OcrLeaseDocument> = taken;
  let done = 0;
  let lost = false;
  let released = false;
  let writing: Promise<void> = Promise.resolve();

  const renew = () => {
    writing = writing.then(async () => {
      if (lost || released) return;
      const { _etag, ...rest } = current;
      try {
        current = await leases.replace(
          { ...rest, done, until: deps.clock.now().getTime() + OCR_LEASE_MS },
          { ifMatch: _etag },
        );
      } catch (error) {
        if (error instanceof StoreConflictError || error instanceof StoreNotFoundError) {
          // Taken over after this holder stalled past `until`: the text it reads still joins the cache, merged.
          lost = true;
          deps.log.warn('The OCR lease of a file was taken over by another reader', { file: current.file });
          return;
        }
        deps.log.warn('Renewing the OCR lease of a file failed; trying again at the next renewal', {
          file: current.file,
          error,
        });
      }
    });
  };
  const timer = setInterval(renew, OCR_LEASE_RENEW_MS);
  timer.unref();

  return {
    progress(pages) {
      done = pages;
      renew();
    },
    async release() {
      clearInterval(timer);
      await writing;
      if (released) return;
      released = true;
      if (lost) return;
      try {
        await leases.delete(current.pk, current.id, { ifMatch: current._etag });
      } catch (error) {
        if (error instanceof StoreConflictError || error instanceof StoreNotFoundError) return;
        // It expires by itself within OCR_LEASE_MS; until then a waiter waits that much longer.
        deps.log.warn('Releasing the OCR lease of a file failed', { file: current.file, error });
      }
    },
  };
}

class KeptChanging extends Error {}
