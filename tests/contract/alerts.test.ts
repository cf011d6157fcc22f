import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { METRIC } from '../../functions/src/observability/meters.js';

/**
 * Alerts as code (infra/modules/alerts.bicep, docs/operations.md#alerts). There is no Bicep compiler here, so
 * the module is read as text in the shapes it is written in: each alert one `{ … }` of `var logAlerts`, one
 * `key: value` a line. Holds the alerts, the metrics the app sends (observability/meters.ts) and the runbook
 * together: an alert on a metric nobody sends, or one the runbook does not explain, fails here.
 */

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const alertsBicep = read('infra/modules/alerts.bicep');
const mainBicep = read('infra/main.bicep');
const operations = read('docs/operations.md');

/** The top-level `{ … }` entries of the array variable `name`, each as its `key: value` lines. */
function arrayEntries(source: string, name: string): Map<string, string>[] {
  const lines = source.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`var ${name} = [`));
  if (start < 0) throw new Error(`No var ${name} in the Bicep source.`);
  const end = lines.findIndex((line, index) => index > start && line === ']');
  const entries: Map<string, string>[] = [];
  let current: Map<string, string> | undefined;
  for (const line of lines.slice(start + 1, end)) {
    if (line === '  {') entries.push((current = new Map()));
    else if (line === '  }') current = undefined;
    else {
      const match = /^ {4}([A-Za-z]+): (.*)$/.exec(line);
      if (match && current) current.set(match[1]!, match[2]!);
    }
  }
  return entries;
}

/** A Bicep single-quoted string's text (`\'` is a quote). */
const text = (value: string | undefined) => (value ?? '').replace(/^'|'$/g, '').replace(/\\'/g, "'");

const alerts = arrayEntries(alertsBicep, 'logAlerts');
const alertNamed = (name: string) => alerts.find((alert) => text(alert.get('name')) === name);
const sentMetrics = new Set<string>(Object.values(METRIC));

const REQUIRED = [
  'failed-jobs',
  'dead-letters',
  'server-errors',
  'latency-p95',
  'model-waits',
  'undelivered-mails',
  'certificate-expiry',
  'audit-chain',
  'refused-access',
  'health-check',
];

describe('alerts as code', () => {
  it('declares every alert the operators are promised, each with a severity, a window and a query', () => {
    expect(alerts.map((alert) => text(alert.get('name')))).toEqual(REQUIRED);
    for (const alert of alerts) {
      expect(Number(alert.get('severity'))).toBeGreaterThanOrEqual(0);
      expect(Number(alert.get('severity'))).toBeLessThanOrEqual(4);
      expect(text(alert.get('window'))).toMatch(/^PT\d+[MH]$/);
      expect(text(alert.get('description')).length).toBeGreaterThan(20);
      // Each fires on a row: its query ends in the condition.
      expect(text(alert.get('query'))).toMatch(/\| where [^|]+$/);
    }
  });

  it('queries only metrics the app sends, each by the name meters.ts gives it', () => {
    for (const alert of alerts) {
      const metric = text(alert.get('metric'));
      const query = text(alert.get('query'));
      if (metric === '') {
        // The host's own requests table: the 5xx rate and the latency.
        expect(query).toMatch(/^requests \|/);
        continue;
      }
      expect(sentMetrics, `${text(alert.get('name'))} reads ${metric}`).toContain(metric);
      expect(query).toContain(`name == "${metric}"`);
    }
    expect(text(alertNamed('server-errors')?.get('query'))).toContain('toint(resultCode) >= 500');
    expect(text(alertNamed('latency-p95')?.get('query'))).toContain('percentile(duration, 95)');
    expect(text(alertNamed('certificate-expiry')?.get('query'))).toContain('days < ${certificateWarningDays}');
    expect(alertsBicep).toMatch(/param certificateWarningDays int = 30\n/);
    expect(text(alertNamed('audit-chain')?.get('query'))).toContain('== "broken"');
  });

  it('mails the operators through one action group that every alert names', () => {
    expect(alertsBicep).toContain("resource actionGroup 'Microsoft.Insights/actionGroups@");
    expect(alertsBicep).toMatch(/emailReceivers: \[\n\s+for \(email, i\) in emails: \{/);
    expect(alertsBicep).toMatch(
      /resource queryAlerts 'Microsoft\.Insights\/scheduledQueryRules@[\d-]+' = \[\n\s+for alert in logAlerts:/,
    );
    expect(alertsBicep).toContain('actions: { actionGroups: [actionGroup.id] }');
    expect(alertsBicep).toContain('actions: [{ actionGroupId: actionGroup.id }]');
    // The broker's own dead-letter count, beside the app's.
    expect(alertsBicep).toContain("metricName: 'DeadletteredMessages'");
  });

  it('shows the figures in a workbook', () => {
    expect(alertsBicep).toContain("resource workbook 'Microsoft.Insights/workbooks@");
    const figures = arrayEntries(alertsBicep, 'workbookQueries').map((entry) => text(entry.get('query')));
    const shown = figures.join('\n');
    for (const metric of [
      METRIC.jobDuration,
      METRIC.queueDepth,
      METRIC.queueOldestAge,
      METRIC.modelWait,
      METRIC.modelTokens,
      METRIC.modelThrottled,
      METRIC.mailFailures,
      METRIC.signingFailures,
      METRIC.refusedAccess,
      METRIC.auditChainVerifications,
    ]) {
      expect(shown, metric).toContain(`"${metric}"`);
    }
    expect(figures[0]).toMatch(/^requests \|.*countif\(toint\(resultCode\) >= 500\)/);
  });

  it("is deployed by main.bicep with the operators' addresses from the azd environment", () => {
    expect(mainBicep).toContain("module alerts 'modules/alerts.bicep' = {");
    expect(mainBicep).toContain('appInsightsId: monitoring.outputs.appInsightsId');
    expect(mainBicep).toContain('operatorEmails: operatorEmails');
    expect(read('infra/modules/monitoring.bicep')).toContain('output appInsightsId string = appInsights.id');
    const parameters = JSON.parse(read('infra/main.parameters.json')) as {
      parameters: Record<string, { value: string }>;
    };
    expect(parameters.parameters.operatorEmails?.value).toBe('${RATKAISU_OPERATOR_EMAILS=}');
  });

  it('has a runbook row in docs/operations.md for every alert', () => {
    for (const name of [...REQUIRED, 'service-bus-dead-letters']) {
      expect(operations, name).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'));
    }
  });
});
