import { refusal } from '@ratkaisu/core';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Deps } from '../../deps.js';
import { TooManyRequestsError } from '../../errors.js';
import {
  StoreConflictError,
  StoreNotFoundError,
  type BaseDoc,
  type Collection,
  type Stored,
} from '../../ports/store.js';

export const TOO_MANY_SIGN_INS_MESSAGE = refusal('accounts.tooManySignIns').message;

/** Attempts per account before back-off starts; then 1, 2, 4, 8 and at most 15 minutes. */
const ACCOUNT_FREE_ATTEMPTS = 5;
const ACCOUNT_FIRST_DELAY_SECONDS = 60;
const ACCOUNT_MAX_DELAY_SECONDS = 15 * 60;
/** A quiet day forgets an account's failures. */
const ACCOUNT_MEMORY_SECONDS = 24 * 3600;

/**
 * Attempts per IP address in a sliding window before that address is slowed
 * down: then each attempt waits 1, 2, 4 … at most ADDRESS_MAX_DELAY_SECONDS
 * after the previous one. A delay, never a lock: an office behind one NAT
 * address still gets in, only more slowly, while a sprayer gets a few
 * thousand guesses a day at most (and each account's own back-off still holds).
 */
const ADDRESS_FREE_ATTEMPTS = 20;
const ADDRESS_WINDOW_SECONDS = 15 * 60;
const ADDRESS_MAX_DELAY_SECONDS = 60;
/** The delay stops growing well before this many entries, so older ones need not be kept. */
const ADDRESS_KEPT_ATTEMPTS = ADDRESS_FREE_ATTEMPTS + 10;

/**
 * Rounds of a lost race before the attempt is refused (429): each round one
 * writer wins, and refusing is the safe answer when a burst keeps the record busy.
 */
const MAX_ROUNDS = 20;

/**
 * Sign-in bookkeeping, kept in the `tokens` collection so every instance sees
 * the same counts, and purged by ttl. Two keys: the account (its id once the
 * name or email resolves to one, so a lock on the username holds for the
 * email too; the name as typed otherwise, so an unknown name backs off like a
 * real one) and the client's address. Keys are stored hashed.
 *
 * Atomic: an attempt is counted before it is judged, by one write conditional
 * on the etag of the record it read; only an attempt whose write succeeded
 * goes on to the password check. Of 25 parallel guesses, at most the free
 * allowance are judged and the rest get 429. A right password takes its
 * attempt back (settleSignInSuccess).
 */
interface SignInThrottleDocument extends BaseDoc {
  kind: 'signInThrottle';
  /** Account key: attempts counted since the last success (or since the record expired). */
  failures?: number;
  /** Account key: no attempt is taken before this time. */
  lockedUntil?: string;
  /** Address key: times of recent attempts not taken back, oldest first. */
  recentFailures?: string[];
}

export interface SignInKeys {
  /** The account id when the name or email resolved to an account; else the name as typed. */
  account: { userId: string } | { name: string };
  ipAddress: string;
}

/** What an allowed attempt took, to give back when it turns out right. */
export interface SignInTicket {
  keys: SignInKeys;
  /** The address entry this attempt added. */
  at: string;
}

/**
 * Takes one attempt for the account and one for the address, or refuses with
 * 429 and Retry-After while either is backing off. Taken before the password
 * is checked, so a right password during the back-off is refused too (else
 * the back-off would not slow a guesser down).
 */
export async function takeSignInAttempt(deps: Deps, keys: SignInKeys): Promise<SignInTicket> {
  const now = deps.clock.now();
  const at = now.toISOString();
  await change(deps, accountKey(keys.account), ACCOUNT_MEMORY_SECONDS, (doc) => {
    const waitMs = doc?.lockedUntil ? Date.parse(doc.lockedUntil) - now.getTime() : 0;
    if (waitMs > 0) return refuse(waitMs);
    const failures = (doc?.failures ?? 0) + 1;
    const over = failures - ACCOUNT_FREE_ATTEMPTS;
    const delay = over < 0 ? 0 : Math.min(ACCOUNT_FIRST_DELAY_SECONDS * 2 ** over, ACCOUNT_MAX_DELAY_SECONDS);
    return { failures, ...(delay > 0 ? { lockedUntil: new Date(now.getTime() + delay * 1000).toISOString() } : {}) };
  });
  try {
    await change(deps, addressKey(keys.ipAddress), ADDRESS_WINDOW_SECONDS, (doc) => {
      const recent = recentAttempts(doc, now.getTime());
      const last = recent.at(-1);
      const waitMs = last ? Date.parse(last) + addressDelaySeconds(recent.length) * 1000 - now.getTime() : 0;
      if (waitMs > 0) return refuse(waitMs);
      return { recentFailures: [...recent, at].slice(-ADDRESS_KEPT_ATTEMPTS) };
    });
  } catch (error) {
    // The address refused: this attempt was never judged, so the account gets it back.
    await giveBackAccount(deps, keys.account);
    throw error;
  }
  return { keys, at };
}

/**
 * A right password (and second factor): forgets the account's failures, and
 * gives the address its attempt back (an office signing in does not slow itself).
 */
