import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import { parseFaultPlan } from './fault-plan.js';
import { InjectedFaultError, injectFaults, type FaultCounters } from './inject-faults.js';

/** The fault injection of local and test runs (docs/settings.md `FAULTS`): what a rule does to a port's calls. */

function fakeMailer() {
  const sent: string[] = [];
  return { sent, kind: 'outbox' as const, send: async (to: string) => (sent.push(to), { messageId: to }) };
}

describe('injected faults', () => {
  it('makes a port refuse while its rule is active, counts each fault, and lets the calls through outside its schedule', async () => {
    let elapsed = 0;
    const counters: FaultCounters = { injected: {} };
    const mailer = fakeMailer();
    const plan = parseFaultPlan('[{"port":"mail","kind":"error","everyMs":60000,"forMs":20000}]');
    const faulty = injectFaults(mailer, 'mail', plan, { elapsedMs: () => elapsed, counters });

    await expect(faulty.send('a@x.fi')).rejects.toBeInstanceOf(InjectedFaultError);
    elapsed = 20_000;
    await expect(faulty.send('b@x.fi')).resolves.toEqual({ messageId: 'b@x.fi' });
    elapsed = 61_000;
    await expect(faulty.send('c@x.fi')).rejects.toThrow('Injected fault: mail.send failed');
    expect(mailer.sent).toEqual(['b@x.fi']);
    expect(counters.injected).toEqual({ 'mail.error': 2 });
    expect(faulty.kind).toBe('outbox');
  });

  it('hits the share of calls its rate says, only the methods it names, and other ports not at all', async () => {
    const rolls = [0.1, 0.9, 0.1];
    const store = {
      collection: () => ({ read: async () => 'doc', create: async () => 'created' }),
      close: async () => undefined,
    };
    const plan = parseFaultPlan('[{"port":"store","kind":"error","rate":0.5,"methods":["read"]}]');
    const faulty = injectFaults(store, 'store', plan, { random: () => rolls.shift() ?? 1 });
    const users = faulty.collection();
    await expect(users.read()).rejects.toBeInstanceOf(InjectedFaultError);
    await expect(users.read()).resolves.toBe('doc');
    await expect(users.create()).resolves.toBe('created');
    await expect(faulty.close()).resolves.toBeUndefined();
    const mailer = fakeMailer();
    expect(injectFaults(mailer, 'mail', plan)).toBe(mailer);
  });

  it('delays a call by its latency, and a stall ends in a refusal', async () => {
    vi.useFakeTimers();
    try {
      const blobs = { download: async () => 'bytes' };
      const slow = injectFaults(blobs, 'blobs', parseFaultPlan('[{"port":"blobs","kind":"latency","ms":500}]'));
      let answer: string | undefined;
      const pending = slow.download().then((value) => (answer = value));
      await vi.advanceTimersByTimeAsync(499);
      expect(answer).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      await pending;
      expect(answer).toBe('bytes');

      const stalled = injectFaults(blobs, 'blobs', parseFaultPlan('[{"port":"blobs","kind":"stall","ms":1000}]'));
      const refused = expect(stalled.download()).rejects.toBeInstanceOf(InjectedFaultError);
      await vi.advanceTimersByTimeAsync(1000);
      await refused;
    } finally {
      vi.useRealTimers();
    }
  });

  it('is refused in production and when the plan is not one', () => {
    const plan = '[{"port":"mail","kind":"error"}]';
    expect(loadConfig({ FAULTS: plan }).faults).toEqual([{ port: 'mail', kind: 'error', rate: 1 }]);
    expect(() => loadConfig({ FAULTS: plan, RATKAISU_ENV: 'production' })).toThrow(
      /FAULTS: only in local and test runs/,
    );
    expect(() => loadConfig({ FAULTS: '[{"port":"disk","kind":"error"}]' })).toThrow(/FAULTS: /);
    expect(() => loadConfig({ FAULTS: 'mail:error' })).toThrow(/FAULTS: /);
    expect(loadConfig({}).faults).toEqual([]);
  });
});
