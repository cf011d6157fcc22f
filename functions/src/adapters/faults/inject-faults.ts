import { setTimeout as sleep } from 'node:timers/promises';
import type { FaultPort, FaultRule } from './fault-plan.js';
import type { FaultCounters, FaultSwitch } from './fault-switch.js';
import { DependencyUnavailableError } from '../../ports/unavailable.js';

/**
 * What an injected fault throws: named, so logs and the chaos run's tally tell it from a real failure; a
 * dependency that is unavailable for now, as the outage it stands for would be.
 */
export class InjectedFaultError extends DependencyUnavailableError {
  constructor(
    readonly port: FaultPort,
    readonly method: string,
  ) {
    super(port, `Injected fault: ${port}.${method} failed`);
    this.name = 'InjectedFaultError';
  }
}

export type { FaultCounters } from './fault-switch.js';

export interface FaultOptions {
  /** Milliseconds since the schedule's start (the process's start by default). */
  elapsedMs?: () => number;
  random?: () => number;
  counters?: FaultCounters;
}

/**
 * Never faulted: lifecycle calls (a run must start and stop cleanly to be judged at all), and the methods
 * that answer synchronously (a blob listing's iterable, a queue's consumer), whose callers expect no promise.
 */
const UNFAULTED = new Set(['init', 'close', 'start', 'stop', 'drain', 'then', 'list', 'consume']);

/** Methods whose synchronous answer is itself a port surface (a store's collection): faulted the same way. */
const NESTED = new Set(['collection']);

const STALL_MS = 30_000;

/**
 * Wraps a port so its calls fail, slow down or stall as the plan says (fault-plan.ts). Every async method of
 * the object (and of a store's collections) goes through one check: which active rule hits this call. A call
 * that is not hit runs untouched. The composition root applies it only when `FAULTS` is set, which only local
 * and test runs allow.
 */
export function injectFaults<T extends object>(
  target: T,
  port: FaultPort,
  plan: readonly FaultRule[] | FaultSwitch,
  options: FaultOptions = {},
): T {
  const switchable = !Array.isArray(plan);
  const fixed = switchable ? [] : (plan as readonly FaultRule[]).filter((rule) => rule.port === port);
  // A fixed plan without rules for this port leaves it untouched; a switchable one may gain rules later.
  if (!switchable && fixed.length === 0) return target;
  const faultSwitch = switchable ? (plan as FaultSwitch) : undefined;
  const rulesNow = () => (faultSwitch ? faultSwitch.rules.filter((rule) => rule.port === port) : fixed);
  const started = Date.now();
  const elapsed = options.elapsedMs ?? faultSwitch?.elapsedMs ?? (() => Date.now() - started);
  const random = options.random ?? Math.random;
  const counters = options.counters ?? faultSwitch?.counters;

  const hit = (method: string): FaultRule | undefined =>
    rulesNow().find((rule) => {
      if (rule.methods && !rule.methods.includes(method)) return false;
      if (rule.everyMs !== undefined && elapsed() % rule.everyMs >= rule.forMs!) return false;
      return random() < rule.rate;
    });

  const wrap = <O extends object>(object: O): O =>
    new Proxy(object, {
      get(inner, property, receiver) {
        const value: unknown = Reflect.get(inner, property, receiver);
        if (typeof value !== 'function' || typeof property !== 'string' || UNFAULTED.has(property)) return value;
        const method = property;
        const fn = value as (...args: unknown[]) => unknown;
        if (NESTED.has(method)) {
          return (...args: unknown[]) => {
            const result = fn.apply(inner, args);
            return result && typeof result === 'object' ? wrap(result) : result;
          };
        }
        return async (...args: unknown[]) => {
          const rule = hit(method);
          if (rule) {
            const key = `${port}.${rule.kind}`;
            if (counters) counters.injected[key] = (counters.injected[key] ?? 0) + 1;
            if (rule.kind === 'error') throw new InjectedFaultError(port, method);
            await sleep(rule.ms ?? (rule.kind === 'stall' ? STALL_MS : 0));
            if (rule.kind === 'stall') throw new InjectedFaultError(port, method);
          }
          return fn.apply(inner, args);
        };
      },
    });
  return wrap(target);
}
