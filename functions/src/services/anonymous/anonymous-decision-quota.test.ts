import { ANONYMOUS_DECISION_MESSAGES } from '@ratkaisu/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../../adapters/store/sqlite-store.js';
import type { Config } from '../../config.js';
import { TooManyRequestsError } from '../../errors.js';
import { silentLogger } from '../../log.js';
import type { Store } from '../../ports/store.js';
import {
  assertAnonymousQuotaOpen,
  returnAnonymousQuotaSlot,
  takeAnonymousQuotaSlot,
} from './anonymous-decision-quota.js';

const HOUR = 3600 * 1000;
const START = Date.parse('2026-03-02T10:45:00.000Z');

let store: Store;
let nowMs: number;
const clock = { now: () => new Date(nowMs) };
const deps = (decisionsPerHour: number) => ({
  store,
  clock,
  log: silentLogger,
  config: { anonymous: { decisionsPerHour } } as Config,
});

beforeEach(() => {
  store = createSqliteStore({ file: ':memory:', clock });
  nowMs = START;
});
afterEach(async () => {
  await store.close();
});

async function refusal(action: Promise<unknown>): Promise<TooManyRequestsError> {
  const error = await action.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(TooManyRequestsError);
  return error as TooManyRequestsError;
}

describe('the anonymous generator quota', () => {
  it('counts decisions per address and clock hour, refusing the one past the limit until the hour turns', async () => {
    for (let count = 0; count < 3; count++) {
      await assertAnonymousQuotaOpen(deps(3), '203.0.113.5');
      await takeAnonymousQuotaSlot(deps(3), '203.0.113.5');
    }
    const refused = await refusal(assertAnonymousQuotaOpen(deps(3), '203.0.113.5'));
    expect(refused.message).toBe(ANONYMOUS_DECISION_MESSAGES.rateLimited);
    expect(refused.retryAfterSeconds).toBe(15 * 60);
    expect((await refusal(takeAnonymousQuotaSlot(deps(3), '203.0.113.5'))).retryAfterSeconds).toBe(15 * 60);
    // Another address has its own count; a higher configured limit lets this one on.
    await takeAnonymousQuotaSlot(deps(3), '198.51.100.7');
    await takeAnonymousQuotaSlot(deps(4), '203.0.113.5');

    nowMs = START + 15 * 60 * 1000;
    await assertAnonymousQuotaOpen(deps(3), '203.0.113.5');
    await takeAnonymousQuotaSlot(deps(3), '203.0.113.5');
  });

  it('gives the last slot to exactly one of the requests racing for it', async () => {
    await takeAnonymousQuotaSlot(deps(2), '203.0.113.5');
    const outcomes = await Promise.allSettled([
      takeAnonymousQuotaSlot(deps(2), '203.0.113.5'),
      takeAnonymousQuotaSlot(deps(2), '203.0.113.5'),
      takeAnonymousQuotaSlot(deps(2), '203.0.113.5'),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((candidate) => candidate.status === 'rejected')) {
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(TooManyRequestsError);
    }
  });

  it('takes a slot back when the decision it was taken for did not start', async () => {
    await takeAnonymousQuotaSlot(deps(1), '203.0.113.5');
    await refusal(assertAnonymousQuotaOpen(deps(1), '203.0.113.5'));
    await returnAnonymousQuotaSlot(deps(1), '203.0.113.5');
    await assertAnonymousQuotaOpen(deps(1), '203.0.113.5');
    // Nothing to give back: no count goes below zero.
    await returnAnonymousQuotaSlot(deps(1), '203.0.113.5');
    await takeAnonymousQuotaSlot(deps(1), '203.0.113.5');
    await refusal(takeAnonymousQuotaSlot(deps(1), '203.0.113.5'));
  });

  it('forgets an hour once it is over: the store purges its count', async () => {
    await takeAnonymousQuotaSlot(deps(1), '203.0.113.5');
    nowMs = START + 2 * HOUR;
    const leftovers = await store.collection('tokens').query({});
    expect(leftovers.items).toEqual([]);
  });
});
