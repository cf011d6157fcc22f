// Alerts as code (docs/operations.md#alerts): what the operators are mailed about, each a query over what the
// app sends Application Insights — its OpenTelemetry metrics (functions/src/observability/meters.ts names
// every one; tests/contract/alerts.test.ts holds the names here and there together), the Functions host's
// requests — or a Service Bus metric; one action group mails the operators; one workbook shows the figures.
param location string
param tags object
param namePrefix string
param appInsightsId string
param serviceBusNamespaceName string

@description('Comma-separated addresses the alerts are mailed to; empty: the alerts fire and are shown in the portal only.')
param operatorEmails string = ''

@description('Share of requests answered 5xx, in per cent over 5 minutes, above which the 5xx alert fires.')
param serverErrorPercent int = 5

@description('95th percentile of request duration, in milliseconds over 15 minutes, above which the latency alert fires.')
param p95LatencyMs int = 2000

@description('Longest wait of a model call for its deployment\'s budget, in milliseconds, above which the model-wait alert fires.')
param modelWaitMs int = 120000

@description('Refused accesses (401, 403, 404 on ids) in 5 minutes above which the refused-access alert fires.')
param refusedAccessBurst int = 50

@description('Days before a signing certificate or the CA ends at which the certificate alert fires.')
param certificateWarningDays int = 30

var emails = filter(map(split(operatorEmails, ','), e => trim(e)), e => !empty(e))

resource actionGroup 'Microsoft.Insights/actionGroups@2023-01-01' = {
  name: '${namePrefix}-operators'
  location: 'global'
  tags: tags
  properties: {
    groupShortName: 'ratkaisu'
    enabled: true
    emailReceivers: [
      for (email, i) in emails: {
        name: 'operator-${i}'
        emailAddress: email
        useCommonAlertSchema: true
      }
    ]
  }
}

// Each log alert fires when its query returns a row in its window. `metric` is the OpenTelemetry metric the
// query reads (empty: it reads the host's requests table); the contract test checks it against meters.ts.
var logAlerts = [
  {
    name: 'failed-jobs'
    metric: 'ratkaisu.job.failed'
    severity: 2
    window: 'PT15M'
    description: 'Queue deliveries failed (a job run threw): the job is retried, then failed for good.'
    query: 'customMetrics | where name == "ratkaisu.job.failed" | summarize failed = sum(valueSum) by kind = tostring(customDimensions["ratkaisu.job.kind"]) | where failed > 0'
  }
  {
    name: 'dead-letters'
    metric: 'ratkaisu.queue.dead_letters'
    severity: 1
    window: 'PT15M'
    description: 'A queue message was dead-lettered: its job is marked Failed (an OCR file only logged).'
    query: 'customMetrics | where name == "ratkaisu.queue.dead_letters" | summarize dead = sum(valueSum) by queue = tostring(customDimensions["ratkaisu.job.kind"]) | where dead > 0'
  }
  {
    name: 'server-errors'
    metric: ''
    severity: 1
    window: 'PT5M'
    description: 'More than ${serverErrorPercent}% of requests answered 5xx.'
    query: 'requests | summarize total = count(), failed = countif(toint(resultCode) >= 500) | where total >= 20 and 100.0 * failed / total > ${serverErrorPercent}'
  }
  {
    name: 'latency-p95'
    metric: ''
    severity: 2
    window: 'PT15M'
    description: 'The 95th percentile of request duration is above ${p95LatencyMs} ms.'
    query: 'requests | where name !has "download" and name !has "export" | summarize p95 = percentile(duration, 95), total = count() | where total >= 20 and p95 > ${p95LatencyMs}'
  }
  {
    name: 'model-waits'
    metric: 'ratkaisu.model.budget_wait'
    severity: 3
    window: 'PT15M'
    description: 'A model call waited more than ${modelWaitMs} ms for its deployment\'s token budget.'
    query: 'customMetrics | where name == "ratkaisu.model.budget_wait" | summarize longest = max(valueMax) by deployment = tostring(customDimensions["gen_ai.request.model"]) | where longest > ${modelWaitMs}'
  }
  {
    name: 'undelivered-mails'
    metric: 'ratkaisu.mail.undelivered'
    severity: 2
    window: 'PT15M'
    description: 'Mails the outbox gave up on are waiting for an administrator\'s Send again.'
    query: 'customMetrics | where name == "ratkaisu.mail.undelivered" | summarize failed = max(valueMax) | where failed > 0'
  }
  {
    name: 'certificate-expiry'
    metric: 'ratkaisu.signing.certificate_days_left'
    severity: 2
    window: 'PT1H'
    description: 'The signing CA or a signing certificate in use ends within ${certificateWarningDays} days.'
    query: 'customMetrics | where name == "ratkaisu.signing.certificate_days_left" | summarize days = min(valueMin) by certificate = tostring(customDimensions["ratkaisu.certificate"]) | where days < ${certificateWarningDays}'
  }
  {
    name: 'audit-chain'
    metric: 'ratkaisu.audit.chain_verifications'
    severity: 0
    window: 'PT1H'
    description: 'An audit hash chain failed verification: an entry was changed, removed or inserted.'
    query: 'customMetrics | where name == "ratkaisu.audit.chain_verifications" and tostring(customDimensions["ratkaisu.audit.outcome"]) == "broken" | summarize broken = sum(valueSum) | where broken > 0'
  }
  {
    name: 'refused-access'
    metric: 'ratkaisu.access.refused'
    severity: 1
    window: 'PT5M'
    description: 'More than ${refusedAccessBurst} refused accesses in 5 minutes: probing, or a broken client.'
    query: 'customMetrics | where name == "ratkaisu.access.refused" | summarize refused = sum(valueSum) | where refused > ${refusedAccessBurst}'
  }
  {
    name: 'health-check'
    metric: 'ratkaisu.health.failures'
    severity: 1
    window: 'PT15M'
    description: 'A check of the deep health check failed (store, blobs, queue, model, mail, keys, certificates, audit chain, disk).'
    query: 'customMetrics | where name == "ratkaisu.health.failures" | summarize failures = sum(valueSum) by check = tostring(customDimensions["ratkaisu.health.check"]) | where failures > 0'
  }
]

