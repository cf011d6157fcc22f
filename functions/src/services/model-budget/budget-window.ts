/**
 * The budget's window arithmetic (budget-schedule.ts has the whole design): the state, the limits in force, the
 * cell-rate ledger of bookings and its reconciliation, the metering of calls in a sliding window, throttling.
 */

export interface BudgetLimits {
  tokensPerWindow: number;
  requestsPerWindow: number;
  windowMs: number;
}

/** 0: a signed-in user's case (claims, decisions, the tribunal's jobs); 1: the anonymous generator. */
export type BudgetPriority = 0 | 1;

/** A job waiting for admission. */
export interface Waiter {
  jobId: string;
  priority: BudgetPriority;
  /** Estimated tokens of the whole job (prompts and completion limits of its calls). */
  tokens: number;
  /** Estimated calls. */
  requests: number;
  /** When the job first joined the line (epoch ms): its place among waiters of its priority. */
  askedAt: number;
  /** When a delivery of the job last looked at the line (epoch ms); a waiter not seen for long is dropped. */
  seenAt: number;
  /** When its message comes back (deferred to its expected start then); sooner when the line moves (wakeDue). */
  deferredTo?: number;
}

export interface BudgetState {
  /** Admission: when the tokens booked so far are paid off (epoch ms); at or before now, nothing is booked. */
  tokensFreeAt: number;
  requestsFreeAt: number;
  line: Waiter[];
  /** Metering: calls started within the last window, as [epoch ms, tokens]. */
  calls: [number, number][];
  /** After a 429: the share of the limits in force until `until`, and nothing starts before `pausedUntil`. */
  throttle?: { factor: number; until: number; pausedUntil: number };
  /** Admitted jobs' bookings, corrected as their calls complete, released when they end. */
  bookings?: Booking[];
  /** The deployment's headers at `at`: tokens and requests used there beyond our own calls of the window. */
  reported?: { at: number; foreignTokens: number; foreignRequests: number };
  /** Running jobs whose next call waits for room in the window (metering), until when: their status says so. */
  callWaits?: CallWait[];
}

/** What an admitted job booked, and what its calls have used so far (reported by the endpoint). */
export interface Booking {
  jobId: string;
  tokens: number;
  requests: number;
  usedTokens: number;
  usedRequests: number;
  /** When it was admitted (epoch ms). */
  at: number;
}

export interface CallWait {
  jobId: string;
  /** When its call is expected to start (epoch ms). */
  until: number;
  /** When it began to wait. */
  since: number;
}

export const EMPTY_BUDGET: BudgetState = { tokensFreeAt: 0, requestsFreeAt: 0, line: [], calls: [] };

/** Each 429 keeps this share of the limits in force… */
export const THROTTLE_STEP = 0.8;
/** …but never less than this share… */
export const THROTTLE_FLOOR = 0.5;
/** …for this many windows after the last 429. */
export const THROTTLE_WINDOWS = 5;

/** Bookings are forgotten after this long even if their job never said it ended (a worker that died). */
export const BOOKING_TTL_MS = 6 * 3_600_000;

/**
 * The limits in force at `now`: the configured ones, lowered after a recent 429, less what the deployment's
 * headers showed used by others within the last window. Never more than the configured ones.
 */
export function effectiveLimits(state: BudgetState, limits: BudgetLimits, now: number): BudgetLimits {
  const factor = state.throttle && state.throttle.until > now ? state.throttle.factor : 1;
  const reported = state.reported && state.reported.at > now - limits.windowMs ? state.reported : undefined;
  return {
    tokensPerWindow: Math.max(1, Math.floor(limits.tokensPerWindow * factor) - (reported?.foreignTokens ?? 0)),
    requestsPerWindow: Math.max(1, Math.floor(limits.requestsPerWindow * factor) - (reported?.foreignRequests ?? 0)),
    windowMs: limits.windowMs,
  };
}

/** Drops calls that have left the window, waiters nobody has looked for since `staleBefore`, an expired throttle. */
export function prune(state: BudgetState, limits: BudgetLimits, now: number, staleBefore: number): BudgetState {
  const throttle =
    state.throttle && (state.throttle.until > now || state.throttle.pausedUntil > now) ? state.throttle : undefined;
  const reported = state.reported && state.reported.at > now - limits.windowMs ? state.reported : undefined;
  const bookings = (state.bookings ?? []).filter((booking) => booking.at > now - BOOKING_TTL_MS);
  const callWaits = (state.callWaits ?? []).filter((wait) => wait.until > now - limits.windowMs);
  return {
    tokensFreeAt: state.tokensFreeAt,
    requestsFreeAt: state.requestsFreeAt,
    line: state.line.filter((waiter) => waiter.seenAt >= staleBefore),
    calls: state.calls.filter(([at]) => at > now - limits.windowMs),
    ...(throttle ? { throttle } : {}),
    ...(bookings.length > 0 ? { bookings } : {}),
    ...(reported ? { reported } : {}),
    ...(callWaits.length > 0 ? { callWaits } : {}),
  };
}

