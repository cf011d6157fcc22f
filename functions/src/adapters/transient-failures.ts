import { DependencyUnavailableError } from '../ports/unavailable.js';

/**
 * What the adapters share to tell a passing failure of their service from a real one: a failure that may pass
 * if the same call is tried again shortly (a busy database, a 503, a connection reset) becomes a
 * `DependencyUnavailableError`, which the HTTP layer answers 503 with Retry-After (http/responses.ts); anything
 * else — a conflict, a precondition, a missing document, a bug — is thrown as it was. Each adapter names its
 * own transient failures (docs/operations.md "Transient failures").
 */

export type Dependency = DependencyUnavailableError['dependency'];

/** Node's and undici's codes of a connection that failed, was reset or timed out. */
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** Errors the Azure SDKs throw for a request that never got an answer (aborted or timed out). */
const NETWORK_NAMES = new Set(['AbortError', 'TimeoutError']);

/** A connection that failed, was reset, timed out or was aborted — here or in any error it wraps (`cause`). */
export function isNetworkFailure(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, name, cause } = current as { code?: unknown; name?: unknown; cause?: unknown };
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    if (typeof name === 'string' && NETWORK_NAMES.has(name)) return true;
    current = cause;
  }
  return false;
}

/** `error` as a `DependencyUnavailableError` of `dependency` when `isTransient` says it may pass; else itself. */
export function asUnavailable(
  error: unknown,
  dependency: Dependency,
  isTransient: (error: unknown) => boolean,
): unknown {
  if (error instanceof DependencyUnavailableError || !isTransient(error)) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new DependencyUnavailableError(dependency, `${dependency} unavailable for now: ${detail}`, { cause: error });
}

/**
 * A copy of `target` whose named async methods throw their transient failures as `DependencyUnavailableError`
 * (asUnavailable); every other property is the target's own. Only methods that answer a promise are named:
 * an async generator (a blob listing) or a synchronous answer would change its shape.
 */
export function mapTransientFailures<T extends object>(
  target: T,
  methods: readonly (keyof T & string)[],
  dependency: Dependency,
  isTransient: (error: unknown) => boolean,
): T {
  const mapped: T = { ...target };
  for (const method of methods) {
    const fn = target[method];
    if (typeof fn !== 'function') continue;
    const call = fn as (...args: unknown[]) => Promise<unknown>;
    (mapped as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      try {
        return await call.apply(target, args);
      } catch (error) {
        throw asUnavailable(error, dependency, isTransient);
      }
    };
  }
  return mapped;
}
