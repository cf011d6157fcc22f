import type { Deps } from '../../deps.js';

/**
 * Keeps a computed answer for a few seconds, per set of dependencies and key,
 * so an Overview opened by several administrators at once (or refreshed
 * repeatedly) costs the store one round of counts. Time is the services'
 * clock, so tests can move past it. A failed computation is not kept.
 */
const caches = new WeakMap<Deps, Map<string, { expiresAt: number; value: Promise<unknown> }>>();

export function briefly<T>(deps: Deps, key: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new Map();
    caches.set(deps, cache);
  }
  const now = deps.clock.now().getTime();
  for (const [staleKey, entry] of cache) if (entry.expiresAt <= now) cache.delete(staleKey);
  const hit = cache.get(key);
  if (hit) return hit.value as Promise<T>;
  const value = compute();
  const entry = { expiresAt: now + ttlMs, value };
  cache.set(key, entry);
  const owner = cache;
  value.catch(() => {
    if (owner.get(key) === entry) owner.delete(key);
  });
  return value;
}
