import { createHash } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { TooManyRequestsError } from '../../errors.js';
import {
  StoreConflictError,
  StoreNotFoundError,
  type BaseDoc,
  type Collection,
  type Stored,
} from '../../ports/store.js';

export const TOO_MANY_SIGN_INS_MESSAGE = 'Too many sign-in attempts. Please wait a moment and try again.';

/** Failures per account name before back-off starts; then 1, 2, 4, 8 and at most 15 minutes. */
const ACCOUNT_FREE_FAILURES = 5;
const ACCOUNT_FIRST_DELAY_SECONDS = 60;
const ACCOUNT_MAX_DELAY_SECONDS = 15 * 60;
/** A quiet day forgets an account's failures. */
const ACCOUNT_MEMORY_SECONDS = 24 * 3600;

/** Failures per IP address in a sliding window. */
const IP_MAX_FAILURES = 20;
const IP_WINDOW_SECONDS = 15 * 60;

const MAX_ATTEMPTS = 5;

/**
 * Failed sign-in bookkeeping, kept in the `tokens` collection so every
 * instance sees the same counts, and purged by ttl. Two keys are counted:
 * the account name as typed (case-insensitive) and the client's IP address.
 * The name is counted whether or not an account has it, so the answers never
 * tell whether the account exists; it is stored hashed.
 */
interface SignInThrottleDocument extends BaseDoc {
  kind: 'signInThrottle';
  /** Account key: failures since the last success (or since the record expired). */
  failures?: number;
  /** Account key: no attempt is checked before this time. */
  lockedUntil?: string;
  /** IP key: times of recent failures, oldest first, at most IP_MAX_FAILURES. */
  recentFailures?: string[];
}

export interface SignInKeys {
  /** The user name or email as typed. */
  name: string;
  ipAddress: string;
}

/**
 * Refuses the attempt with 429 and Retry-After while the name or the address
 * is backing off. Checked before the password, so a right password during the
 * back-off is refused too (else the back-off would not slow a guesser down).
 */
export async function assertSignInAllowed(deps: Deps, keys: SignInKeys): Promise<void> {
  const tokens = deps.store.collection<SignInThrottleDocument>('tokens');
  const now = deps.clock.now().getTime();
  const [account, address] = await Promise.all([
    readKey(tokens, accountKey(keys.name)),
    readKey(tokens, addressKey(keys.ipAddress)),
  ]);
  const waits: number[] = [];
  if (account?.lockedUntil) waits.push(Date.parse(account.lockedUntil) - now);
  const recent = (address?.recentFailures ?? []).filter((at) => Date.parse(at) > now - IP_WINDOW_SECONDS * 1000);
  if (recent.length >= IP_MAX_FAILURES) waits.push(Date.parse(recent[0]!) + IP_WINDOW_SECONDS * 1000 - now);
  const wait = Math.max(0, ...waits);
  if (wait > 0) throw new TooManyRequestsError(TOO_MANY_SIGN_INS_MESSAGE, Math.ceil(wait / 1000));
}

/** Counts a failed attempt against both the name and the address. */
export async function recordSignInFailure(deps: Deps, keys: SignInKeys): Promise<void> {
  const now = deps.clock.now();
  await Promise.all([
    update(deps, accountKey(keys.name), ACCOUNT_MEMORY_SECONDS, (doc) => {
      const failures = (doc?.failures ?? 0) + 1;
      const over = failures - ACCOUNT_FREE_FAILURES;
      const delay = over < 0 ? 0 : Math.min(ACCOUNT_FIRST_DELAY_SECONDS * 2 ** over, ACCOUNT_MAX_DELAY_SECONDS);
      return {
        failures,
        ...(delay > 0 ? { lockedUntil: new Date(now.getTime() + delay * 1000).toISOString() } : {}),
      };
    }),
    update(deps, addressKey(keys.ipAddress), IP_WINDOW_SECONDS, (doc) => {
      const since = now.getTime() - IP_WINDOW_SECONDS * 1000;
      const recent = (doc?.recentFailures ?? []).filter((at) => Date.parse(at) > since);
      return { recentFailures: [...recent, now.toISOString()].slice(-IP_MAX_FAILURES) };
    }),
  ]);
}

/** A successful sign-in forgets the name's failures (the address keeps its window). */
export async function clearSignInFailures(deps: Deps, keys: SignInKeys): Promise<void> {
  const key = accountKey(keys.name);
  await deps.store.collection<SignInThrottleDocument>('tokens').delete(key, key);
}

function accountKey(name: string): string {
  return `signin-name-${createHash('sha256').update(name.trim().toLowerCase(), 'utf8').digest('base64url')}`;
}

function addressKey(ipAddress: string): string {
  return `signin-ip-${createHash('sha256').update(ipAddress.toLowerCase(), 'utf8').digest('base64url')}`;
}

async function readKey(
  tokens: Collection<SignInThrottleDocument>,
  id: string,
): Promise<Stored<SignInThrottleDocument> | undefined> {
  const doc = await tokens.read(id, id);
  return doc?.kind === 'signInThrottle' ? doc : undefined;
}

/** Read, change, write conditionally; a lost race re-reads, so no failure goes uncounted. */
async function update(
  deps: Deps,
  id: string,
  ttl: number,
  change: (doc: SignInThrottleDocument | undefined) => Partial<SignInThrottleDocument>,
): Promise<void> {
  const tokens = deps.store.collection<SignInThrottleDocument>('tokens');
  for (let attempt = 1; ; attempt++) {
    const current = await readKey(tokens, id);
    try {
      if (current) {
        const { _etag, ...doc } = current;
        await tokens.replace({ ...doc, ...change(doc), ttl }, { ifMatch: _etag });
      } else {
        await tokens.create({ id, pk: id, kind: 'signInThrottle', ...change(undefined), ttl });
      }
      return;
    } catch (error) {
      // Another instance wrote (or the record expired) in between: read again and re-apply.
      const raced = error instanceof StoreConflictError || error instanceof StoreNotFoundError;
      if (!raced || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
