import { describe, expect, it } from 'vitest';
import { startObservability } from './start-observability.js';
import { inSpan, tracingRecording } from './tracing.js';

describe('shutting the observability handle down', () => {
  it('undoes the registration: nothing is recorded after it, and a later start records into its own handle', async () => {
    const first = startObservability({ kind: 'memory' });
    await inSpan('first span', {}, async () => undefined);
    expect(first.spans().map((span) => span.name)).toEqual(['first span']);

    await first.shutdown();
    expect(tracingRecording()).toBe(false);
    await inSpan('between', {}, async () => undefined);

    const second = startObservability({ kind: 'memory' });
    expect(second).not.toBe(first);
    await inSpan('second span', {}, async () => undefined);
    // Neither the span between the handles nor the first handle's reach this one.
    expect(second.spans().map((span) => span.name)).toEqual(['second span']);
    await second.shutdown();
  });
});
