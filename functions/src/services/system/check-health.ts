import type { DependencyHealth, HealthResponse } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { productVersion } from '../../version.js';

const PING_TIMEOUT_MS = 5000;
/**
 * Probes are shared for a second: a burst of health checks (load balancers,
 * monitors, an attacker) costs the store and blob service one ping each, not one per request.
 */
const REUSE_MS = 1000;
const recent = new WeakMap<Deps, { at: number; result: Promise<HealthResponse> }>();

/** Pings every dependency in parallel, each bounded by a timeout, and reports each one's state. */
export function checkHealth(deps: Deps): Promise<HealthResponse> {
  const now = Date.now();
  const cached = recent.get(deps);
  if (cached && now - cached.at < REUSE_MS) return cached.result;
  const result = probeAll(deps);
  recent.set(deps, { at: now, result });
  return result;
}

async function probeAll(deps: Deps): Promise<HealthResponse> {
  const [store, blobs, queue] = await Promise.all([
    probe(deps.store.kind, () => deps.store.ping()),
    probe(deps.blobs.kind, () => deps.blobs.ping()),
    probe(deps.queue.kind, () => deps.queue.ping()),
  ]);
  // The model and the mailer are not pinged: a call costs money or sends mail.
  // Their health is that they are configured; failures show on the jobs that use them.
  const model: DependencyHealth = { status: 'ok', kind: deps.model.kind };
  const mailer: DependencyHealth = { status: 'ok', kind: deps.mailer.kind };
  const dependencies = { store, blobs, queue, model, mailer };
  const allOk = Object.values(dependencies).every((dependency) => dependency.status === 'ok');
  return {
    status: allOk ? 'ok' : 'degraded',
    version: productVersion,
    environment: deps.config.environment,
    dependencies,
  };
}

async function probe(kind: string, ping: () => Promise<void>): Promise<DependencyHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      ping(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
      }),
    ]);
    return { status: 'ok', kind, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    return { status: 'down', kind, error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
