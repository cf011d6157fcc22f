import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../log.js';
import { measure } from './meters.js';
import { startObservability, summaryLine, type ObservabilityHandle } from './start-observability.js';
import { activeTraceparent, ATTR, contextOfTraceparent, inSpan } from './tracing.js';

/** What a collector received: each POST's path, content type and JSON body. */
interface Received {
  path: string;
  contentType: string | undefined;
  body: unknown;
}

const received: Received[] = [];
const collector = createServer((request: IncomingMessage, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({
      path: request.url ?? '',
      contentType: request.headers['content-type'],
      body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
    });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
let telemetry: ObservabilityHandle;

beforeAll(async () => {
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const { port } = collector.address() as AddressInfo;
  telemetry = startObservability({ kind: 'otlp', endpoint: `http://127.0.0.1:${port}/`, metricIntervalMs: 60_000 });
});

afterAll(async () => {
  await telemetry.shutdown();
  await new Promise((resolve) => collector.close(resolve));
});

describe('OTLP over HTTP with JSON', () => {
  it('exports a trace carried through a traceparent, the metrics, and log lines naming the trace', async () => {
    const lines: string[] = [];
    const log = createLogger({ write: (line) => lines.push(line) });
    let carried: string | undefined;
    await inSpan('POST /api/dispute/{id}/generatedecision', { attributes: { [ATTR.caseId]: 'case-1' } }, async () => {
      carried = activeTraceparent();
      log.info('inside the request');
    });
    expect(carried).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    // A job elsewhere continues the trace from the message's traceparent alone.
    await inSpan('job decision-jobs', { parent: contextOfTraceparent(carried) }, async () => undefined);
    measure.request('/api/dispute/{id}', 503, 12);
    await telemetry.flush();

    const traces = received.filter((post) => post.path === '/v1/traces');
    expect(traces.length).toBeGreaterThan(0);
    expect(traces.every((post) => post.contentType?.startsWith('application/json'))).toBe(true);
    const text = JSON.stringify(traces.map((post) => post.body));
    const traceId = carried!.split('-')[1]!;
    expect(text).toContain('POST /api/dispute/{id}/generatedecision');
    expect(text).toContain('job decision-jobs');
    expect(text).toContain('"ratkaisu.case.id"');
    // Both spans in the one trace (OTLP/JSON writes ids as hex).
    expect(text.split(traceId).length - 1).toBeGreaterThanOrEqual(2);

    const metrics = JSON.stringify(received.filter((post) => post.path === '/v1/metrics').map((post) => post.body));
    expect(metrics).toContain('ratkaisu.http.requests');
    expect(metrics).toContain('ratkaisu.http.server_errors');

    expect(JSON.parse(lines[0]!)).toMatchObject({ message: 'inside the request', traceId });
  });

  it('writes a readable line per span for the console summary', () => {
    const line = summaryLine({
      name: 'job decision-jobs',
      duration: [1, 840_000_000],
      status: { code: 0 },
      attributes: { [ATTR.jobId]: 'job-1' },
      spanContext: () => ({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', traceFlags: 1 }),
    } as unknown as Parameters<typeof summaryLine>[0]);
    expect(line).toBe('[trace 4bf92f35] job decision-jobs 1840 ms ok ratkaisu.job.id=job-1');
  });
});
