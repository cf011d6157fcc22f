import { metrics, type Attributes, type Counter, type Histogram } from '@opentelemetry/api';

/**
 * The service's metrics (docs/operations.md#traces-metrics-and-logs), each named once here. They go to
 * whichever meter provider is registered — Azure Monitor on Azure, OTLP locally — and are no-ops when none
 * is. The API has no proxy for meters: the instruments are made on first use after the provider is set
 * (`resetInstruments` is called by whoever sets it), so nothing here runs at import time.
 *
 * The alerts in infra/modules/alerts.bicep query these names; keep the two in step.
 */
export const METRIC = {
  requests: 'ratkaisu.http.requests',
  requestDuration: 'ratkaisu.http.request.duration',
  serverErrors: 'ratkaisu.http.server_errors',
  refusedAccess: 'ratkaisu.access.refused',
  jobDuration: 'ratkaisu.job.duration',
  jobsFailed: 'ratkaisu.job.failed',
  deadLetters: 'ratkaisu.queue.dead_letters',
  queueDepth: 'ratkaisu.queue.depth',
  queueOldestAge: 'ratkaisu.queue.oldest_age',
  modelWait: 'ratkaisu.model.budget_wait',
  modelTokens: 'ratkaisu.model.tokens',
  modelThrottled: 'ratkaisu.model.throttled',
  mailFailures: 'ratkaisu.mail.failures',
  mailsUndelivered: 'ratkaisu.mail.undelivered',
  signingFailures: 'ratkaisu.signing.failures',
  auditChainVerifications: 'ratkaisu.audit.chain_verifications',
  certificateDaysLeft: 'ratkaisu.signing.certificate_days_left',
  healthFailures: 'ratkaisu.health.failures',
} as const;

interface Instruments {
  requests: Counter;
  requestDuration: Histogram;
  serverErrors: Counter;
  refusedAccess: Counter;
  jobDuration: Histogram;
  jobsFailed: Counter;
  deadLetters: Counter;
  modelWait: Histogram;
  modelTokens: Counter;
  modelThrottled: Counter;
  mailFailures: Counter;
  signingFailures: Counter;
  auditChainVerifications: Counter;
  healthFailures: Counter;
}

let instruments: Instruments | undefined;
/** Gauges read their last value from here when the provider collects. */
const gauges = new Map<string, Map<string, { value: number; attributes: Attributes }>>();
let gaugesObserved = false;

export function resetInstruments(): void {
  instruments = undefined;
  gaugesObserved = false;
}

function meter() {
  return metrics.getMeter('ratkaisu');
}

function made(): Instruments {
  if (instruments) return instruments;
  const m = meter();
  instruments = {
    requests: m.createCounter(METRIC.requests, { description: 'HTTP requests by route and status class' }),
    requestDuration: m.createHistogram(METRIC.requestDuration, { unit: 'ms', description: 'HTTP request duration' }),
    serverErrors: m.createCounter(METRIC.serverErrors, { description: 'HTTP 5xx answers by route' }),
    refusedAccess: m.createCounter(METRIC.refusedAccess, { description: 'Refused accesses (401, 403, 404 on ids)' }),
    jobDuration: m.createHistogram(METRIC.jobDuration, {
      unit: 'ms',
      description: 'Queue deliveries by kind, outcome',
    }),
    jobsFailed: m.createCounter(METRIC.jobsFailed, { description: 'Queue deliveries that failed, by kind' }),
    deadLetters: m.createCounter(METRIC.deadLetters, { description: 'Messages dead-lettered, by queue' }),
    modelWait: m.createHistogram(METRIC.modelWait, { unit: 'ms', description: 'Waits for the model budget' }),
    modelTokens: m.createCounter(METRIC.modelTokens, { description: 'Model tokens by deployment and type' }),
    modelThrottled: m.createCounter(METRIC.modelThrottled, { description: 'Model 429 answers by deployment' }),
    mailFailures: m.createCounter(METRIC.mailFailures, { description: 'Mail attempts refused, by outcome' }),
    signingFailures: m.createCounter(METRIC.signingFailures, { description: 'Signatures that failed' }),
    auditChainVerifications: m.createCounter(METRIC.auditChainVerifications, {
      description: 'Audit chain verifications by outcome',
    }),
    healthFailures: m.createCounter(METRIC.healthFailures, { description: 'Deep health checks failed, by check' }),
  };
  observeGauges();
  return instruments;
}

function observeGauges(): void {
  if (gaugesObserved) return;
  gaugesObserved = true;
  const m = meter();
  for (const [name, unit] of [
    [METRIC.queueDepth, '{message}'],
    [METRIC.queueOldestAge, 's'],
    [METRIC.mailsUndelivered, '{mail}'],
    [METRIC.certificateDaysLeft, 'd'],
  ] as const) {
    m.createObservableGauge(name, { unit }).addCallback((result) => {
      for (const { value, attributes } of gauges.get(name)?.values() ?? []) result.observe(value, attributes);
    });
  }
}

/** Sets a gauge's value for one set of attributes (the deep health check feeds them). */
export function setGauge(name: (typeof METRIC)[keyof typeof METRIC], value: number, attributes: Attributes): void {
  made();
  let series = gauges.get(name);
  if (!series) gauges.set(name, (series = new Map()));
  series.set(JSON.stringify(attributes), { value, attributes });
}

export const measure = {
  request(route: string, status: number, durationMs: number): void {
    const i = made();
    const attributes = { 'http.route': route, 'http.response.status_code': status };
    i.requests.add(1, { 'http.route': route, 'http.response.status_class': `${Math.floor(status / 100)}xx` });
    i.requestDuration.record(durationMs, attributes);
    if (status >= 500) i.serverErrors.add(1, { 'http.route': route });
  },
  refusedAccess(status: number): void {
    made().refusedAccess.add(1, { 'http.response.status_code': status });
  },
  job(queue: string, outcome: 'done' | 'deferred' | 'failed', durationMs: number): void {
    const i = made();
    i.jobDuration.record(durationMs, { 'ratkaisu.job.kind': queue, 'ratkaisu.job.outcome': outcome });
    if (outcome === 'failed') i.jobsFailed.add(1, { 'ratkaisu.job.kind': queue });
  },
  deadLetter(queue: string): void {
    made().deadLetters.add(1, { 'ratkaisu.job.kind': queue });
  },
  modelWait(deployment: string, waitedMs: number): void {
    made().modelWait.record(waitedMs, { 'gen_ai.request.model': deployment });
  },
  modelTokens(deployment: string, usage: { promptTokens: number; completionTokens: number; cachedTokens?: number }) {
    const i = made();
    const at = (type: string) => ({ 'gen_ai.request.model': deployment, 'gen_ai.token.type': type });
    i.modelTokens.add(usage.promptTokens, at('input'));
    i.modelTokens.add(usage.completionTokens, at('output'));
    if (usage.cachedTokens) i.modelTokens.add(usage.cachedTokens, at('cached'));
  },
  modelThrottled(deployment: string): void {
    made().modelThrottled.add(1, { 'gen_ai.request.model': deployment });
  },
  mailFailure(outcome: 'retrying' | 'given-up'): void {
    made().mailFailures.add(1, { 'ratkaisu.mail.outcome': outcome });
  },
  signingFailure(): void {
    made().signingFailures.add(1);
  },
  auditChainVerified(intact: boolean): void {
    made().auditChainVerifications.add(1, { 'ratkaisu.audit.outcome': intact ? 'intact' : 'broken' });
  },
  healthFailure(check: string): void {
    made().healthFailures.add(1, { 'ratkaisu.health.check': check });
  },
};
