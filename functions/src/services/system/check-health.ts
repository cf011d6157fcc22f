import type { DependencyHealth, HealthResponse } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ModelUnavailableError } from '../../ports/model.js';
import { productVersion } from '../../version.js';
import { describeCapacity } from '../model-budget/describe-capacity.js';

const PING_TIMEOUT_MS = 5000;
/**
 * Probes are shared for a second: a burst of health checks (load balancers,
 * monitors, an attacker) costs the store and blob service one ping each, not one per request.
 */
const REUSE_MS = 1000;
const recent = new WeakMap<Deps, { at: number; result: Promise<HealthResponse> }>();
/** A model probe is a (tiny) paid call: one a minute at most, whatever asks. */
const MODEL_REUSE_MS = 60_000;
const recentModel = new WeakMap<Deps['model'], { at: number; result: Promise<DependencyHealth> }>();

/** Pings every dependency in parallel, each bounded by a timeout, and reports each one's state. */
export function checkHealth(deps: Deps): Promise<HealthResponse> {
  const now = deps.clock.now().getTime();
  const cached = recent.get(deps);
  if (cached && now - cached.at < REUSE_MS) return cached.result;
  const result = probeAll(deps);
  recent.set(deps, { at: now, result });
  return result;
}

async function probeAll(deps: Deps): Promise<HealthResponse> {
  const [store, blobs, queue, model, modelCapacity] = await Promise.all([
    probe(deps.store.kind, () => deps.store.ping()),
    probe(deps.blobs.kind, () => deps.blobs.ping()),
    probe(deps.queue.kind, () => deps.queue.ping()),
    probeModelCached(deps.model, deps.clock.now().getTime()),
    // Each deployment's use and the wait of a typical case; it warns, and never makes the answer 503.
    describeCapacity(deps).catch(() => undefined),
  ]);
  // The mailer is not pinged: that would send mail. Its health is that it is configured.
  const mailer: DependencyHealth = { status: 'ok', kind: deps.mailer.kind };
  const dependencies = { store, blobs, queue, model, mailer };
  // The model's state is reported but does not make the answer 503: without the model the service still
  // serves every case, and a load balancer must not take every instance out for an outage of the endpoint.
  const allOk = [store, blobs, queue, mailer].every((dependency) => dependency.status === 'ok');
  return {
    status: allOk ? 'ok' : 'degraded',
    version: productVersion,
    environment: deps.config.environment,
    dependencies,
    ...(modelCapacity ? { modelCapacity } : {}),
  };
}

function probeModelCached(model: Deps['model'], now: number): Promise<DependencyHealth> {
  const cached = recentModel.get(model);
  if (cached && now - cached.at < MODEL_REUSE_MS) return cached.result;
  const result = probeModel(model);
  recentModel.set(model, { at: now, result });
  return result;
}

/**
 * The model endpoint, by the cheapest call it takes (a one-word prompt, a few tokens of answer):
 * `unreachable` when it does not answer (connection refused, time-out), `unauthorised` on 401/403,
 * `down` on another failure; any other 4xx shows the endpoint reachable and the credentials taken.
 * The offline model needs no probe.
 */
async function probeModel(model: Deps['model']): Promise<DependencyHealth> {
  if (model.kind === 'offline') return { status: 'ok', kind: model.kind };
  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PING_TIMEOUT_MS);
  try {
    await model.complete({
      messages: [{ role: 'user', content: 'ping' }],
      maxOutputTokens: 16,
      signal: controller.signal,
    });
    return { status: 'ok', kind: model.kind, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (controller.signal.aborted) {
      return { status: 'unreachable', kind: model.kind, error: `no answer within ${PING_TIMEOUT_MS} ms` };
    }
    const status = error instanceof ModelUnavailableError ? error.status : undefined;
    if (status === 401 || status === 403) return { status: 'unauthorised', kind: model.kind, error: message };
    if (status === undefined) return { status: 'unreachable', kind: model.kind, error: message };
    if (status >= 400 && status < 500 && status !== 404 && status !== 408 && status !== 429) {
      return { status: 'ok', kind: model.kind, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
    }
    return { status: 'down', kind: model.kind, error: message };
  } finally {
    clearTimeout(timer);
  }
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
