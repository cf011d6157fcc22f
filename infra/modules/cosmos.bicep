// Cosmos DB for NoSQL, serverless: one container per store collection
// (functions/src/ports/store.ts COLLECTIONS), each partitioned on /pk as the adapter
// (functions/src/adapters/store/cosmos-store.ts) reads and writes them.
// Keys are switched off: the Function App signs in with its identity and the data-plane role below.
param accountName string
param location string
param tags object
param databaseName string = 'ratkaisu'

// Every collection, with what its partition key value is (docs/SCALE.md discusses each).
// Must list every entry of COLLECTIONS (checked by tests/contract/infra.test.ts).
var containers = [
  { name: 'tenants', partition: 'tenant id (and one document per claimed unique key)' }
  { name: 'users', partition: 'user id (and one document per claimed unique key)' }
  { name: 'sessions', partition: 'session id; expire by ttl' }
  { name: 'tokens', partition: 'user id or throttle key; expire by ttl' }
  { name: 'disputes', partition: 'dispute id' }
  { name: 'files', partition: 'dispute id' }
  { name: 'jobs', partition: 'job id; anonymous jobs expire by ttl' }
  { name: 'audit', partition: 'month (YYYY-MM) for entries, chain id for chain heads' }
  { name: 'outbox', partition: 'mail id: every mail written before it is sent, retried, listed when given up (services/outbox); sent ones expire by ttl' }
  { name: 'queue', partition: 'local in-process queue; unused with Service Bus' }
  { name: 'awards', partition: 'case id: decisions, award drafts and signatures; case number counters' }
  { name: 'leases', partition: 'what is leased (the OCR of one stored file); expire by ttl' }
  { name: 'certificates', partition: 'certificate id: the signing CA, the service seal, one per arbitrator (public parts only)' }
  { name: 'notices', partition: 'user id: the in-app notices of one user; expire by ttl' }
  { name: 'evaluations', partition: 'one partition: the last evaluation scorecard per deployment and prompt version' }
  { name: 'payments', partition: 'payment id: one payment, its ledger of verified notifications' }
  { name: 'fees', partition: 'fee schedules: "schedule" (the global one and the per-tenant overrides)' }
  { name: 'incidents', partition: 'incident id: a security incident, its evidence, notes, notices and the Ombudsman report (services/incidents)' }
  { name: 'caseLists', partition: 'user id: the ids of the cases the user is a party to, read by the case list (services/disputes/party-case-list.ts)' }
]

resource account 'Microsoft.DocumentDB/databaseAccounts@2024-11-15' = {
  name: accountName
  location: location
  tags: tags
  kind: 'GlobalDocumentDB'
  properties: {
    databaseAccountOfferType: 'Standard'
    locations: [{ locationName: location, failoverPriority: 0, isZoneRedundant: false }]
    consistencyPolicy: { defaultConsistencyLevel: 'Session' }
    capabilities: [{ name: 'EnableServerless' }]
    // Point-in-time restore to any second of the last 30 days (docs/operations.md "Backup and restore":
    // a fault noticed after a week's holiday is still before the window closes; billed per GB).
    backupPolicy: { type: 'Continuous', continuousModeProperties: { tier: 'Continuous30Days' } }
    disableLocalAuth: true
    disableKeyBasedMetadataWriteAccess: true
    minimalTlsVersion: 'Tls12'
    publicNetworkAccess: 'Enabled'
  }
}

resource database 'Microsoft.DocumentDB/databaseAccounts/sqlDatabases@2024-11-15' = {
  parent: account
  name: databaseName
  properties: { resource: { id: databaseName } }
}

resource sqlContainers 'Microsoft.DocumentDB/databaseAccounts/sqlDatabases/containers@2024-11-15' = [
  for container in containers: {
    parent: database
    name: container.name
    properties: {
      resource: {
        id: container.name
        partitionKey: { paths: ['/pk'], kind: 'Hash', version: 2 }
        // -1: nothing expires by default, but a document carrying `ttl` (sessions, tokens,
        // anonymous jobs) expires that many seconds after its last write. The adapter creates
        // containers the same way where it may, so every collection behaves alike.
        defaultTtl: -1
        indexingPolicy: {
          indexingMode: 'consistent'
          automatic: true
          includedPaths: [{ path: '/*' }]
          // Job inputs and extracted texts are never filtered on; not indexing them saves write RUs.
          excludedPaths: [{ path: '/"_etag"/?' }, { path: '/input/*' }]
        }
      }
    }
  }
]

output accountName string = account.name
output endpoint string = account.properties.documentEndpoint
output databaseName string = database.name
