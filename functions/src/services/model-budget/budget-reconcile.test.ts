import { describe, expect, it } from 'vitest';
import {
  EMPTY_BUDGET,
  addBooking,
  bookingEndsAt,
  callWaitPlace,
  effectiveLimits,
  joinLine,
  markCallWait,
  meterCall,
  queuePlace,
  reconcileCall,
  recordPause,
  recordReported,
  releaseBooking,
  tryAdmit,
  type BudgetLimits,
  type BudgetState,
  type Waiter,
} from './budget-schedule.js';
import { placeJob, type PlacementCandidate } from './placement.js';

/** Azure's default here: 100,000 tokens and 600 requests a minute. */
const LIMITS: BudgetLimits = { tokensPerWindow: 100_000, requestsPerWindow: 600, windowMs: 60_000 };
const T0 = 1_800_000_000_000;

function waiter(jobId: string, tokens: number, fields: Partial<Waiter> = {}): Waiter {
  return { jobId, priority: 0, tokens, requests: 30, askedAt: T0, seenAt: T0, ...fields };
}

/** The case: a decision on two 50-page documents is booked at ~851,000 tokens. */
const LARGE = 851_000;

function admitted(state: BudgetState, jobId: string, tokens: number, now = T0): BudgetState {
  const admission = tryAdmit(joinLine(state, waiter(jobId, tokens, { askedAt: now, seenAt: now })), jobId, LIMITS, now);
  if (!admission.admitted) throw new Error(`${jobId} was not admitted`);
  return admission.state;
}

describe('reconciling a job’s booking to what its calls used', () => {
  it('keeps the booking while use stays under it, and grows it by what a call used beyond it', () => {
    let state = admitted(EMPTY_BUDGET, 'a', 60_000);
    const booked = state.tokensFreeAt;
    expect(booked).toBe(T0 + 36_000);
    state = reconcileCall(state, 'a', { tokens: 50_000, requests: 1 }, LIMITS, T0 + 5_000);
    expect(state.tokensFreeAt).toBe(booked);
    expect(state.bookings).toEqual([expect.objectContaining({ jobId: 'a', usedTokens: 50_000, tokens: 60_000 })]);
    // Another 20,000: 10,000 past the estimate, six seconds of the deployment at 100,000 a minute.
    state = reconcileCall(state, 'a', { tokens: 20_000, requests: 1 }, LIMITS, T0 + 9_000);
    expect(state.tokensFreeAt).toBe(booked + 6_000);
    expect(state.bookings![0]).toMatchObject({ usedTokens: 70_000, tokens: 70_000, usedRequests: 2 });
    // A call outside any booked job changes nothing.
    expect(reconcileCall(state, 'nobody', { tokens: 5, requests: 1 }, LIMITS, T0)).toBe(state);
  });

  it('gives back at once what a stopped job did not use: the next large decision starts within a minute', () => {
    let state = admitted(EMPTY_BUDGET, 'stopped', LARGE);
    state = joinLine(state, waiter('next', LARGE, { askedAt: T0 + 1, seenAt: T0 + 1 }));
    // Booked in full, the next would wait 851,000 ÷ 100,000 minutes: about 8.5 minutes.
    expect(queuePlace(state, 'next', LIMITS, T0 + 1_000)).toEqual({ position: 1, etaSeconds: 510 });
    // Its first call used 33,000 tokens; then it was stopped.
    state = reconcileCall(state, 'stopped', { tokens: 33_000, requests: 1 }, LIMITS, T0 + 10_000);
    const { state: released, returned } = releaseBooking(state, 'stopped', LIMITS, T0 + 12_000);
    expect(returned).toEqual({ tokens: LARGE - 33_000, requests: 29 });
    expect(released.bookings).toEqual([]);
    // 33,000 used is 19.8 s of the deployment from its admission: the next starts then.
    expect(released.tokensFreeAt).toBe(T0 + 19_800);
    expect(queuePlace(released, 'next', LIMITS, T0 + 12_000)).toEqual({ position: 1, etaSeconds: 8 });
    expect(tryAdmit(released, 'next', LIMITS, T0 + 19_800).admitted).toBe(true);
  });

  it('gives back what a failed or finished job did not use, but never before now, and keeps what others booked', () => {
    let state = admitted(EMPTY_BUDGET, 'failed', 60_000);
    state = admitted(state, 'other', 30_000, T0 + 30_000);
    const before = state.tokensFreeAt;
    expect(before).toBe(T0 + 54_000);
    // 'failed' used 6,000 of its 60,000: 54,000 come off the ledger, but 'other' keeps its 30,000 (18 s) from now.
    state = reconcileCall(state, 'failed', { tokens: 6_000, requests: 1 }, LIMITS, T0 + 31_000);
    const released = releaseBooking(state, 'failed', LIMITS, T0 + 31_000).state;
    expect(released.tokensFreeAt).toBe(T0 + 31_000 + 18_000);
    expect(released.bookings!.map((booking) => booking.jobId)).toEqual(['other']);
    // A ledger already paid off is not pushed into the past (that would let more than a window through at once).
    const late = releaseBooking(admitted(EMPTY_BUDGET, 'x', 1_000), 'x', LIMITS, T0 + 600_000).state;
    expect(late.tokensFreeAt).toBe(T0 + 600);
    expect(releaseBooking(late, 'x', LIMITS, T0).returned).toEqual({ tokens: 0, requests: 0 });
  });

  it('tells a running job when its booking is paid off, for its estimate', () => {
    let state = admitted(EMPTY_BUDGET, 'a', 300_000);
    state = admitted(state, 'b', 100_000, T0 + 180_000);
    // 'a' books three minutes; within its last window it may spend at once: its end is two minutes on.
    expect(bookingEndsAt(state, 'a', LIMITS, T0)).toBe(T0 + 120_000);
    expect(bookingEndsAt(state, 'b', LIMITS, T0 + 180_000)).toBe(T0 + 180_000);
    expect(bookingEndsAt(state, 'none', LIMITS, T0)).toBeUndefined();
  });
});