export async function settleSignInSuccess(deps: Deps, ticket: SignInTicket): Promise<void> {
  const key = accountKey(ticket.keys.account);
  await deps.store.collection<SignInThrottleDocument>('tokens').delete(key, key);
  await giveBackAddress(deps, ticket);
}

/**
 * Gives both attempts back: the attempt was not a guess (a right password
 * whose second factor is still to come).
 */
export async function releaseSignInAttempt(deps: Deps, ticket: SignInTicket): Promise<void> {
  await giveBackAccount(deps, ticket.keys.account);
  await giveBackAddress(deps, ticket);
}

function addressDelaySeconds(attempts: number): number {
  if (attempts < ADDRESS_FREE_ATTEMPTS) return 0;
  return Math.min(2 ** (attempts - ADDRESS_FREE_ATTEMPTS), ADDRESS_MAX_DELAY_SECONDS);
}

function recentAttempts(doc: SignInThrottleDocument | undefined, nowMs: number): string[] {
  const since = nowMs - ADDRESS_WINDOW_SECONDS * 1000;
  return (doc?.recentFailures ?? []).filter((at) => Date.parse(at) > since);
}

async function giveBackAccount(deps: Deps, account: SignInKeys['account']): Promise<void> {
  await bestEffort(deps, () =>
    change(
      deps,
      accountKey(account),
      ACCOUNT_MEMORY_SECONDS,
      (doc) => {
        if (!doc) return 'unchanged';
        const failures = Math.max(0, (doc.failures ?? 0) - 1);
        // A lock is only ever set by the attempt that reached the allowance; below it there is none.
        const locked = failures >= ACCOUNT_FREE_ATTEMPTS && doc.lockedUntil;
        return { failures, ...(locked ? { lockedUntil: doc.lockedUntil } : {}) };
      },
      true,
    ),
  );
}

async function giveBackAddress(deps: Deps, ticket: SignInTicket): Promise<void> {
  await bestEffort(deps, () =>
    change(deps, addressKey(ticket.keys.ipAddress), ADDRESS_WINDOW_SECONDS, (doc) => {
      const recent = doc?.recentFailures ?? [];
      const index = recent.lastIndexOf(ticket.at);
      if (index < 0) return 'unchanged';
      return { recentFailures: [...recent.slice(0, index), ...recent.slice(index + 1)] };
    }),
  );
}

async function bestEffort(deps: Deps, action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (error) {
    // The caller only keeps one counted attempt more than it should; not worth failing the answer over.
    deps.log.warn('Giving back a sign-in attempt failed', { error });
  }
}

function accountKey(account: SignInKeys['account']): string {
  const key = 'userId' in account ? `user:${account.userId}` : `name:${account.name.trim().toLowerCase()}`;
  return `signin-account-${createHash('sha256').update(key, 'utf8').digest('base64url')}`;
}

function addressKey(ipAddress: string): string {
  return `signin-ip-${createHash('sha256').update(ipAddress.toLowerCase(), 'utf8').digest('base64url')}`;
}

/** A refusal the change function returns, so the loop can throw it with the wait it computed. */
class Refusal {
  constructor(readonly waitMs: number) {}
}

function refuse(waitMs: number): Refusal {
  return new Refusal(waitMs);
}

function tooMany(waitMs: number): TooManyRequestsError {
  return new TooManyRequestsError(refusal('accounts.tooManySignIns'), Math.max(1, Math.ceil(waitMs / 1000)));
}

async function readKey(
  tokens: Collection<SignInThrottleDocument>,
  id: string,
): Promise<Stored<SignInThrottleDocument> | undefined> {
  const doc = await tokens.read(id, id);
  return doc?.kind === 'signInThrottle' ? doc : undefined;
}

/**
 * Read, decide, write conditionally on the etag read (or create, which fails
 * when someone else created first): the write is the decision, so a lost race
 * re-reads and decides again. A refusal is thrown as 429; so is a record kept
 * busy past MAX_ROUNDS, unless `giveBack` (then the last error is thrown, for
 * bestEffort to log).
 */
async function change(
  deps: Deps,
  id: string,
  ttl: number,
  decide: (doc: SignInThrottleDocument | undefined) => Partial<SignInThrottleDocument> | Refusal | 'unchanged',
  giveBack = false,
): Promise<void> {
  const tokens = deps.store.collection<SignInThrottleDocument>('tokens');
  for (let round = 1; ; round++) {
    const current = await readKey(tokens, id);
    const decision = decide(current);
    if (decision instanceof Refusal) throw tooMany(decision.waitMs);
    if (decision === 'unchanged') return;
    try {
      if (current) {
        const { _etag, failures: _f, lockedUntil: _l, recentFailures: _r, ...doc } = current;
        await tokens.replace({ ...doc, ...decision, ttl }, { ifMatch: _etag });
      } else {
        await tokens.create({ id, pk: id, kind: 'signInThrottle', ...decision, ttl });
      }
      return;
    } catch (error) {
      // Another request wrote (or the record expired) in between: read again and decide again.
      const raced = error instanceof StoreConflictError || error instanceof StoreNotFoundError;
      if (!raced) throw error;
      if (round >= MAX_ROUNDS) {
        if (giveBack) throw error;
        throw tooMany(1000);
      }
      // A random pause, growing with the rounds lost, spreads a burst out so each round has fewer contenders.
      await sleep(Math.random() * 4 * round);
    }
  }
}
