import { describe, expect, it } from 'vitest';
import {
  EMPTY_BUDGET,
  dropOverdue,
  effectiveLimits,
  expectedStarts,
  joinLine,
  leaveLine,
  lineAhead,
  meterCall,
  prune,
  queuePlace,
  recordThrottle,
  tryAdmit,
  type BudgetLimits,
  type BudgetState,
  type Waiter,
} from './budget-schedule.js';
import { estimateClaimsSummary, estimateDecision, EXPECTED_CHAPTER_TOKENS } from './estimate-tokens.js';

/** 60,000 tokens and 100 requests a minute: 1,000 tokens a second. */
const LIMITS: BudgetLimits = { tokensPerWindow: 60_000, requestsPerWindow: 100, windowMs: 60_000 };
const T0 = 1_800_000_000_000;

function waiter(jobId: string, tokens: number, fields: Partial<Waiter> = {}): Waiter {
  return { jobId, priority: 0, tokens, requests: 7, askedAt: T0, seenAt: T0, ...fields };
}

function line(state: BudgetState): string[] {
  return state.line.map((entry) => entry.jobId);
}

describe('the line', () => {
  it('orders by priority, then by when the job was asked for, whatever the order of joining', () => {
    let state: BudgetState = EMPTY_BUDGET;
    state = joinLine(state, waiter('anon-early', 1_000, { priority: 1, askedAt: T0 - 60_000 }));
    state = joinLine(state, waiter('case-late', 1_000, { askedAt: T0 + 5_000 }));
    state = joinLine(state, waiter('case-early', 1_000, { askedAt: T0 }));
    state = joinLine(state, waiter('anon-late', 1_000, { priority: 1, askedAt: T0 + 1 }));
    expect(line(state)).toEqual(['case-early', 'case-late', 'anon-early', 'anon-late']);
  });

  it('keeps a job once: joining again refreshes its estimate and keeps its earlier place', () => {
    let state = joinLine(EMPTY_BUDGET, waiter('a', 1_000, { askedAt: T0 }));
    state = joinLine(state, waiter('b', 1_000, { askedAt: T0 + 1_000 }));
    state = joinLine(state, waiter('a', 2_000, { askedAt: T0 + 9_000, seenAt: T0 + 9_000 }));
    expect(line(state)).toEqual(['a', 'b']);
    expect(state.line[0]).toMatchObject({ tokens: 2_000, askedAt: T0, seenAt: T0 + 9_000 });
    expect(line(leaveLine(state, 'a'))).toEqual(['b']);
  });

  it('drops waiters nobody looked for since the cut-off, and calls that left the window', () => {
    const state: BudgetState = {
      ...EMPTY_BUDGET,
      line: [waiter('seen', 1, { seenAt: T0 }), waiter('lost', 1, { seenAt: T0 - 1 })],
      calls: [
        [T0 - 60_000, 10],
        [T0 - 59_999, 20],
      ],
    };
    const pruned = prune(state, LIMITS, T0, T0);
    expect(line(pruned)).toEqual(['seen']);
    expect(pruned.calls).toEqual([[T0 - 59_999, 20]]);
  });
});

describe('a waiter that does not come', () => {
  it('is dropped once its expected start is past the grace, so the line behind it moves on', () => {
    let state: BudgetState = { ...EMPTY_BUDGET, tokensFreeAt: T0 + 60_000 };
    state = joinLine(state, waiter('lost', 60_000, { requests: 1, seenAt: T0 }));
    // 'next' came at its own expected start (T0 + 120 s, behind 'lost') and found 'lost' still ahead.
    state = joinLine(state, waiter('next', 60_000, { requests: 1, askedAt: T0 + 1, seenAt: T0 + 120_000 }));
    // 'lost' was due at T0 + 60 s; two minutes later it still has not looked.
    expect(line(dropOverdue(state, LIMITS, T0 + 60_000 + 120_000, 120_000))).toEqual(['lost', 'next']);
    const later = T0 + 60_000 + 120_001;
    const dropped = dropOverdue(state, LIMITS, later, 120_000);
    expect(line(dropped)).toEqual(['next']);
    expect(tryAdmit(dropped, 'next', LIMITS, later).admitted).toBe(true);
    // One that looked after its start (and waits behind someone) stays.
    const seen = joinLine(state, waiter('lost', 60_000, { requests: 1, seenAt: T0 + 61_000 }));
    expect(line(dropOverdue(seen, LIMITS, later, 120_000))).toEqual(['lost', 'next']);
  });
});