resource queryAlerts 'Microsoft.Insights/scheduledQueryRules@2023-12-01' = [
  for alert in logAlerts: {
    name: '${namePrefix}-${alert.name}'
    location: location
    tags: tags
    properties: {
      displayName: 'Ratkaisu: ${alert.name}'
      description: alert.description
      severity: alert.severity
      enabled: true
      evaluationFrequency: 'PT5M'
      windowSize: alert.window
      scopes: [appInsightsId]
      criteria: {
        allOf: [
          {
            query: alert.query
            timeAggregation: 'Count'
            operator: 'GreaterThan'
            threshold: 0
            failingPeriods: { numberOfEvaluationPeriods: 1, minFailingPeriodsToAlert: 1 }
          }
        ]
      }
      autoMitigate: true
      actions: { actionGroups: [actionGroup.id] }
    }
  }
]

resource serviceBus 'Microsoft.ServiceBus/namespaces@2024-01-01' existing = {
  name: serviceBusNamespaceName
}

// The broker's own count, beside the app's: a message can be dead-lettered while no app instance runs.
resource deadLetteredMessages 'Microsoft.Insights/metricAlerts@2018-03-01' = {
  name: '${namePrefix}-service-bus-dead-letters'
  location: 'global'
  tags: tags
  properties: {
    description: 'Messages are waiting in a Service Bus dead-letter queue.'
    severity: 1
    enabled: true
    scopes: [serviceBus.id]
    evaluationFrequency: 'PT5M'
    windowSize: 'PT15M'
    criteria: {
      'odata.type': 'Microsoft.Azure.Monitor.SingleResourceMultipleMetricCriteria'
      allOf: [
        {
          name: 'dead-lettered'
          criterionType: 'StaticThresholdCriterion'
          metricNamespace: 'Microsoft.ServiceBus/namespaces'
          metricName: 'DeadletteredMessages'
          timeAggregation: 'Maximum'
          operator: 'GreaterThan'
          threshold: 0
        }
      ]
    }
    autoMitigate: true
    actions: [{ actionGroupId: actionGroup.id }]
  }
}

// The figures at a glance: requests and 5xx by route, job duration and outcome by kind, queue depth, model
// waits and tokens by deployment, 429s, mail failures, signing failures, audit verifications, health checks.
var workbookQueries = [
  {
    title: 'Requests and 5xx by route'
    query: 'requests | summarize requests = count(), errors = countif(toint(resultCode) >= 500), p95 = percentile(duration, 95) by name | order by requests desc'
  }
  {
    title: 'Jobs by kind and outcome (ms)'
    query: 'customMetrics | where name == "ratkaisu.job.duration" | summarize runs = sum(valueCount), avg_ms = sum(valueSum) / sum(valueCount), max_ms = max(valueMax) by kind = tostring(customDimensions["ratkaisu.job.kind"]), outcome = tostring(customDimensions["ratkaisu.job.outcome"])'
  }
  {
    title: 'Queue depth and oldest message (s)'
    query: 'customMetrics | where name in ("ratkaisu.queue.depth", "ratkaisu.queue.oldest_age") | summarize value = max(valueMax) by bin(timestamp, 5m), name | render timechart'
  }
  {
    title: 'Model budget waits, tokens and 429s by deployment'
    query: 'customMetrics | where name in ("ratkaisu.model.budget_wait", "ratkaisu.model.tokens", "ratkaisu.model.throttled") | summarize total = sum(valueSum), longest = max(valueMax) by name, deployment = tostring(customDimensions["gen_ai.request.model"]), type = tostring(customDimensions["gen_ai.token.type"])'
  }
  {
    title: 'Mail failures, signing failures, refused accesses'
    query: 'customMetrics | where name in ("ratkaisu.mail.failures", "ratkaisu.signing.failures", "ratkaisu.access.refused") | summarize count = sum(valueSum) by bin(timestamp, 1h), name | render columnchart'
  }
  {
    title: 'Audit chain verifications and deep health failures'
    query: 'customMetrics | where name in ("ratkaisu.audit.chain_verifications", "ratkaisu.health.failures") | summarize count = sum(valueSum) by name, outcome = tostring(customDimensions["ratkaisu.audit.outcome"]), check = tostring(customDimensions["ratkaisu.health.check"])'
  }
]

resource workbook 'Microsoft.Insights/workbooks@2023-06-01' = {
  name: guid(resourceGroup().id, namePrefix, 'ratkaisu-operations')
  location: location
  tags: tags
  kind: 'shared'
  properties: {
    displayName: 'Ratkaisu operations'
    category: 'workbook'
    sourceId: appInsightsId
    serializedData: string({
      version: 'Notebook/1.0'
      items: [
        for (item, i) in workbookQueries: {
          type: 3
          name: 'figure-${i}'
          content: {
            version: 'KqlItem/1.0'
            title: item.title
            query: item.query
            size: 0
            timeContext: { durationMs: 86400000 }
            queryType: 0
            resourceType: 'microsoft.insights/components'
          }
        }
      ]
    })
  }
}

output actionGroupId string = actionGroup.id
output alertNames array = [for alert in logAlerts: alert.name]
