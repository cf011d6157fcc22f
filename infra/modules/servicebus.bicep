// Service Bus: one queue per job kind and one for OCR at upload (functions/src/ports/queue.ts QUEUE_NAMES),
// each with its dead-letter queue, which index.ts consumes (a job's is marked Failed, an OCR file's logged).
// Entra ID only, no SAS keys.
param name string
param location string
param tags object

// Standard: duplicate detection and topics; Basic has neither. Premium only for isolation or > 1 MB messages.
@allowed(['Standard', 'Premium'])
param sku string = 'Standard'

// Must list every entry of QUEUE_NAMES (checked by tests/contract/infra.test.ts).
// The message lock must outlast the job lease (JOB_LEASE_MS, 30 s in job-document.ts): a dead
// worker's message comes back only after its lock runs out, and by then its job's lease must have
// run out too, or the redelivery would find the job still claimed. The Functions host renews the
// lock while a run lasts (host.json maxAutoLockRenewalDuration).
// A message is dead-lettered after maxDeliveryCount deliveries; the job itself gives up after
// MAX_JOB_ATTEMPTS (3) runs, so this only catches messages that never reach a run (the store down).
// Duplicate detection drops a second send of the same job id (the message id) within the window;
// the stale-job sweep waits longer than the window before sending again (STALE_LEASE_MS).
var queues = [
  { name: 'claim-jobs', ttl: 'P1D' }
  { name: 'decision-jobs', ttl: 'P1D' }
  { name: 'anonymous-decision-jobs', ttl: 'PT12H' }
  // The tribunal's summary of the parties' claims (before drafting): its own queue, as every job kind has.
  { name: 'claims-summary-jobs', ttl: 'P1D' }
  { name: 'data-export-jobs', ttl: 'P1D' }
  // One message per uploaded case file: its scanned pages read by OCR into the text cache, ahead of any job.
  // A message that expires or is dead-lettered only means the job that reads the file OCRs it itself.
  { name: 'ocr-files', ttl: 'P1D' }
]

resource namespace 'Microsoft.ServiceBus/namespaces@2024-01-01' = {
  name: name
  location: location
  tags: tags
  sku: { name: sku, tier: sku }
  properties: {
    disableLocalAuth: true
    minimumTlsVersion: '1.2'
    publicNetworkAccess: 'Enabled'
  }
}

resource jobQueues 'Microsoft.ServiceBus/namespaces/queues@2024-01-01' = [
  for queue in queues: {
    parent: namespace
    name: queue.name
    properties: {
      lockDuration: 'PT1M'
      maxDeliveryCount: 10
      deadLetteringOnMessageExpiration: true
      defaultMessageTimeToLive: queue.ttl
      requiresDuplicateDetection: true
      duplicateDetectionHistoryTimeWindow: 'PT10M'
      requiresSession: false
      enablePartitioning: false
      maxSizeInMegabytes: 1024
    }
  }
]

output name string = namespace.name
output fullyQualifiedNamespace string = '${namespace.name}.servicebus.windows.net'
