import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createFaultSwitch } from '../adapters/faults/fault-switch.js';
import { InjectedFaultError, injectFaults } from '../adapters/faults/inject-faults.js';
import type { Deps } from '../deps.js';
import {
  answerControlMessage,
  controlledFaultSwitch,
  listenForControl,
  type ParentChannel,
} from './control-channel.js';

/** The local host's control channel (docs/settings.md `FAULTS_SWITCHABLE`): faults switched while it runs. */

function fakeChannel(send = true) {
  const sent: unknown[] = [];
  let listener: ((message: unknown) => void) | undefined;
  const channel: ParentChannel = {
    ...(send ? { send: (message: unknown) => sent.push(message) } : {}),
    on: (_event, handler) => (listener = handler),
  };
  return { channel, sent, deliver: (message: unknown) => listener?.(message) };
}

describe('the control channel', () => {
  it('switches a port’s faults on and off while it runs and counts what it injected', async () => {
    const faultSwitch = createFaultSwitch();
    const sent: string[] = [];
    const mailer = injectFaults({ send: async (to: string) => void sent.push(to) }, 'mail', faultSwitch);
    const deps = {} as Deps;

    await mailer.send('a@x.fi');
    expect(
      await answerControlMessage(deps, faultSwitch, { command: 'faults', plan: [{ port: 'mail', kind: 'error' }] }),
    ).toEqual({ ok: true });
    await expect(mailer.send('b@x.fi')).rejects.toBeInstanceOf(InjectedFaultError);
    await answerControlMessage(deps, faultSwitch, { command: 'faults', plan: [] });
    await mailer.send('c@x.fi');

    expect(sent).toEqual(['a@x.fi', 'c@x.fi']);
    expect(await answerControlMessage(deps, faultSwitch, { command: 'faultCounts' })).toEqual({
      ok: true,
      injected: { 'mail.error': 1 },
    });
  });

  it('refuses what is not a control message, a bad plan and an unknown timer, and leaves the plan as it was', async () => {
    const faultSwitch = createFaultSwitch([{ port: 'store', kind: 'error', rate: 1 }]);
    const deps = {} as Deps;
    for (const message of [
      { command: 'faults', plan: [{ port: 'disk', kind: 'error' }] },
      { command: 'runTimers', names: ['formatDisk'] },
      { command: 'shutdown' },
    ]) {
      expect(await answerControlMessage(deps, faultSwitch, message)).toHaveProperty('error');
    }
    expect(faultSwitch.rules).toEqual([{ port: 'store', kind: 'error', rate: 1 }]);
  });

  it('answers control messages in order and leaves other listeners’ messages alone', async () => {
    const faultSwitch = createFaultSwitch();
    const { channel, sent, deliver } = fakeChannel();
    listenForControl(channel, {} as Deps, faultSwitch);
    deliver({ probe: 'arm' });
    deliver({ command: 'faults', plan: [{ port: 'blobs', kind: 'latency', ms: 5 }] });
    deliver({ command: 'faultCounts' });
    await expect.poll(() => sent.length).toBe(2);
    expect(sent).toEqual([{ ok: true }, { ok: true, injected: {} }]);
    expect(faultSwitch.rules).toEqual([{ port: 'blobs', kind: 'latency', ms: 5, rate: 1 }]);
  });

  it('exists only with FAULTS_SWITCHABLE, an IPC channel, and never in production', () => {
    const local = loadConfig({ FAULTS_SWITCHABLE: 'true', FAULTS: '[{"port":"mail","kind":"error"}]' });
    expect(controlledFaultSwitch(local, fakeChannel().channel)?.rules).toEqual([
      { port: 'mail', kind: 'error', rate: 1 },
    ]);
    expect(controlledFaultSwitch(local, fakeChannel(false).channel)).toBeUndefined();
    expect(controlledFaultSwitch(loadConfig({}), fakeChannel().channel)).toBeUndefined();
    expect(() => loadConfig({ FAULTS_SWITCHABLE: 'true', RATKAISU_ENV: 'production' })).toThrow(
      /FAULTS_SWITCHABLE: only in local and test runs/,
    );
  });
});
