import {
  book,
  effectiveLimits,
  readyAt,
  type Booking,
  type BudgetLimits,
  type BudgetPriority,
  type BudgetState,
  type Waiter,
} from './budget-window.js';

/**
 * The budget's line of jobs (budget-schedule.ts has the whole design): joining and leaving it, admission of its
 * head, each waiter's expected start, place and ETA, and the calls waiting for capacity.
 */

/** Puts a job in line by its priority and when it joined, or refreshes its estimate and `seenAt` (keeping its place). */
export function joinLine(state: BudgetState, waiter: Waiter): BudgetState {
  const earlier = state.line.find((other) => other.jobId === waiter.jobId);
  const entry = earlier ? { ...waiter, askedAt: Math.min(earlier.askedAt, waiter.askedAt) } : waiter;
  // A job keeps its slot when it asks again; a new one comes last. The sort is stable, so two jobs that joined
  // in the same millisecond keep the order in which they joined.
  const line = (
    earlier ? state.line.map((other) => (other.jobId === waiter.jobId ? entry : other)) : [...state.line, entry]
  ).sort((a, b) => a.priority - b.priority || a.askedAt - b.askedAt);
  return { ...state, line };
}

/** Notes when a waiter's message was deferred to. */
export function markDeferred(state: BudgetState, jobId: string, deferredTo: number): BudgetState {
  return {
    ...state,
    line: state.line.map((waiter) => (waiter.jobId === jobId ? { ...waiter, deferredTo } : waiter)),
  };
}

export function leaveLine(state: BudgetState, jobId: string): BudgetState {
  return { ...state, line: state.line.filter((waiter) => waiter.jobId !== jobId) };
}

/** Each waiter's expected start (epoch ms), in line order: the waiters ahead admitted one after another. */
export function expectedStarts(
  state: BudgetState,
  limits: BudgetLimits,
  now: number,
): { jobId: string; startAt: number }[] {
  const { tokensPerWindow, requestsPerWindow, windowMs } = effectiveLimits(state, limits, now);
  let tokensFreeAt = state.tokensFreeAt;
  let requestsFreeAt = state.requestsFreeAt;
  let previous = Math.max(now, state.throttle?.pausedUntil ?? 0);
  return state.line.map((waiter) => {
    const startAt = Math.max(
      previous,
      readyAt(tokensFreeAt, waiter.tokens, tokensPerWindow, windowMs),
      readyAt(requestsFreeAt, waiter.requests, requestsPerWindow, windowMs),
    );
    tokensFreeAt = book(tokensFreeAt, startAt, waiter.tokens, tokensPerWindow, windowMs);
    requestsFreeAt = book(requestsFreeAt, startAt, waiter.requests, requestsPerWindow, windowMs);
    previous = startAt;
    return { jobId: waiter.jobId, startAt };
  });
}

/**
 * Drops the head of the line while its start came more than `graceMs` ago without its delivery looking at
 * the line since (its message was lost, or its job ended without a run): a job is deferred to exactly its
 * expected start, and only the head may start, so one that does not come would hold up everyone behind it.
 */
export function dropOverdue(state: BudgetState, limits: BudgetLimits, now: number, graceMs: number): BudgetState {
  const { tokensPerWindow, requestsPerWindow, windowMs } = effectiveLimits(state, limits, now);
  let line = state.line;
  for (;;) {
    const head = line[0];
    if (!head) break;
    const dueAt = Math.max(
      state.throttle?.pausedUntil ?? 0,
      readyAt(state.tokensFreeAt, head.tokens, tokensPerWindow, windowMs),
      readyAt(state.requestsFreeAt, head.requests, requestsPerWindow, windowMs),
    );
    if (!(dueAt < now - graceMs && head.seenAt < dueAt)) break;
    line = line.slice(1);
  }
  return line === state.line ? state : { ...state, line };
}

export type Admission =
  { admitted: true; state: BudgetState } | { admitted: false; state: BudgetState; position: number; startAt: number };

/**
 * Admits the job when it is first in line and the deployment has room for it now: it leaves the line and its
 * tokens and calls are booked. Otherwise answers its place and expected start. The job must be in line.
 */
