import { z } from 'zod';
import { faultPlanSchema } from '../adapters/faults/fault-plan.js';
import { createFaultSwitch, type FaultSwitch } from '../adapters/faults/fault-switch.js';
import type { Config } from '../config.js';
import type { Deps } from '../deps.js';
import type { MailDocument } from '../services/outbox/mail-document.js';
import { timers } from '../timers.js';

/**
 * What a parent process may ask of a local host it started with an IPC channel (the chaos run,
 * scripts/bench/chaos.js): switch the fault plan, read the faults injected so far, count the mails not yet
 * settled, run timers now instead of at their interval. There is no HTTP route for any of it: only the process that spawned the host can send these,
 * and never in production (docs/settings.md `FAULTS_SWITCHABLE`).
 */
export const controlMessageSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('faults'), plan: faultPlanSchema }).strict(),
  z.object({ command: z.literal('faultCounts') }).strict(),
  z.object({ command: z.literal('openMails') }).strict(),
  z
    .object({ command: z.literal('runTimers'), names: z.array(z.enum(timers.map((timer) => timer.name))).min(1) })
    .strict(),
]);

export type ControlMessage = z.infer<typeof controlMessageSchema>;

/** The channel a spawned Node process has to its parent (`process`), reduced to what is used here. */
export interface ParentChannel {
  send?: (message: unknown) => unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

/**
 * A fault switch when this process may be controlled (`FAULTS_SWITCHABLE`, which config refuses in production,
 * and an IPC channel to the parent); else undefined, and the ports keep the fixed plan of `FAULTS`.
 */
export function controlledFaultSwitch(config: Config, channel: ParentChannel): FaultSwitch | undefined {
  if (!config.faultsSwitchable || !channel.send || config.environment === 'production') return undefined;
  return createFaultSwitch(config.faults);
}

/** Answers one control message: `{ ok: true, … }`, or `{ error }` for a message that is not one. */
export async function answerControlMessage(
  deps: Deps,
  faultSwitch: FaultSwitch,
  raw: unknown,
  signal: AbortSignal = new AbortController().signal,
): Promise<Record<string, unknown>> {
  const parsed = controlMessageSchema.safeParse(raw);
  if (!parsed.success) return { error: `Not a control message: ${parsed.error.message}` };
  const message = parsed.data;
  switch (message.command) {
    case 'faults':
      faultSwitch.set(message.plan);
      return { ok: true };
    case 'faultCounts':
      return { ok: true, injected: { ...faultSwitch.counters.injected } };
    case 'openMails': {
      // Mails neither sent nor given up yet: the chaos run waits for them to settle.
      const open = await deps.store
        .collection<MailDocument>('outbox')
        .count({ where: [{ field: 'status', op: 'in', value: ['Pending', 'Sending'] }] });
      return { ok: true, open };
    }
    case 'runTimers': {
      // One after another, in the order named: a sweep's outcome may be the next one's input.
      for (const name of message.names) {
        const timer = timers.find((candidate) => candidate.name === name)!;
        await timer.handler(deps, signal);
      }
      return { ok: true };
    }
  }
}

/**
 * Listens on the parent channel: one answer per control message, in the order they came. Messages without a
 * `command` are another listener's (the benchmarks' memory probe) and get no answer from here.
 */
export function listenForControl(channel: ParentChannel, deps: Deps, faultSwitch: FaultSwitch): void {
  let queue: Promise<void> = Promise.resolve();
  channel.on('message', (raw) => {
    if (typeof raw !== 'object' || raw === null || !('command' in raw)) return;
    queue = queue.then(async () => {
      const answer = await answerControlMessage(deps, faultSwitch, raw).catch((error: unknown) => ({
        error: error instanceof Error ? error.message : String(error),
      }));
      channel.send?.(answer);
    });
  });
}