/** When a job of `cost` may be admitted against a ledger paid off at `freeAt`: once at most a window minus it is booked. */
export function readyAt(freeAt: number, cost: number, capacity: number, windowMs: number): number {
  const rate = capacity / windowMs;
  return freeAt - (capacity - Math.min(cost, capacity)) / rate;
}

export function book(freeAt: number, start: number, cost: number, capacity: number, windowMs: number): number {
  return Math.max(freeAt, start) + cost / (capacity / windowMs);
}

/**
 * One completed call of an admitted job, by what the endpoint reported it used (prompt and completion):
 * added to the job's use, and when its use passes what it booked, the booking grows by the difference (the
 * line behind it waits for what was really spent). Unknown jobs (a call outside any job) change nothing.
 */
export function reconcileCall(
  state: BudgetState,
  jobId: string,
  used: { tokens: number; requests: number },
  limits: BudgetLimits,
  now: number,
): BudgetState {
  const booking = state.bookings?.find((entry) => entry.jobId === jobId);
  if (!booking) return state;
  const { tokensPerWindow, requestsPerWindow, windowMs } = effectiveLimits(state, limits, now);
  const usedTokens = booking.usedTokens + Math.max(0, used.tokens);
  const usedRequests = booking.usedRequests + Math.max(0, used.requests);
  const moreTokens = Math.max(0, usedTokens - booking.tokens);
  const moreRequests = Math.max(0, usedRequests - booking.requests);
  return {
    ...state,
    tokensFreeAt: state.tokensFreeAt + (moreTokens * windowMs) / tokensPerWindow,
    requestsFreeAt: state.requestsFreeAt + (moreRequests * windowMs) / requestsPerWindow,
    bookings: state.bookings!.map((entry) =>
      entry.jobId === jobId
        ? {
            ...entry,
            usedTokens,
            usedRequests,
            tokens: Math.max(entry.tokens, usedTokens),
            requests: Math.max(entry.requests, usedRequests),
          }
        : entry,
    ),
  };
}

/**
 * The job ended (finished, failed or stopped): what its booking did not use is given back at once — the
 * ledgers are paid off that much sooner, so the line behind it moves — and the booking is dropped. Given
 * back at the configured rate it was booked at; never earlier than `now` for what is still booked by others.
 */
export function releaseBooking(
  state: BudgetState,
  jobId: string,
  limits: BudgetLimits,
  now: number,
): { state: BudgetState; returned: { tokens: number; requests: number } } {
  const booking = state.bookings?.find((entry) => entry.jobId === jobId);
  const callWaits = state.callWaits?.filter((wait) => wait.jobId !== jobId);
  if (!booking) {
    return {
      state: callWaits?.length === state.callWaits?.length ? state : { ...state, callWaits: callWaits ?? [] },
      returned: { tokens: 0, requests: 0 },
    };
  }
  const { tokensPerWindow, requestsPerWindow, windowMs } = effectiveLimits(state, limits, now);
  const tokens = Math.max(0, booking.tokens - booking.usedTokens);
  const requests = Math.max(0, booking.requests - booking.usedRequests);
  // What others booked and have not used yet stays booked from now on; only this job's unused part comes off.
  const others = (state.bookings ?? []).filter((entry) => entry.jobId !== jobId);
  const othersTokens = others.reduce((sum, entry) => sum + Math.max(0, entry.tokens - entry.usedTokens), 0);
  const othersRequests = others.reduce((sum, entry) => sum + Math.max(0, entry.requests - entry.usedRequests), 0);
  return {
    state: {
      ...state,
      tokensFreeAt: giveBack(
        state.tokensFreeAt,
        tokens,
        now + (othersTokens * windowMs) / tokensPerWindow,
        tokensPerWindow,
        windowMs,
      ),
      requestsFreeAt: giveBack(
        state.requestsFreeAt,
        requests,
        now + (othersRequests * windowMs) / requestsPerWindow,
        requestsPerWindow,
        windowMs,
      ),
      bookings: state.bookings!.filter((entry) => entry.jobId !== jobId),
      ...(callWaits ? { callWaits } : {}),
    },
    returned: { tokens, requests },
  };
}

/**
 * Books a job on this deployment outside the line (its calls failed over here from another deployment): the
 * tokens and calls it has left, after what is booked already. Its calls are metered here like any other.
 */
export function addBooking(
  state: BudgetState,
  job: { jobId: string; tokens: number; requests: number },
  limits: BudgetLimits,
  now: number,
): BudgetState {
  const { tokensPerWindow, requestsPerWindow, windowMs } = effectiveLimits(state, limits, now);
  return {
    ...state,
    tokensFreeAt: book(state.tokensFreeAt, now, job.tokens, tokensPerWindow, windowMs),
    requestsFreeAt: book(state.requestsFreeAt, now, job.requests, requestsPerWindow, windowMs),
    bookings: [
      ...(state.bookings ?? []).filter((entry) => entry.jobId !== job.jobId),
      { jobId: job.jobId, tokens: job.tokens, requests: job.requests, usedTokens: 0, usedRequests: 0, at: now },
    ],
  };
}