export function tryAdmit(state: BudgetState, jobId: string, limits: BudgetLimits, now: number): Admission {
  const starts = expectedStarts(state, limits, now);
  const index = starts.findIndex((start) => start.jobId === jobId);
  if (index < 0) throw new RangeError(`Job ${jobId} is not in line.`);
  const startAt = starts[index]!.startAt;
  if (index > 0 || startAt > now) return { admitted: false, state, position: index + 1, startAt };
  const waiter = state.line[0]!;
  const { tokensPerWindow, requestsPerWindow, windowMs } = effectiveLimits(state, limits, now);
  const booking: Booking = {
    jobId,
    tokens: waiter.tokens,
    requests: waiter.requests,
    usedTokens: 0,
    usedRequests: 0,
    at: now,
  };
  return {
    admitted: true,
    state: {
      ...leaveLine(state, jobId),
      tokensFreeAt: book(state.tokensFreeAt, now, waiter.tokens, tokensPerWindow, windowMs),
      requestsFreeAt: book(state.requestsFreeAt, now, waiter.requests, requestsPerWindow, windowMs),
      bookings: [...(state.bookings ?? []).filter((other) => other.jobId !== jobId), booking],
    },
  };
}

/** A running job's call waits for room until `until` (or, with undefined, no longer does). */
export function markCallWait(state: BudgetState, jobId: string, until: number | undefined, now: number): BudgetState {
  const others = (state.callWaits ?? []).filter((wait) => wait.jobId !== jobId);
  if (until === undefined)
    return others.length === (state.callWaits ?? []).length ? state : { ...state, callWaits: others };
  const since = state.callWaits?.find((wait) => wait.jobId === jobId)?.since ?? now;
  return { ...state, callWaits: [...others, { jobId, until, since }] };
}

/**
 * A running job's wait for room for its next call: its place among the running jobs waiting (by when their
 * calls may start) and the seconds until then; undefined when it is not waiting.
 */
export function callWaitPlace(
  state: BudgetState,
  jobId: string,
  now: number,
): { position: number; etaSeconds: number } | undefined {
  const waits = (state.callWaits ?? []).filter((wait) => wait.until > now);
  const own = waits.find((wait) => wait.jobId === jobId);
  if (!own) return undefined;
  const position =
    waits.filter((wait) => wait.until < own.until || (wait.until === own.until && wait.since < own.since)).length + 1;
  return { position, etaSeconds: Math.max(1, Math.ceil((own.until - now) / 1000)) };
}

/**
 * When an admitted job's booked tokens are expected to be paid off (epoch ms): the schedule's end of it,
 * for the running job's estimate. The ledger pays bookings in the order they were made; the job's own end
 * is the ledger's end less what was booked after it, less the last window (which a job may spend at once).
 */
export function bookingEndsAt(
  state: BudgetState,
  jobId: string,
  limits: BudgetLimits,
  now: number,
): number | undefined {
  const bookings = state.bookings ?? [];
  const index = bookings.findIndex((entry) => entry.jobId === jobId);
  if (index < 0) return undefined;
  const { tokensPerWindow, windowMs } = effectiveLimits(state, limits, now);
  const after = bookings.slice(index + 1).reduce((sum, entry) => sum + Math.max(0, entry.tokens - entry.usedTokens), 0);
  return Math.max(now, state.tokensFreeAt - (after * windowMs) / tokensPerWindow - windowMs);
}

/** A waiting job's place in line (1 = next) and the seconds until it is expected to start, or undefined. */
export function queuePlace(
  state: BudgetState,
  jobId: string,
  limits: BudgetLimits,
  now: number,
): { position: number; etaSeconds: number } | undefined {
  const starts = expectedStarts(state, limits, now);
  const index = starts.findIndex((start) => start.jobId === jobId);
  if (index < 0) return undefined;
  return { position: index + 1, etaSeconds: Math.max(0, Math.ceil((starts[index]!.startAt - now) / 1000)) };
}

/**
 * What a new job of `priority` would find: how many wait ahead of it, and the seconds until the last of them
 * is expected to start (the anonymous generator's refusal when busy).
 */
export function lineAhead(
  state: BudgetState,
  priority: BudgetPriority,
  limits: BudgetLimits,
  now: number,
): { ahead: number; waitSeconds: number } {
  const starts = expectedStarts(state, limits, now);
  const ahead = state.line.filter((waiter) => waiter.priority <= priority).length;
  const last = ahead > 0 ? starts[ahead - 1]!.startAt : now;
  return { ahead, waitSeconds: Math.max(0, Math.ceil((last - now) / 1000)) };
}
