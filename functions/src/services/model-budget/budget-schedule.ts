/**
 * The model deployment's shared budget, as pure arithmetic on one state (no I/O; budget-store.ts keeps the
 * state in the Store, conditionally, so every Functions instance shares it).
 *
 * Two ledgers, both in the deployment's own units (tokens and requests per window, Azure's TPM and RPM when
 * the window is a minute):
 *
 * - **Admission** (jobs): each job estimates its tokens and calls before it starts and waits in one line,
 *   ordered by priority (a signed-in case before the anonymous generator), then by when it joined.
 *   Only the head of the line starts, once the deployment has room for it: a cell-rate (GCRA) booking, where
 *   each admitted job books `tokens ÷ rate` of the deployment's time and the next may start when what is
 *   still booked leaves room for it within one window. A job larger than a window starts when nothing is
 *   booked and keeps the line behind it waiting until its tokens are paid off. So a waiting job's start is
 *   the tokens ahead of it ÷ the rate: its place in line and its ETA.
 * - **Metering** (calls): every model call of an admitted job draws its tokens from a sliding window of the
 *   calls started in the last window, and waits while the window is full, so the chapters of a decision
 *   (and of two decisions whose bookings overlap) stay under the deployment's limit too.
 *
 * A 429 that still comes (another client of the deployment, an estimate too low) lowers the limits in force
 * to 80 % (at least half) for five windows and stops every call and admission until its Retry-After.
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
}

export const EMPTY_BUDGET: BudgetState = { tokensFreeAt: 0, requestsFreeAt: 0, line: [], calls: [] };

/** Each 429 keeps this share of the limits in force… */
export const THROTTLE_STEP = 0.8;
/** …but never less than this share… */
export const THROTTLE_FLOOR = 0.5;
/** …for this many windows after the last 429. */
export const THROTTLE_WINDOWS = 5;

/** The limits in force at `now`: the configured ones, lowered after a recent 429. */
export function effectiveLimits(state: BudgetState, limits: BudgetLimits, now: number): BudgetLimits {
  const factor = state.throttle && state.throttle.until > now ? state.throttle.factor : 1;
  return {
    tokensPerWindow: Math.max(1, Math.floor(limits.tokensPerWindow * factor)),
    requestsPerWindow: Math.max(1, Math.floor(limits.requestsPerWindow * factor)),
    windowMs: limits.windowMs,
  };
}

/** Drops calls that have left the window, waiters nobody has looked for since `staleBefore`, an expired throttle. */
export function prune(state: BudgetState, limits: BudgetLimits, now: number, staleBefore: number): BudgetState {
  const throttle =
    state.throttle && (state.throttle.until > now || state.throttle.pausedUntil > now) ? state.throttle : undefined;
  return {
    tokensFreeAt: state.tokensFreeAt,
    requestsFreeAt: state.requestsFreeAt,
    line: state.line.filter((waiter) => waiter.seenAt >= staleBefore),
    calls: state.calls.filter(([at]) => at > now - limits.windowMs),
    ...(throttle ? { throttle } : {}),
  };
}

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

export function leaveLine(state: BudgetState, jobId: string): BudgetState {
  return { ...state, line: state.line.filter((waiter) => waiter.jobId !== jobId) };
}

/** When a job of `cost` may be admitted against a ledger paid off at `freeAt`: once at most a window minus it is booked. */
function readyAt(freeAt: number, cost: number, capacity: number, windowMs: number): number {
  const rate = capacity / windowMs;
  return freeAt - (capacity - Math.min(cost, capacity)) / rate;
}

function book(freeAt: number, start: number, cost: number, capacity: number, windowMs: number): number {
  return Math.max(freeAt, start) + cost / (capacity / windowMs);
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
  return {
    admitted: true,
    state: {
      ...leaveLine(state, jobId),
      tokensFreeAt: book(state.tokensFreeAt, now, waiter.tokens, tokensPerWindow, windowMs),
      requestsFreeAt: book(state.requestsFreeAt, now, waiter.requests, requestsPerWindow, windowMs),
    },
  };
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