describe('the deployment’s rate-limit headers', () => {
  it('lower the limits in force by what others used in the window, until it has passed', () => {
    let state = meterCall(EMPTY_BUDGET, 20_000, LIMITS, T0).state;
    // The deployment has 50,000 left: 30,000 were someone else's.
    state = recordReported(state, { tokens: 50_000, requests: 590 }, LIMITS, T0 + 1_000);
    expect(state.reported).toEqual({ at: T0 + 1_000, foreignTokens: 30_000, foreignRequests: 9 });
    expect(effectiveLimits(state, LIMITS, T0 + 2_000)).toMatchObject({
      tokensPerWindow: 70_000,
      requestsPerWindow: 591,
    });
    // So a call of 60,000 no longer fits beside our 20,000 …
    expect(meterCall(state, 60_000, LIMITS, T0 + 2_000).started).toBe(false);
    // … and the queue's ETA counts with the lower rate.
    const waiting = joinLine(state, waiter('w', 70_000));
    expect(queuePlace(waiting, 'w', LIMITS, T0 + 2_000)!.etaSeconds).toBe(0);
    expect(queuePlace(joinLine(state, waiter('w', 70_001)), 'w', LIMITS, T0 + 2_000)).toBeDefined();
    // A window later the others' use has left it.
    expect(effectiveLimits(state, LIMITS, T0 + 61_000)).toMatchObject({ tokensPerWindow: 100_000 });
  });

  it('never raise the limits above the configuration, and a report of room clears an earlier lowering', () => {
    const generous = recordReported(EMPTY_BUDGET, { tokens: 5_000_000, requests: 10_000 }, LIMITS, T0);
    expect(generous.reported).toBeUndefined();
    expect(effectiveLimits(generous, LIMITS, T0)).toEqual(LIMITS);
    const lowered = recordReported(EMPTY_BUDGET, { tokens: 10_000 }, LIMITS, T0);
    expect(effectiveLimits(lowered, LIMITS, T0).tokensPerWindow).toBe(10_000);
    expect(recordReported(lowered, { tokens: 100_000 }, LIMITS, T0 + 1).reported).toBeUndefined();
  });

  it('pause calls and admission until a Retry-After, without lowering the limits', () => {
    const paused = recordPause(EMPTY_BUDGET, 7_000, T0);
    expect(meterCall(paused, 10, LIMITS, T0 + 1_000)).toMatchObject({ started: false, retryAt: T0 + 7_000 });
    expect(meterCall(paused, 10, LIMITS, T0 + 7_000).started).toBe(true);
    expect(effectiveLimits(paused, LIMITS, T0 + 1_000)).toEqual(LIMITS);
    expect(tryAdmit(joinLine(paused, waiter('a', 10)), 'a', LIMITS, T0 + 1_000)).toMatchObject({
      admitted: false,
      startAt: T0 + 7_000,
    });
  });
});

