import { afterAll, beforeAll } from 'vitest';
import type { LocalHostOptions } from '../../../functions/src/local/host.js';
import { startTestHost, type TestHost } from './start-host.js';

/** A host's settings, or a function giving them when the host starts (for a fake server started just before). */
export type Lazy<T> = T | (() => T);

/**
 * The one way an API test file (or a `describe` block) gets its host: started before the block's tests with
 * `settings` over the test defaults (start-host.ts) and `options`, stopped after them. Returns the host
 * itself, usable from the block's tests and hooks once they run:
 *
 *     const host = useTestHost({ MAX_UPLOAD_BYTES: '1000' }, { clock });
 *     const api = apiClient(() => host, clock);
 *
 * `settings` or `options` may be functions, read as the host starts, when they name something another
 * `beforeAll` registered earlier starts (a fake model server's address). Each call is its own host with its
 * own data directory: files and blocks never share state through it.
 */
export function useTestHost(
  settings: Lazy<Record<string, string>> = {},
  options: Lazy<LocalHostOptions> = {},
): TestHost {
  let current: TestHost | undefined;
  beforeAll(async () => {
    current = await startTestHost(read(settings), read(options));
  });
  afterAll(async () => {
    const started = current;
    current = undefined;
    await started?.stop();
  });
  return new Proxy({} as TestHost, {
    get(_target, key) {
      if (!current) {
        throw new Error(`The test host is not running here: use it in a test or hook (read ${String(key)}).`);
      }
      const value: unknown = Reflect.get(current, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
    has: (_target, key) => current !== undefined && key in current,
  });
}

function read<T>(value: Lazy<T>): T {
  return typeof value === 'function' ? (value as () => T)() : value;
}
