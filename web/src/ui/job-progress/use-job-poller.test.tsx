import type { JobStatusView } from '@ratkaisu/core';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_POLL_MS, failureDelay, pollDelay } from './job-poll-timing';
import { useJobPoller, type JobPollerOptions } from './use-job-poller';

const running: JobStatusView = { jobId: 'j1', status: 'Running', progress: { stage: 'extracting' } };

function setup(answers: (JobStatusView | Error)[], options: Partial<JobPollerOptions> = {}) {
  let next = 0;
  const fetchStatus = vi.fn(async (_jobId: string, signal: AbortSignal) => {
    if (signal.aborted) throw new DOMException('aborted', 'AbortError');
    const answer = answers[Math.min(next++, answers.length - 1)]!;
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const onEnd = vi.fn();
  const onGiveUp = vi.fn();
  const hook = renderHook(
    (props: { jobId: string | null }) =>
      useJobPoller({ jobId: props.jobId, fetchStatus, ceilingMs: 15_000, onEnd, onGiveUp, ...options }),
    { initialProps: { jobId: 'j1' as string | null } },
  );
  return { ...hook, fetchStatus, onEnd, onGiveUp };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('pollDelay', () => {
  it('asks first within a second, then 1, 1, 2, 2, 3, 3, 5 s, never over the ceiling', () => {
    expect(pollDelay(0, 15_000)).toBeLessThanOrEqual(1_000);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((checks) => pollDelay(checks, 15_000))).toEqual([
      1_000, 1_000, 2_000, 2_000, 3_000, 3_000, 5_000, 5_000, 5_000,
    ]);
    expect(pollDelay(7, 4_000)).toBe(4_000);
  });

  it('backs off after failures, doubling from 2 s with jitter, up to the maximum', () => {
    expect([1, 2, 3, 4, 5].map((failures) => failureDelay(failures, { maxMs: 30_000 }))).toEqual([
      2_000, 4_000, 8_000, 16_000, 30_000,
    ]);
    expect(failureDelay(1, { maxMs: 30_000, jitterMs: 1_000, random: () => 0.5 })).toBe(2_500);
  });
});

describe('useJobPoller', () => {
  it('asks for the first status within a second, then backs off', async () => {
    const { result, fetchStatus } = setup([running]);
    expect(fetchStatus).not.toHaveBeenCalled();
    await advance(FIRST_POLL_MS);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    expect(result.current.status).toEqual(running);
    await advance(999);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    await advance(1_000);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    await advance(1_999);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    await advance(1);
    expect(fetchStatus).toHaveBeenCalledTimes(4);
  });

  it('stops at the end of the job and reports it once', async () => {
    const done: JobStatusView = { jobId: 'j1', status: 'Completed' };
    const { fetchStatus, onEnd } = setup([running, done]);
    await advance(FIRST_POLL_MS + 1_000);
    expect(onEnd).toHaveBeenCalledWith(done);
    await advance(60_000);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('asks nothing more once unmounted, and aborts the request in flight', async () => {
    let signal: AbortSignal | undefined;
    // The hook uses this fetcher (the setup's own is overridden): it is asked once, then never again.
    const hanging = vi.fn((_jobId: string, given: AbortSignal) => {
      signal = given;
      return new Promise<JobStatusView>(() => undefined);
    });
    const { unmount } = setup([running], { fetchStatus: hanging });
    await advance(FIRST_POLL_MS);
    expect(hanging).toHaveBeenCalledTimes(1);
    expect(signal?.aborted).toBe(false);
    unmount();
    expect(signal?.aborted).toBe(true);
    await advance(60_000);
    expect(hanging).toHaveBeenCalledTimes(1);
  });

  it('stop() ends the polling (Cancel)', async () => {
    const { result, fetchStatus } = setup([running]);
    await advance(FIRST_POLL_MS);
    act(() => result.current.stop());
    await advance(60_000);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
  });

  it('follows a new job id from its first check, and nothing without one', async () => {
    const { rerender, fetchStatus } = setup([running]);
    rerender({ jobId: null });
    await advance(60_000);
    expect(fetchStatus).not.toHaveBeenCalled();
    rerender({ jobId: 'j2' });
    await advance(FIRST_POLL_MS);
    expect(fetchStatus).toHaveBeenCalledWith('j2', expect.any(AbortSignal));
  });

  it('retries failed checks with back-off and gives up after the fifth, or at once on a fatal error', async () => {
    const failing = setup([new Error('offline')]);
    await advance(FIRST_POLL_MS);
    await advance(2_000 + 4_000 + 8_000 + 16_000);
    expect(failing.fetchStatus).toHaveBeenCalledTimes(5);
    expect(failing.onGiveUp).toHaveBeenCalledTimes(1);
    cleanup();

    const gone = setup([new Error('404')], { fatal: () => true });
    await advance(FIRST_POLL_MS);
    expect(gone.onGiveUp).toHaveBeenCalledTimes(1);
    await advance(60_000);
    expect(gone.fetchStatus).toHaveBeenCalledTimes(1);
  });
});
