import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeWatchDelay, useChangeWatch } from './use-change-watch';

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function setup(tokens: (string | Error)[]) {
  let next = 0;
  const fetchToken = vi.fn(async () => {
    const answer = tokens[Math.min(next++, tokens.length - 1)]!;
    if (answer instanceof Error) throw answer;
    return { token: answer };
  });
  const onChange = vi.fn();
  const hook = renderHook(() => useChangeWatch(fetchToken, onChange));
  return { ...hook, fetchToken, onChange };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

describe('useChangeWatch', () => {
  it('never waits 15 s between asks, and waits longer while nothing changes', () => {
    expect([0, 1, 2, 3, 4, 50].map(changeWatchDelay)).toEqual([3_000, 5_000, 8_000, 10_000, 10_000, 10_000]);
  });

  it('takes the first token as the baseline and reports only a different one, once', async () => {
    const { fetchToken, onChange } = setup(['a', 'a', 'b', 'b']);
    await advance(0);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
    await advance(3_000);
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(onChange).not.toHaveBeenCalled();
    await advance(4_999);
    expect(fetchToken).toHaveBeenCalledTimes(2);
    await advance(1);
    expect(fetchToken).toHaveBeenCalledTimes(3);
    expect(onChange).toHaveBeenCalledTimes(1);
    // After a change the waits start short again.
    await advance(3_000);
    expect(fetchToken).toHaveBeenCalledTimes(4);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('asks nothing while the tab is hidden and at once when it shows again', async () => {
    const { fetchToken, onChange } = setup(['a', 'b']);
    await advance(0);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    await advance(60_000);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('keeps asking after a failure, later, and stops when unmounted', async () => {
    const { fetchToken, unmount } = setup(['a', new Error('offline'), 'a']);
    await advance(0);
    await advance(3_000);
    expect(fetchToken).toHaveBeenCalledTimes(2);
    await advance(1_999);
    expect(fetchToken).toHaveBeenCalledTimes(2);
    await advance(1);
    expect(fetchToken).toHaveBeenCalledTimes(3);
    unmount();
    await advance(60_000);
    expect(fetchToken).toHaveBeenCalledTimes(3);
  });
});