describe('admission', () => {
  it('admits only the head of the line, and the next once the booked tokens leave room for it', () => {
    let state = EMPTY_BUDGET;
    for (const id of ['a', 'b', 'c']) state = joinLine(state, waiter(id, 30_000, { requests: 1 }));
    // b may not jump the line even though the window has room for it.
    const early = tryAdmit(state, 'b', LIMITS, T0);
    expect(early).toMatchObject({ admitted: false, position: 2 });

    const a = tryAdmit(state, 'a', LIMITS, T0);
    expect(a.admitted).toBe(true);
    state = a.state;
    expect(line(state)).toEqual(['b', 'c']);
    // 30,000 booked of a 60,000 window: b fits at once, c once b's and a's first 30,000 are paid (30 s).
    const b = tryAdmit(state, 'b', LIMITS, T0);
    expect(b.admitted).toBe(true);
    state = b.state;
    const c = tryAdmit(state, 'c', LIMITS, T0);
    expect(c).toMatchObject({ admitted: false, position: 1, startAt: T0 + 30_000 });
    expect(tryAdmit(state, 'c', LIMITS, T0 + 29_999).admitted).toBe(false);
    expect(tryAdmit(state, 'c', LIMITS, T0 + 30_000).admitted).toBe(true);
  });

  it('starts a job larger than a window when nothing is booked, and keeps the line waiting until it is paid', () => {
    let state = joinLine(EMPTY_BUDGET, waiter('huge', 180_000, { requests: 1 }));
    state = joinLine(state, waiter('small', 6_000, { requests: 1, askedAt: T0 + 1 }));
    const huge = tryAdmit(state, 'huge', LIMITS, T0);
    expect(huge.admitted).toBe(true);
    // 180,000 tokens at 1,000 a second: paid off after 180 s; the small one needs 6,000 free of the window.
    expect(queuePlace(huge.state, 'small', LIMITS, T0)).toEqual({ position: 1, etaSeconds: 126 });
  });

  it('puts a signed-in case ahead of the anonymous generator that was waiting first', () => {
    let state = joinLine(EMPTY_BUDGET, waiter('busy', 60_000, { requests: 1 }));
    state = tryAdmit(state, 'busy', LIMITS, T0).state;
    state = joinLine(state, waiter('anonymous', 60_000, { priority: 1, askedAt: T0 }));
    state = joinLine(state, waiter('case', 60_000, { askedAt: T0 + 10_000 }));
    expect(line(state)).toEqual(['case', 'anonymous']);
    expect(tryAdmit(state, 'anonymous', LIMITS, T0 + 60_000)).toMatchObject({ admitted: false, position: 2 });
    const admitted = tryAdmit(state, 'case', LIMITS, T0 + 60_000);
    expect(admitted.admitted).toBe(true);
    expect(line(admitted.state)).toEqual(['anonymous']);
  });

  it('honours the requests per window as well as the tokens', () => {
    const limits = { ...LIMITS, requestsPerWindow: 10 };
    let state = joinLine(EMPTY_BUDGET, waiter('a', 10, { requests: 7 }));
    state = joinLine(state, waiter('b', 10, { requests: 7, askedAt: T0 + 1 }));
    state = tryAdmit(state, 'a', limits, T0).state;
    // 7 of 10 requests booked (6 s each): b needs 7 free, so 4 of a's must have passed: 24 s.
    expect(queuePlace(state, 'b', limits, T0)).toEqual({ position: 1, etaSeconds: 24 });
  });
});

describe('places and ETAs', () => {
  it('counts the tokens ahead of each waiter against the rate: positions 1, 2, 3 with growing waits', () => {
    let state: BudgetState = { ...EMPTY_BUDGET, tokensFreeAt: T0 + 60_000 };
    for (const [index, id] of ['a', 'b', 'c'].entries()) {
      state = joinLine(state, waiter(id, 60_000, { requests: 1, askedAt: T0 + index }));
    }
    expect(['a', 'b', 'c'].map((id) => queuePlace(state, id, LIMITS, T0))).toEqual([
      { position: 1, etaSeconds: 60 },
      { position: 2, etaSeconds: 120 },
      { position: 3, etaSeconds: 180 },
    ]);
    expect(queuePlace(state, 'unknown', LIMITS, T0)).toBeUndefined();
    // Time passing lowers every wait; the head's admission moves the others up.
    expect(queuePlace(state, 'c', LIMITS, T0 + 30_000)).toEqual({ position: 3, etaSeconds: 150 });
    const admitted = tryAdmit(state, 'a', LIMITS, T0 + 60_000);
    expect(admitted.admitted).toBe(true);
    expect(queuePlace(admitted.state, 'c', LIMITS, T0 + 60_000)).toEqual({ position: 2, etaSeconds: 120 });
    expect(expectedStarts(admitted.state, LIMITS, T0 + 60_000).map((start) => start.jobId)).toEqual(['b', 'c']);
  });

  it('tells the anonymous generator how many wait ahead of it and until when', () => {
    let state: BudgetState = { ...EMPTY_BUDGET, tokensFreeAt: T0 + 60_000 };
    state = joinLine(state, waiter('case-1', 60_000, { requests: 1 }));
    state = joinLine(state, waiter('case-2', 60_000, { requests: 1, askedAt: T0 + 1 }));
    state = joinLine(state, waiter('anon', 60_000, { priority: 1, requests: 1 }));
    expect(lineAhead(state, 1, LIMITS, T0)).toEqual({ ahead: 3, waitSeconds: 180 });
    expect(lineAhead(state, 0, LIMITS, T0)).toEqual({ ahead: 2, waitSeconds: 120 });
    expect(lineAhead(EMPTY_BUDGET, 1, LIMITS, T0)).toEqual({ ahead: 0, waitSeconds: 0 });
  });
});