describe('a running job waiting for capacity', () => {
  it('has a place among the running jobs waiting, by when their calls may start', () => {
    let state = markCallWait(EMPTY_BUDGET, 'a', T0 + 30_000, T0);
    state = markCallWait(state, 'b', T0 + 10_000, T0 + 1);
    expect(callWaitPlace(state, 'a', T0 + 2_000)).toEqual({ position: 2, etaSeconds: 28 });
    expect(callWaitPlace(state, 'b', T0 + 2_000)).toEqual({ position: 1, etaSeconds: 8 });
    state = markCallWait(state, 'b', undefined, T0 + 10_000);
    expect(callWaitPlace(state, 'a', T0 + 10_000)).toEqual({ position: 1, etaSeconds: 20 });
    expect(callWaitPlace(state, 'b', T0 + 10_000)).toBeUndefined();
  });
});

describe('placement over two deployments', () => {
  const candidate = (name: string, state: BudgetState, priority = 0): PlacementCandidate => ({
    name,
    priority,
    limits: LIMITS,
    state,
  });

  it('puts a job where it starts soonest, ties to the lower priority, then the order listed', () => {
    const busy = admitted(EMPTY_BUDGET, 'big', LARGE);
    expect(placeJob([candidate('default', busy), candidate('second', EMPTY_BUDGET)], waiter('j', LARGE), T0)).toBe(
      'second',
    );
    expect(
      placeJob([candidate('default', EMPTY_BUDGET, 1), candidate('second', EMPTY_BUDGET, 0)], waiter('j', 10), T0),
    ).toBe('second');
    expect(placeJob([candidate('default', EMPTY_BUDGET), candidate('second', EMPTY_BUDGET)], waiter('j', 10), T0)).toBe(
      'default',
    );
  });

  it('runs two large decisions side by side on two deployments where one would make the second wait', () => {
    const one = [candidate('default', EMPTY_BUDGET)];
    let a = EMPTY_BUDGET;
    let b = EMPTY_BUDGET;
    for (const jobId of ['first', 'second']) {
      const two = [candidate('default', a), candidate('second', b)];
      const name = placeJob(two, waiter(jobId, LARGE), T0);
      if (name === 'default') a = admitted(a, jobId, LARGE);
      else b = admitted(b, jobId, LARGE);
    }
    expect(a.bookings!.map((booking) => booking.jobId)).toEqual(['first']);
    expect(b.bookings!.map((booking) => booking.jobId)).toEqual(['second']);
    // On one deployment the second would wait for the first's 8.5 minutes.
    const single = admitted(one[0]!.state, 'first', LARGE);
    expect(queuePlace(joinLine(single, waiter('second', LARGE)), 'second', LIMITS, T0)!.etaSeconds).toBe(511);
  });

  it('keeps a waiting job where it waits unless another deployment can start it now', () => {
    const busyA = admitted(EMPTY_BUDGET, 'big', LARGE);
    const busyB = admitted(EMPTY_BUDGET, 'bigger', LARGE * 2);
    const inLine = joinLine(busyA, waiter('j', LARGE));
    expect(
      placeJob([candidate('default', inLine), candidate('second', busyB)], waiter('j', LARGE), T0, 'default'),
    ).toBe('default');
    // 'second' gave back its booking (its job stopped): the waiting job moves there and starts.
    const freed = releaseBooking(busyB, 'bigger', LIMITS, T0).state;
    expect(
      placeJob([candidate('default', inLine), candidate('second', freed)], waiter('j', LARGE), T0, 'default'),
    ).toBe('second');
  });

  it('books a job that failed over on the other deployment, after what is booked there', () => {
    const there = admitted(EMPTY_BUDGET, 'resident', 60_000);
    const moved = addBooking(there, { jobId: 'moved', tokens: 30_000, requests: 5 }, LIMITS, T0 + 1_000);
    expect(moved.tokensFreeAt).toBe(T0 + 36_000 + 18_000);
    expect(moved.bookings!.map((booking) => booking.jobId)).toEqual(['resident', 'moved']);
  });
});
