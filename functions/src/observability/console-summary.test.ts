import { afterEach, describe, expect, it, vi } from 'vitest';
import { startConfiguredTelemetry } from '../telemetry.js';
import { ATTR, inSpan, tracingRecording } from './tracing.js';

afterEach(() => vi.restoreAllMocks());

describe('the console summary (OTEL_CONSOLE_SUMMARY)', () => {
  it('records nothing when no setting asks, then writes a readable line per finished span when asked', async () => {
    expect(
      await startConfiguredTelemetry({ connectionString: undefined, otlpEndpoint: undefined, consoleSummary: false }),
    ).toBe(false);
    expect(tracingRecording()).toBe(false);

    expect(
      await startConfiguredTelemetry({ connectionString: undefined, otlpEndpoint: undefined, consoleSummary: true }),
    ).toBe(true);
    expect(tracingRecording()).toBe(true);
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    await inSpan('job decision-jobs', { attributes: { [ATTR.jobId]: 'job-1' } }, async () => undefined);
    await expect(
      inSpan('chat default', {}, async () => {
        throw new TypeError('refused');
      }),
    ).rejects.toThrow('refused');

    expect(written).toEqual([
      expect.stringMatching(/^\[trace [0-9a-f]{8}\] job decision-jobs \d+ ms ok ratkaisu\.job\.id=job-1\n$/),
      expect.stringMatching(/^\[trace [0-9a-f]{8}\] chat default \d+ ms error error\.type=TypeError\n$/),
    ]);
  });
});
