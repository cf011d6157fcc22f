import {
  DEEP_HEALTH_CHECKS,
  deepHealthFindingText,
  type DeepHealthFinding,
  type DeepHealthCheck,
  type DeepHealthCheckName,
  type DeepHealthReport,
} from '@ratkaisu/core';
import type { BaseDoc } from '../../ports/store.js';
import { measure } from '../../observability/meters.js';
import { CHECKS, PROBE_TIMEOUT_MS, type HealthDeps } from './deep-health-checks.js';

/**
 * The deep health check (docs/operations.md#the-deep-health-check): every dependency exercised as the work
 * uses it — the store read, a blob written and read back, the queue's depth, the model endpoint by a request
 * that generates nothing, the mail transport without sending, the signing keys and certificates, the audit
 * chain, the disk — run by the `deepHealthCheck` timer (never by `/health`, which stays cheap), each check
 * bounded by a time-out, the last report kept for super-administrators (`GET /api/superadmin/health`).
 * A failing check logs an error and counts in `ratkaisu.health.failures` (the alerts in infra/ watch both).
 */

const REPORT_ID = 'deep-health-report';
/** Walking every audit chain is the costliest check: at most once an hour, its last outcome carried over between. */
const AUDIT_CHAIN_EVERY_MS = 60 * 60_000;

interface DeepHealthDocument extends BaseDoc {
  kind: 'deep-health-report';
  report: DeepHealthReport;
  /** When the audit chain was last walked (its check is carried over until the hour is up). */
  auditCheckedAt?: string;
}

export async function runDeepHealthCheck(deps: HealthDeps): Promise<DeepHealthReport> {
  const reports = deps.store.collection<DeepHealthDocument>('tokens');
  const previous = await reports.read(REPORT_ID, REPORT_ID).catch(() => undefined);
  const now = deps.clock.now();
  const auditDue =
    !previous?.auditCheckedAt || now.getTime() - Date.parse(previous.auditCheckedAt) >= AUDIT_CHAIN_EVERY_MS;
  const carried = previous?.report.checks.find((check) => check.name === 'auditChain');

  const checks = await Promise.all(
    DEEP_HEALTH_CHECKS.map((name) =>
      name === 'auditChain' && !auditDue && carried ? Promise.resolve(carried) : runCheck(deps, name),
    ),
  );
  const status = checks.some((check) => check.status === 'fail')
    ? 'fail'
    : checks.some((check) => check.status === 'warn')
      ? 'warn'
      : 'ok';
  const report: DeepHealthReport = { status, checkedAt: now.toISOString(), checks };
  for (const check of checks) {
    if (check.status === 'ok') continue;
    if (check.status === 'fail') measure.healthFailure(check.name);
    deps.log[check.status === 'fail' ? 'error' : 'warn'](
      check.status === 'fail' ? 'A deep health check failed' : 'A deep health check needs attention',
      { check: check.name, kind: check.kind, detail: check.detail },
    );
  }
  const auditCheckedAt = auditDue ? now.toISOString() : previous?.auditCheckedAt;
  // The store may be what failed: the report is still answered (and logged), only not kept.
  await reports
    .upsert({
      id: REPORT_ID,
      pk: REPORT_ID,
      kind: 'deep-health-report',
      report,
      ...(auditCheckedAt ? { auditCheckedAt } : {}),
    })
    .catch((error: unknown) => deps.log.error('Keeping the deep health report failed', { error }));
  return report;
}

/** The last report, or an empty one before the first run. */
export async function readDeepHealthReport(deps: Pick<HealthDeps, 'store'>): Promise<DeepHealthReport> {
  const stored = await deps.store.collection<DeepHealthDocument>('tokens').read(REPORT_ID, REPORT_ID);
  return stored?.report ?? { status: 'ok', checkedAt: null, checks: [] };
}

async function runCheck(deps: HealthDeps, name: DeepHealthCheckName): Promise<DeepHealthCheck> {
  const started = performance.now();
  const latency = () => Math.round((performance.now() - started) * 10) / 10;
  let timer: NodeJS.Timeout | undefined;
  try {
    const outcome = await Promise.race([
      CHECKS[name](deps),
      new Promise<'timedOut'>((resolve) => {
        timer = setTimeout(() => resolve('timedOut'), PROBE_TIMEOUT_MS);
      }),
    ]);
    if (outcome === 'timedOut') {
      return withFinding(
        name,
        'fail',
        name,
        { code: 'checkTimedOut', params: { seconds: PROBE_TIMEOUT_MS / 1000 } },
        latency(),
      );
    }
    return withFinding(name, outcome.status, outcome.kind, outcome.finding, latency());
  } catch (error) {
    const message = error instanceof Error ? error.message.slice(0, 300) : String(error).slice(0, 300);
    return withFinding(name, 'fail', name, { code: 'checkFailed', params: { error: message } }, latency());
  } finally {
    clearTimeout(timer);
  }
}

/** A check's report line: the finding by code and figures, and its English text as `detail`. */
function withFinding(
  name: DeepHealthCheckName,
  status: DeepHealthCheck['status'],
  kind: string,
  finding: DeepHealthFinding,
  latencyMs: number,
): DeepHealthCheck {
  return { name, status, kind, detail: deepHealthFindingText(finding), finding, latencyMs };
}
