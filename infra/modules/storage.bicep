// One storage account: the app's blob containers (functions/src/ports/blobs.ts BLOB_CONTAINERS),
// the Functions host's own state (timer leases, keys) and the Flex Consumption deployment package.
// Private blobs only, and no shared keys: every caller authenticates with Entra ID.
param name string
param location string
param tags object

@description('Days a deleted blob, or a replaced version of one, can still be restored.')
param softDeleteDays int = 7

@description('Days a blob in the write-once records container cannot be overwritten or deleted (WRITE_ONCE_RETENTION_DAYS).')
@minValue(1)
@maxValue(146000)
param recordsImmutabilityDays int = 5478

// Must list every entry of BLOB_CONTAINERS (checked by tests/contract/infra.test.ts).
var appContainers = [
  'attachments'
  'workfiles'
  'results'
  'text'
  'anonymous'
  'records'
]
// Must list every entry of WRITE_ONCE_CONTAINERS (functions/src/ports/blobs.ts): version-level immutability.
var writeOnceContainers = [
  'records'
]
var deploymentContainerName = 'app-package'

resource account 'Microsoft.Storage/storageAccounts@2023-05-01' = {
  name: name
  location: location
  tags: tags
  kind: 'StorageV2'
  // Geo-zone-redundant: three zones here and a copy in the paired region, so an issued award outlives a
  // region's loss (docs/operations.md "Backup and restore": RPO of the geo copy typically under 15 minutes).
  sku: { name: 'Standard_GZRS' }
  properties: {
    accessTier: 'Hot'
    allowBlobPublicAccess: false
    allowSharedKeyAccess: false
    defaultToOAuthAuthentication: true
    minimumTlsVersion: 'TLS1_2'
    supportsHttpsTrafficOnly: true
    publicNetworkAccess: 'Enabled'
    networkAcls: { defaultAction: 'Allow', bypass: 'AzureServices' }
  }
}

resource blobService 'Microsoft.Storage/storageAccounts/blobServices@2023-05-01' = {
  parent: account
  name: 'default'
  properties: {
    // Every write keeps the version it replaced: version-level immutability needs it, and an overwritten
    // blob elsewhere can be brought back for softDeleteDays (the lifecycle rule below prunes old versions).
    isVersioningEnabled: true
    deleteRetentionPolicy: { enabled: true, days: softDeleteDays }
    containerDeleteRetentionPolicy: { enabled: true, days: softDeleteDays }
  }
}

resource containers 'Microsoft.Storage/storageAccounts/blobServices/containers@2023-05-01' = [
  for container in concat(appContainers, [deploymentContainerName]): {
    parent: blobService
    name: container
    properties: {
      publicAccess: 'None'
      // Write-once: each version of each blob takes the container's time-based retention when written.
      immutableStorageWithVersioning: { enabled: contains(writeOnceContainers, container) }
    }
  }
]

// The write-once rule in the service itself: no version in 'records' can be overwritten or deleted for
// recordsImmutabilityDays after it was written, by the app or by anyone with its role. Left unlocked so a
// mistaken period can be corrected; an operator locks it once checked (docs/operations.md "Write-once
// records"), after which it can only be lengthened.
resource recordsImmutability 'Microsoft.Storage/storageAccounts/blobServices/containers/immutabilityPolicies@2023-05-01' = {
  parent: containers[indexOf(concat(appContainers, [deploymentContainerName]), 'records')]
  name: 'default'
  properties: {
    immutabilityPeriodSinceCreationInDays: recordsImmutabilityDays
    allowProtectedAppendWrites: false
  }
}

// The public generator's uploads are gone after a day, whatever happens to their jobs: the
// 'anonymous' container, and the text read from them, cached in 'text' under 'anonymous/'
// (functions/src/services/documents/load-document-text.ts textCacheName).
resource lifecycle 'Microsoft.Storage/storageAccounts/managementPolicies@2023-05-01' = {
  parent: account
  name: 'default'
  properties: {
    policy: {
      rules: [
        {
          name: 'delete-anonymous-uploads-after-1-day'
          enabled: true
          type: 'Lifecycle'
          definition: {
            filters: {
              blobTypes: ['blockBlob']
              prefixMatch: ['anonymous/', 'text/anonymous/']
            }
            actions: {
              baseBlob: { delete: { daysAfterModificationGreaterThan: 1 } }
            }
          }
        }
        {
          // Versioning keeps what an overwrite replaced; outside the write-once container that history is only
          // for mistakes, and goes after softDeleteDays. 'records' is left out: its versions are its records.
          name: 'delete-replaced-versions'
          enabled: true
          type: 'Lifecycle'
          definition: {
            filters: {
              blobTypes: ['blockBlob']
              // The app's containers but 'records', the Functions host's own and the deployment package's.
              prefixMatch: [
                'attachments/'
                'workfiles/'
                'results/'
                'text/'
                'anonymous/'
                'azure-webjobs-hosts/'
                'azure-webjobs-secrets/'
                '${deploymentContainerName}/'
              ]
            }
            actions: {
              version: { delete: { daysAfterCreationGreaterThan: softDeleteDays } }
            }
          }
        }
      ]
    }
  }
  dependsOn: [containers]
}

output name string = account.name
output blobEndpoint string = account.properties.primaryEndpoints.blob
output deploymentContainerName string = deploymentContainerName