/**
 * A ledger paid off at `freeAt` with `amount` of it no longer needed, but not before `floor` (now plus what
 * others booked and have not used); a ledger paid off earlier than that stays as it is.
 */
function giveBack(freeAt: number, amount: number, floor: number, capacity: number, windowMs: number): number {
  if (freeAt <= floor) return freeAt;
  return Math.max(floor, freeAt - (amount * windowMs) / capacity);
}

/**
 * The deployment's rate-limit headers on a response: it had `remainingTokens` and `remainingRequests` left in
 * its window. Whatever that shows used beyond our own calls of the last window is someone else's, and lowers
 * the limits in force until it has left the window (effectiveLimits). Headers can only lower the limits: a
 * deployment reporting more room than configured changes nothing.
 */
export function recordReported(
  state: BudgetState,
  remaining: { tokens?: number; requests?: number },
  limits: BudgetLimits,
  now: number,
): BudgetState {
  const recent = state.calls.filter(([at]) => at > now - limits.windowMs);
  const ownTokens = recent.reduce((sum, [, tokens]) => sum + tokens, 0);
  const foreignTokens =
    remaining.tokens === undefined ? 0 : Math.max(0, limits.tokensPerWindow - remaining.tokens - ownTokens);
  const foreignRequests =
    remaining.requests === undefined ? 0 : Math.max(0, limits.requestsPerWindow - remaining.requests - recent.length);
  if (foreignTokens === 0 && foreignRequests === 0) {
    if (!state.reported) return state;
    const { reported: _gone, ...rest } = state;
    return rest;
  }
  return { ...state, reported: { at: now, foreignTokens, foreignRequests } };
}

/** A Retry-After on a response that was not a 429: no call or admission starts before it; the limits stay. */
export function recordPause(state: BudgetState, retryAfterMs: number, now: number): BudgetState {
  if (retryAfterMs <= 0) return state;
  const pausedUntil = Math.max(state.throttle?.pausedUntil ?? 0, now + retryAfterMs);
  return {
    ...state,
    throttle: { factor: state.throttle?.factor ?? 1, until: state.throttle?.until ?? now, pausedUntil },
  };
}

export type Metering = { started: true; state: BudgetState } | { started: false; state: BudgetState; retryAt: number };

/**
 * Lets one call of `tokens` start when the calls of the last window leave room for it (a call larger than the
 * window's tokens starts in an empty window), and records it; else answers when to look again.
 */
export function meterCall(state: BudgetState, tokens: number, limits: BudgetLimits, now: number): Metering {
  const { tokensPerWindow, requestsPerWindow, windowMs } = effectiveLimits(state, limits, now);
  const pausedUntil = state.throttle?.pausedUntil ?? 0;
  if (pausedUntil > now) return { started: false, state, retryAt: pausedUntil };
  const recent = state.calls.filter(([at]) => at > now - windowMs).sort((a, b) => a[0] - b[0]);
  const need = Math.min(tokens, tokensPerWindow);
  let used = recent.reduce((sum, [, spent]) => sum + spent, 0);
  let count = recent.length;
  if (used + need <= tokensPerWindow && count + 1 <= requestsPerWindow) {
    return { started: true, state: { ...state, calls: [...recent, [now, tokens]] } };
  }
  // The earliest moment enough of the window's calls have left it.
  for (const [at, spent] of recent) {
    used -= spent;
    count -= 1;
    if (used + need <= tokensPerWindow && count + 1 <= requestsPerWindow) {
      return { started: false, state, retryAt: at + windowMs + 1 };
    }
  }
  return { started: false, state, retryAt: now + windowMs };
}

/**
 * A 429 from the endpoint: the limits in force drop to 80 % of what they were (at least half of the
 * configured ones) for THROTTLE_WINDOWS windows, and no call or admission starts before its Retry-After.
 */
export function recordThrottle(
  state: BudgetState,
  retryAfterMs: number,
  limits: BudgetLimits,
  now: number,
): BudgetState {
  const current = state.throttle && state.throttle.until > now ? state.throttle.factor : 1;
  const pausedUntil = Math.max(state.throttle?.pausedUntil ?? 0, now + Math.max(0, retryAfterMs));
  return {
    ...state,
    tokensFreeAt: Math.max(state.tokensFreeAt, pausedUntil),
    requestsFreeAt: Math.max(state.requestsFreeAt, pausedUntil),
    throttle: {
      factor: Math.max(THROTTLE_FLOOR, current * THROTTLE_STEP),
      until: now + THROTTLE_WINDOWS * limits.windowMs,
      pausedUntil,
    },
  };
}
