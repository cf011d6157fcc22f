// One storage account: the app's blob containers (functions/src/ports/blobs.ts BLOB_CONTAINERS),
// the Functions host's own state (timer leases, keys) and the Flex Consumption deployment package.
// Private blobs only, and no shared keys: every caller authenticates with Entra ID.
param name string
param location string
param tags object

@description('Days a deleted blob can still be restored.')
param softDeleteDays int = 7

// Must list every entry of BLOB_CONTAINERS (checked by tests/contract/infra.test.ts).
var appContainers = [
  'attachments'
  'workfiles'
  'results'
  'text'
  'anonymous'
]
var deploymentContainerName = 'app-package'

resource account 'Microsoft.Storage/storageAccounts@2023-05-01' = {
  name: name
  location: location
  tags: tags
  kind: 'StorageV2'
  sku: { name: 'Standard_ZRS' }
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
    deleteRetentionPolicy: { enabled: true, days: softDeleteDays }
    containerDeleteRetentionPolicy: { enabled: true, days: softDeleteDays }
  }
}

resource containers 'Microsoft.Storage/storageAccounts/blobServices/containers@2023-05-01' = [
  for container in concat(appContainers, [deploymentContainerName]): {
    parent: blobService
    name: container
    properties: { publicAccess: 'None' }
  }
]

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
      ]
    }
  }
  dependsOn: [containers]
}

output name string = account.name
output blobEndpoint string = account.properties.primaryEndpoints.blob
output deploymentContainerName string = deploymentContainerName
