import { ANONYMOUS_DECISION_MESSAGES } from '@ratkaisu/core';
import { createHash } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { TooManyRequestsError } from '../../errors.js';
import { StoreConflictError, StoreNotFoundError, type BaseDoc, type Stored } from '../../ports/store.js';

const HOUR_MS = 3600 * 1000;
/** Lost races re-read and try again this often; each round one writer wins, so this is plenty. */
const MAX_ATTEMPTS = 10;

/**
 * How many decisions one IP address has had from the public generator in one
 * clock hour: a document per address and hour in the `tokens` collection, so
 * every instance counts against the same number; the store purges it by ttl
 * after its hour. The address is stored hashed.
 */
interface AnonymousQuotaDocument extends BaseDoc {
  kind: 'anonymousDecisionQuota';
  count: number;
  windowEndsAt: string;
}

type Quotas = Pick<Deps, 'store' | 'clock' | 'config'>;

/**
 * Refuses with 429 and Retry-After (seconds until the hour turns) when the
 * address has had its decisions this hour. Read only: checked before the
 * upload is read, so a refused caller costs no bandwidth.
 */
export async function assertAnonymousQuotaOpen(deps: Quotas, ipAddress: string): Promise<void> {
  const window = currentWindow(deps);
  const doc = await readQuota(deps, window.id(ipAddress));
  if ((doc?.count ?? 0) >= deps.config.anonymous.decisionsPerHour) throw refusal(deps, window.endsAt);
}

/**
 * Counts one decision against the address, with a write conditional on the
 * count read: of two requests racing for the last slot, one gets the 429.
 */
export async function takeAnonymousQuotaSlot(deps: Quotas, ipAddress: string): Promise<void> {
  const window = currentWindow(deps);
  const id = window.id(ipAddress);
  const tokens = deps.store.collection<AnonymousQuotaDocument>('tokens');
  for (let attempt = 1; ; attempt++) {
    const current = await readQuota(deps, id);
    if ((current?.count ?? 0) >= deps.config.anonymous.decisionsPerHour) throw refusal(deps, window.endsAt);
    try {
      if (current) {
        const { _etag, ...doc } = current;
        await tokens.replace({ ...doc, count: doc.count + 1 }, { ifMatch: _etag });
      } else {
        await tokens.create({
          id,
          pk: id,
          kind: 'anonymousDecisionQuota',
          count: 1,
          windowEndsAt: new Date(window.endsAt).toISOString(),
          // Kept a little past its hour, so a slow clock on another instance still finds it.
          ttl: Math.ceil((window.endsAt - deps.clock.now().getTime()) / 1000) + 600,
        });
      }
      return;
    } catch (error) {
      const raced = error instanceof StoreConflictError || error instanceof StoreNotFoundError;
      if (!raced || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

/** Gives a slot back when the decision it was taken for could not be started (the service was down). */
export async function returnAnonymousQuotaSlot(deps: Quotas & Pick<Deps, 'log'>, ipAddress: string): Promise<void> {
  const id = currentWindow(deps).id(ipAddress);
  const tokens = deps.store.collection<AnonymousQuotaDocument>('tokens');
  try {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const current = await readQuota(deps, id);
      if (!current || current.count <= 0) return;
      const { _etag, ...doc } = current;
      try {
        await tokens.replace({ ...doc, count: doc.count - 1 }, { ifMatch: _etag });
        return;
      } catch (error) {
        if (error instanceof StoreNotFoundError) return;
        if (!(error instanceof StoreConflictError)) throw error;
      }
    }
  } catch (error) {
    // The caller only loses one decision of this hour; not worth failing the answer over.
    deps.log.warn('Returning an anonymous decision slot failed', { error });
  }
}

function currentWindow(deps: Pick<Deps, 'clock'>) {
  const start = Math.floor(deps.clock.now().getTime() / HOUR_MS) * HOUR_MS;
  return {
    endsAt: start + HOUR_MS,
    id: (ipAddress: string) =>
      `anonymous-quota-${createHash('sha256').update(ipAddress.toLowerCase(), 'utf8').digest('base64url')}-${start}`,
  };
}

async function readQuota(deps: Pick<Deps, 'store'>, id: string): Promise<Stored<AnonymousQuotaDocument> | undefined> {
  const doc = await deps.store.collection<AnonymousQuotaDocument>('tokens').read(id, id);
  return doc?.kind === 'anonymousDecisionQuota' ? doc : undefined;
}

function refusal(deps: Pick<Deps, 'clock'>, windowEndsAt: number): TooManyRequestsError {
  const seconds = Math.max(1, Math.ceil((windowEndsAt - deps.clock.now().getTime()) / 1000));
  return new TooManyRequestsError(ANONYMOUS_DECISION_MESSAGES.rateLimited, seconds);
}
