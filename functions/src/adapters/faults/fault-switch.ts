import type { FaultRule } from './fault-plan.js';

/** Faults injected so far, per `port.kind` (inject-faults.ts counts them). */
export interface FaultCounters {
  injected: Record<string, number>;
}

/**
 * A fault plan that can be changed while the process runs: the chaos run (`npm run bench -- chaos`) switches
 * faults on and off through the local host's control channel (local/control-channel.ts), which exists only
 * when the local host was started with an IPC channel outside production (docs/settings.md `FAULTS_SWITCHABLE`).
 * A rule's schedule (`everyMs`/`forMs`) counts from the moment its plan was set.
 */
export interface FaultSwitch {
  readonly rules: readonly FaultRule[];
  /** Milliseconds since the plan in force was set. */
  elapsedMs(): number;
  set(rules: readonly FaultRule[]): void;
  /** Every fault injected since the process started, per `port.kind`. */
  readonly counters: FaultCounters;
}

export function createFaultSwitch(initial: readonly FaultRule[] = [], now: () => number = Date.now): FaultSwitch {
  let rules = initial;
  let setAt = now();
  return {
    get rules() {
      return rules;
    },
    elapsedMs: () => now() - setAt,
    set(next) {
      rules = next;
      setAt = now();
    },
    counters: { injected: {} },
  };
}