describe('metering calls', () => {
  it('lets calls start while the last window has room, then says when enough of it has passed', () => {
    let state = EMPTY_BUDGET;
    for (const at of [0, 1_000, 2_000]) {
      const metered = meterCall(state, 20_000, LIMITS, T0 + at);
      expect(metered.started).toBe(true);
      state = metered.state;
    }
    const refused = meterCall(state, 20_000, LIMITS, T0 + 3_000);
    expect(refused).toMatchObject({ started: false, retryAt: T0 + 60_001 });
    // A smaller call still fits after the first one has left the window.
    expect(meterCall(state, 20_000, LIMITS, T0 + 60_001).started).toBe(true);
  });

  it('starts a call larger than the window only in an empty window', () => {
    const one = meterCall(EMPTY_BUDGET, 100_000, LIMITS, T0);
    expect(one.started).toBe(true);
    expect(meterCall(one.state, 1, LIMITS, T0 + 1)).toMatchObject({ started: false, retryAt: T0 + 60_001 });
  });

  it('counts requests per window too', () => {
    let state = EMPTY_BUDGET;
    const limits = { ...LIMITS, requestsPerWindow: 2 };
    state = (meterCall(state, 1, limits, T0) as { state: BudgetState }).state;
    state = (meterCall(state, 1, limits, T0 + 10) as { state: BudgetState }).state;
    expect(meterCall(state, 1, limits, T0 + 20)).toMatchObject({ started: false, retryAt: T0 + 60_001 });
  });
});

describe('a 429 from the endpoint', () => {
  it('pauses calls and admissions until its Retry-After, and lowers the limits for five windows', () => {
    let state = joinLine(EMPTY_BUDGET, waiter('a', 6_000, { requests: 1 }));
    state = recordThrottle(state, 20_000, LIMITS, T0);
    expect(meterCall(state, 1, LIMITS, T0 + 19_999)).toMatchObject({ started: false, retryAt: T0 + 20_000 });
    expect(meterCall(state, 1, LIMITS, T0 + 20_000).started).toBe(true);
    expect(tryAdmit(state, 'a', LIMITS, T0 + 10_000)).toMatchObject({ admitted: false, startAt: T0 + 20_000 });
    expect(tryAdmit(state, 'a', LIMITS, T0 + 20_000).admitted).toBe(true);

    expect(effectiveLimits(state, LIMITS, T0 + 1)).toMatchObject({ tokensPerWindow: 48_000, requestsPerWindow: 80 });
    expect(effectiveLimits(state, LIMITS, T0 + 5 * 60_000)).toMatchObject({ tokensPerWindow: 60_000 });
  });

  it('lowers the limits further with each 429, to half at most, and recovers after the windows pass', () => {
    let state = EMPTY_BUDGET;
    for (let i = 0; i < 6; i++) state = recordThrottle(state, 0, LIMITS, T0 + i);
    expect(effectiveLimits(state, LIMITS, T0 + 10).tokensPerWindow).toBe(30_000);
    // With less in force, 40,000 tokens no longer fit one window's calls.
    const first = meterCall(state, 20_000, LIMITS, T0 + 10);
    expect(first.started).toBe(true);
    expect(meterCall(first.state, 20_000, LIMITS, T0 + 11).started).toBe(false);
    expect(prune(state, LIMITS, T0 + 6 + 5 * 60_000, 0).throttle).toBeUndefined();
  });
});

describe('estimates', () => {
  const chapters = {
    instructionTokens: 500,
    promptTokens: [100, 100, 100, 100, 100, 100, 100],
    maxOutputTokens: [8_000],
    dependencies: [[], [], [], [], [0, 1, 2, 3], [4], [4, 5]],
  };

  it('counts each chapter call: the case file, the prompts, the chapters it reads and its completion limit', () => {
    const estimate = estimateDecision({ caseTokens: 37_000, caseFileBudget: 93_000, ...chapters });
    const reads = 7 * EXPECTED_CHAPTER_TOKENS;
    expect(estimate).toEqual({ tokens: 7 * (37_000 + 500 + 100 + 8_000) + reads, requests: 7 });
    // One chapter written again: only its call.
    expect(estimateDecision({ caseTokens: 37_000, caseFileBudget: 93_000, ...chapters, write: [6] })).toEqual({
      tokens: 37_000 + 500 + 100 + 8_000 + 2 * EXPECTED_CHAPTER_TOKENS,
      requests: 1,
    });
  });

  it('adds the condensing round of a case over the budget, and writes the chapters from the dossier it fills', () => {
    const estimate = estimateDecision({ caseTokens: 125_000, caseFileBudget: 93_000, ...chapters });
    const dossier = Math.floor(93_000 * 0.85);
    const condensing = 125_000 + 4 * 600 + dossier;
    expect(estimate.requests).toBe(4 + 7);
    expect(estimate.tokens).toBe(condensing + 7 * (dossier + 600 + 8_000) + 7 * EXPECTED_CHAPTER_TOKENS);
    expect(estimateClaimsSummary(10_000, 93_000)).toEqual({ tokens: 28_000, requests: 2 });
  });
});
