// The API, the queue workers and the timers (functions/src/index.ts) on the Flex Consumption plan.
// Package, runtime and scale live in functionAppConfig: on Flex, FUNCTIONS_WORKER_RUNTIME,
// FUNCTIONS_EXTENSION_VERSION and WEBSITE_RUN_FROM_PACKAGE must not be set as app settings.
param name string
param planName string
param location string
param tags object
param nodeVersion string
param maximumInstanceCount int
param instanceMemoryMB int
param storageAccountName string
param deploymentContainerName string
param appInsightsConnectionString string
@description('The SPA origin: the only origin CORS admits, with credentials.')
param webUrl string
@description('The app\'s own settings (functions/src/config.ts); empty values are left out.')
param appSettings object

resource storage 'Microsoft.Storage/storageAccounts@2023-05-01' existing = {
  name: storageAccountName
}

resource plan 'Microsoft.Web/serverfarms@2024-04-01' = {
  name: planName
  location: location
  tags: tags
  kind: 'functionapp'
  sku: { tier: 'FlexConsumption', name: 'FC1' }
  properties: { reserved: true }
}

var hostSettings = {
  // The host's own state (timer leases, keys) in the same account, by identity: no connection string.
  AzureWebJobsStorage__accountName: storage.name
  APPLICATIONINSIGHTS_CONNECTION_STRING: appInsightsConnectionString
}

resource site 'Microsoft.Web/sites@2024-04-01' = {
  name: name
  location: location
  tags: union(tags, { 'azd-service-name': 'api' })
  kind: 'functionapp,linux'
  identity: { type: 'SystemAssigned' }
  properties: {
    serverFarmId: plan.id
    httpsOnly: true
    siteConfig: {
      minTlsVersion: '1.2'
      ftpsState: 'Disabled'
      cors: {
        allowedOrigins: [webUrl]
        supportCredentials: true
      }
      appSettings: [
        for setting in filter(items(union(hostSettings, appSettings)), s => !empty(s.value)): {
          name: setting.key
          value: setting.value
        }
      ]
    }
    functionAppConfig: {
      deployment: {
        storage: {
          type: 'blobContainer'
          value: '${storage.properties.primaryEndpoints.blob}${deploymentContainerName}'
          authentication: { type: 'SystemAssignedIdentity' }
        }
      }
      scaleAndConcurrency: {
        maximumInstanceCount: maximumInstanceCount
        instanceMemoryMB: instanceMemoryMB
      }
      runtime: { name: 'node', version: nodeVersion }
    }
  }
}

// azd deploys with an Entra token; the older publishing passwords stay off.
resource ftp 'Microsoft.Web/sites/basicPublishingCredentialsPolicies@2024-04-01' = {
  parent: site
  name: 'ftp'
  properties: { allow: false }
}

resource scm 'Microsoft.Web/sites/basicPublishingCredentialsPolicies@2024-04-01' = {
  parent: site
  name: 'scm'
  properties: { allow: false }
}

output name string = site.name
output url string = 'https://${site.properties.defaultHostName}'
output principalId string = site.identity.principalId
