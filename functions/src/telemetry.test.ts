import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, setLogSink } from './log.js';
import { otelSink, startTelemetry, toAttributes } from './telemetry.js';

afterEach(() => setLogSink(undefined));

describe('telemetry', () => {
  it('stays off without a connection string', async () => {
    expect(await startTelemetry(undefined)).toBe(false);
    expect(await startTelemetry('')).toBe(false);
  });

  it('turns each log line into a log record whose attributes are its fields', () => {
    const records: unknown[] = [];
    setLogSink(otelSink({ emit: (record) => records.push(record) }));
    const lines: string[] = [];
    const log = createLogger({ level: 'info', write: (line) => lines.push(line) }).child({
      invocationId: 'inv-1',
      jobId: 'job-1',
    });

    log.debug('below the threshold');
    log.warn('Job run failed', { disputeId: 'd-1', attempt: 2, error: new Error('boom') });

    expect(lines).toHaveLength(1);
    expect(records).toEqual([
      {
        severityNumber: 13,
        severityText: 'WARN',
        body: 'Job run failed',
        attributes: {
          invocationId: 'inv-1',
          jobId: 'job-1',
          disputeId: 'd-1',
          attempt: 2,
          error: expect.stringContaining('"message":"boom"'),
        },
      },
    ]);
  });

  it('never lets a failing exporter fail the caller', () => {
    setLogSink(() => {
      throw new Error('exporter down');
    });
    const lines: string[] = [];
    const log = createLogger({ write: (line) => lines.push(line) });
    expect(() => log.error('still logged')).not.toThrow();
    expect(lines).toHaveLength(1);
  });

  it('keeps scalar fields as they are and nested ones as JSON, dropping empty ones', () => {
    expect(toAttributes({ a: 'x', b: 1, c: true, d: undefined, e: null, f: { g: [1] } })).toEqual({
      a: 'x',
      b: 1,
      c: true,
      f: '{"g":[1]}',
    });
  });
});
