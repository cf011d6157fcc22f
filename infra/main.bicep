// Ratkaisu on Azure: everything `azd up` provisions (DEPLOY.md walks through it).
//
//   Static Web Apps (the SPA) ──► Function App, Flex Consumption (API + queue workers + timers)
//                                   │ system-assigned identity, no keys:
//                                   ├─ Cosmos DB serverless (documents)
//                                   ├─ Storage (blobs; also the Functions host and its deployment package)
//                                   ├─ Service Bus (job queues and their dead-letter queues)
//                                   ├─ Azure OpenAI (the model deployment)
//                                   └─ Key Vault (the two-factor key, the mail connection string)
//   Application Insights + Log Analytics (logs, traces)
//
// The names the code relies on (store collections, blob containers, queues, app settings) are
// checked against the code by tests/contract/infra.test.ts.
targetScope = 'subscription'

@minLength(1)
@maxLength(64)
@description('The azd environment name; names and tags the resources.')
param environmentName string

@minLength(1)
@description('Region of every resource except those with their own location parameter.')
param location string

@description('Resource group name; default rg-<environmentName>.')
param resourceGroupName string = ''

// ---- Names (empty: derived from the environment name and a hash of the subscription) ----
param functionAppName string = ''
param staticWebAppName string = ''
param cosmosAccountName string = ''
param storageAccountName string = ''
param serviceBusNamespaceName string = ''
param openAiAccountName string = ''
param keyVaultName string = ''
param logAnalyticsName string = ''
param appInsightsName string = ''
param communicationServiceName string = ''

// ---- Web ----
@description('Static Web Apps is offered in a few regions only; the content itself is served from the global edge.')
@allowed(['westeurope', 'eastus2', 'centralus', 'westus2', 'eastasia'])
param staticWebAppLocation string = 'westeurope'

@description('Free has no SLA; Standard adds one, custom domains with more certificates, and private endpoints.')
@allowed(['Free', 'Standard'])
param staticWebAppSku string = 'Standard'

@description('The address users open, when it is a custom domain; empty: the Static Web App\'s own address. Used for CORS and links in mail.')
param publicWebUrl string = ''

// ---- Functions ----
@allowed(['20', '22'])
param nodeVersion string = '22'

@description('Most instances the Flex Consumption plan may scale out to.')
@minValue(1)
@maxValue(1000)
param functionMaximumInstanceCount int = 40

@allowed([512, 2048, 4096])
@description('Memory per instance (MB). PDF reading and rendering want 2048.')
param functionInstanceMemoryMB int = 2048

// ---- Azure OpenAI ----
@description('Region of the Azure OpenAI account: model availability differs by region.')
param openAiLocation string = location

param openAiModelName string = 'gpt-4o'
param openAiModelVersion string = '2024-11-20'
param openAiDeploymentName string = 'gpt-4o'

@allowed(['GlobalStandard', 'DataZoneStandard', 'Standard'])
@description('DataZoneStandard keeps processing inside the EU data zone for EU regions.')
param openAiDeploymentSku string = 'DataZoneStandard'

@description('Deployment capacity in units of 1,000 tokens per minute (docs/SCALE.md: what it allows per hour).')
@minValue(1)
param openAiCapacity int = 100

param openAiApiVersion string = '2024-10-21'

@description('A second model deployment in another account and region (0: none). Jobs are placed on the one with room, and fail over (docs/SCALE.md "Several deployments").')
@minValue(0)
param openAiSecondCapacity int = 0

@description('Region of the second Azure OpenAI account (another region spreads load and outages).')
param openAiSecondLocation string = openAiLocation

// ---- Identity (Entra ID app registration, DEPLOY.md step 2) ----
@description('Application (client) id of the Entra app registration the SPA signs in with.')
param entraClientId string

@description('The API\'s delegated scope, e.g. api://<application id>/access_as_user.')
param entraApiScope string

@description('Authority for sign-in; the organizations endpoint accepts any work account.')
param entraAuthority string = 'https://login.microsoftonline.com/organizations'

@description('The aud of access tokens when the App ID URI is custom (not api://<application id>); empty: derived.')
param entraApiAudience string = ''

// ---- Secrets ----
@secure()
@description('Base64 of 32 random bytes encrypting two-factor secrets; azd\'s preprovision hook generates it once per environment.')
param tfaEncryptionKey string

// ---- Card payments (docs/fees.md) ----
@secure()
@description('Stripe secret key (sk_live_…); empty: no card payments through Stripe (the built-in test provider, never in production).')
param stripeSecretKey string = ''

@secure()
@description('The signing secret (whsec_…) of the Stripe webhook endpoint https://<api>/api/payments/stripe/webhook.')
param stripeWebhookSecret string = ''

// ---- Mail ----
@description('Send mail through Azure Communication Services Email with an Azure-managed sender domain.')
param enableEmail bool = true

@description('Where mail data is kept at rest (Communication Services data location).')
param emailDataLocation string = 'Europe'

// ---- Operations ----
@description('Days Log Analytics keeps logs.')
@minValue(30)
@maxValue(730)
param logRetentionDays int = 30

@description('Days a write-once record (issued award, correction, receipt, audit checkpoint) cannot be overwritten or deleted: the records container\'s immutability policy and the app\'s WRITE_ONCE_RETENTION_DAYS (docs/operations.md).')
@minValue(1)
@maxValue(146000)
param recordsImmutabilityDays int = 5478

@description('Once on, Key Vault purge protection cannot be turned off; recommended for production.')
param keyVaultPurgeProtection bool = false

@description('An RFC 3161 timestamp authority for the PDF signatures (PAdES-B-T); empty: PAdES-B-B.')
param signingTsaUrl string = ''

@description('Comma-separated addresses the operators\' alerts are mailed to (infra/modules/alerts.bicep, docs/operations.md#alerts); empty: alerts show in the portal only.')
param operatorEmails string = ''

@description('Object id of a person given the same data roles as the Function App, to create the first super-administrator (DEPLOY.md step 5); empty: nobody.')
param operatorPrincipalId string = ''

var resourceToken = toLower(uniqueString(subscription().id, environmentName, location))
var tags = { 'azd-env-name': environmentName, application: 'ratkaisu' }
var abbrs = {
  functionApp: 'func-'
  plan: 'plan-'
  staticWebApp: 'stapp-'
  cosmos: 'cosmos-'
  storage: 'st'
  serviceBus: 'sb-'
  openAi: 'oai-'
  keyVault: 'kv-'
  logAnalytics: 'log-'
  appInsights: 'appi-'
  communication: 'acs-'
  emailService: 'ecs-'
}

var names = {
  functionApp: !empty(functionAppName) ? functionAppName : '${abbrs.functionApp}${resourceToken}'
  plan: '${abbrs.plan}${resourceToken}'
  staticWebApp: !empty(staticWebAppName) ? staticWebAppName : '${abbrs.staticWebApp}${resourceToken}'
  cosmos: !empty(cosmosAccountName) ? cosmosAccountName : '${abbrs.cosmos}${resourceToken}'
  storage: !empty(storageAccountName) ? storageAccountName : '${abbrs.storage}${resourceToken}'
  serviceBus: !empty(serviceBusNamespaceName) ? serviceBusNamespaceName : '${abbrs.serviceBus}${resourceToken}'
  openAi: !empty(openAiAccountName) ? openAiAccountName : '${abbrs.openAi}${resourceToken}'
  keyVault: !empty(keyVaultName) ? keyVaultName : '${abbrs.keyVault}${resourceToken}'
  logAnalytics: !empty(logAnalyticsName) ? logAnalyticsName : '${abbrs.logAnalytics}${resourceToken}'
  appInsights: !empty(appInsightsName) ? appInsightsName : '${abbrs.appInsights}${resourceToken}'
  communication: !empty(communicationServiceName) ? communicationServiceName : '${abbrs.communication}${resourceToken}'
  emailService: '${abbrs.emailService}${resourceToken}'
}

resource rg 'Microsoft.Resources/resourceGroups@2024-03-01' = {
  name: !empty(resourceGroupName) ? resourceGroupName : 'rg-${environmentName}'
  location: location
  tags: tags
}

module monitoring 'modules/monitoring.bicep' = {
  name: 'monitoring'
  scope: rg
  params: {
    location: location
    tags: tags
    logAnalyticsName: names.logAnalytics
    appInsightsName: names.appInsights
    retentionInDays: logRetentionDays
  }
}

// Alerts as code: the action group mailing the operators, each alert, the operations workbook.
module alerts 'modules/alerts.bicep' = {
  name: 'alerts'
  scope: rg
  params: {
    location: location
    tags: tags
    namePrefix: 'ratkaisu-${environmentName}'
    appInsightsId: monitoring.outputs.appInsightsId
    serviceBusNamespaceName: serviceBus.outputs.name
    operatorEmails: operatorEmails
  }
}

module web 'modules/staticwebapp.bicep' = {
  name: 'web'
  scope: rg
  params: {
    name: names.staticWebApp
    location: staticWebAppLocation
    tags: tags
    sku: staticWebAppSku
  }
}

var webUrl = !empty(publicWebUrl) ? publicWebUrl : web.outputs.url

module storage 'modules/storage.bicep' = {
  name: 'storage'
  scope: rg
  params: {
    name: names.storage
    location: location
    tags: tags
    recordsImmutabilityDays: recordsImmutabilityDays
  }
}

module cosmos 'modules/cosmos.bicep' = {
  name: 'cosmos'
  scope: rg
  params: {
    accountName: names.cosmos
    location: location
    tags: tags
  }
}

module serviceBus 'modules/servicebus.bicep' = {
  name: 'servicebus'
  scope: rg
  params: {
    name: names.serviceBus
    location: location
    tags: tags
  }
}

module openAi 'modules/openai.bicep' = {
  name: 'openai'
  scope: rg
  params: {
    name: names.openAi
    location: openAiLocation
    tags: tags
    deploymentName: openAiDeploymentName
    modelName: openAiModelName
    modelVersion: openAiModelVersion
    deploymentSku: openAiDeploymentSku
    capacity: openAiCapacity
  }
}

module openAiSecond 'modules/openai.bicep' = if (openAiSecondCapacity > 0) {
  name: 'openai-second'
  scope: rg
  params: {
    name: '${names.openAi}-2'
    location: openAiSecondLocation
    tags: tags
    deploymentName: openAiDeploymentName
    modelName: openAiModelName
    modelVersion: openAiModelVersion
    deploymentSku: openAiDeploymentSku
    capacity: openAiSecondCapacity
  }
}

module email 'modules/email.bicep' = if (enableEmail) {
  name: 'email'
  scope: rg
  params: {
    communicationServiceName: names.communication
    emailServiceName: names.emailService
    dataLocation: emailDataLocation
    tags: tags
  }
}

module keyVault 'modules/keyvault.bicep' = {
  name: 'keyvault'
  scope: rg
  params: {
    name: names.keyVault
    location: location
    tags: tags
    purgeProtection: keyVaultPurgeProtection
    tfaEncryptionKey: tfaEncryptionKey
    stripeSecretKey: stripeSecretKey
    stripeWebhookSecret: stripeWebhookSecret
    communicationServiceName: enableEmail ? names.communication : ''
  }
  dependsOn: [email]
}

module api 'modules/functionapp.bicep' = {
  name: 'api'
  scope: rg
  params: {
    name: names.functionApp
    planName: names.plan
    location: location
    tags: tags
    nodeVersion: nodeVersion
    maximumInstanceCount: functionMaximumInstanceCount
    instanceMemoryMB: functionInstanceMemoryMB
    storageAccountName: storage.outputs.name
    deploymentContainerName: storage.outputs.deploymentContainerName
    appInsightsConnectionString: monitoring.outputs.appInsightsConnectionString
    webUrl: webUrl
    appSettings: {
      RATKAISU_ENV: 'production'
      PUBLIC_URL: webUrl
      // Run-from-package makes the app folder read-only; nothing is written here in Azure mode, but a path must exist.
      DATA_DIR: '/tmp/ratkaisu'
      LOG_LEVEL: 'info'
      CORS_ORIGINS: webUrl
      COSMOS_ENDPOINT: cosmos.outputs.endpoint
      COSMOS_DATABASE: cosmos.outputs.databaseName
      AZURE_STORAGE_ACCOUNT_URL: storage.outputs.blobEndpoint
      // The app dates write-once records as the container's immutability policy keeps them.
      WRITE_ONCE_RETENTION_DAYS: string(recordsImmutabilityDays)
      ServiceBusConnection__fullyQualifiedNamespace: serviceBus.outputs.fullyQualifiedNamespace
      AZURE_OPENAI_ENDPOINT: openAi.outputs.endpoint
      AZURE_OPENAI_DEPLOYMENT: openAi.outputs.deploymentName
      AZURE_OPENAI_API_VERSION: openAiApiVersion
      // The model budget (services/model-budget) paces jobs to the deployment's quota: capacity is in
      // thousands of tokens a minute, and Azure grants 6 requests a minute per thousand tokens.
      MODEL_TPM: string(openAiCapacity * 1000)
      MODEL_RPM: string(openAiCapacity * 6)
      // The second deployment, when declared: the budget places jobs on it too (functions/src/config.ts).
      MODEL_DEPLOYMENTS: openAiSecondCapacity > 0
        ? string([
            {
              name: 'second'
              endpoint: openAiSecond!.outputs.endpoint
              deployment: openAiSecond!.outputs.deploymentName
              apiVersion: openAiApiVersion
              tpm: openAiSecondCapacity * 1000
              rpm: openAiSecondCapacity * 6
              priority: 1
            }
          ])
        : ''
      ENTRA_CLIENT_ID: entraClientId
      ENTRA_API_SCOPE: entraApiScope
      ENTRA_AUTHORITY: entraAuthority
      ENTRA_API_AUDIENCE: entraApiAudience
      TFA_ENCRYPTION_KEY: '@Microsoft.KeyVault(SecretUri=${keyVault.outputs.tfaKeySecretUri})'
      // PDF signatures: keys in the vault (modules/keyvault.bicep); a timestamp authority makes them PAdES-B-T.
      SIGNING_KEY_VAULT_URL: keyVault.outputs.uri
      SIGNING_TSA_URL: signingTsaUrl
      MAIL_FROM: enableEmail ? email!.outputs.senderAddress : ''
      ACS_EMAIL_CONNECTION_STRING: enableEmail
        ? '@Microsoft.KeyVault(SecretUri=${keyVault.outputs.mailConnectionSecretUri})'
        : ''
      // Card payments through Stripe Checkout when its keys are given (docs/fees.md); from Key Vault.
      STRIPE_SECRET_KEY: empty(stripeSecretKey) ? '' : '@Microsoft.KeyVault(SecretUri=${keyVault.outputs.stripeSecretKeyUri})'
      STRIPE_WEBHOOK_SECRET: empty(stripeWebhookSecret)
        ? ''
        : '@Microsoft.KeyVault(SecretUri=${keyVault.outputs.stripeWebhookSecretUri})'
    }
  }
}

// ---- The Function App's identity reaches every service with a role, never a key ----
module roles 'modules/roles.bicep' = {
  name: 'roles'
  scope: rg
  params: {
    principalId: api.outputs.principalId
    cosmosAccountName: cosmos.outputs.accountName
    storageAccountName: storage.outputs.name
    serviceBusNamespaceName: serviceBus.outputs.name
    openAiAccountName: openAi.outputs.name
    openAiSecondAccountName: openAiSecondCapacity > 0 ? openAiSecond!.outputs.name : ''
    keyVaultName: keyVault.outputs.name
  }
}

module operatorRoles 'modules/roles.bicep' = if (!empty(operatorPrincipalId)) {
  name: 'operator-roles'
  scope: rg
  params: {
    principalId: operatorPrincipalId
    principalType: 'User'
    cosmosAccountName: cosmos.outputs.accountName
    storageAccountName: storage.outputs.name
    serviceBusNamespaceName: serviceBus.outputs.name
    openAiAccountName: openAi.outputs.name
    keyVaultName: keyVault.outputs.name
  }
}

// ---- Outputs: azd stores them in .azure/<env>/.env; the web build and the hooks read them ----
output AZURE_LOCATION string = location
output AZURE_TENANT_ID string = tenant().tenantId
output AZURE_RESOURCE_GROUP string = rg.name
output FUNCTION_APP_NAME string = api.outputs.name
output STATIC_WEB_APP_NAME string = web.outputs.name
output COSMOS_ACCOUNT_NAME string = cosmos.outputs.accountName
output KEY_VAULT_NAME string = keyVault.outputs.name
// What infra/scripts/first-admin.mjs needs to reach the data as the operator.
output COSMOS_ENDPOINT string = cosmos.outputs.endpoint
output AZURE_STORAGE_ACCOUNT_URL string = storage.outputs.blobEndpoint
output SERVICE_BUS_NAMESPACE string = serviceBus.outputs.fullyQualifiedNamespace
output WEB_URL string = webUrl
output API_ORIGIN string = api.outputs.url
output VITE_API_BASE_URL string = api.outputs.url
output VITE_ENTRA_CLIENT_ID string = entraClientId
output VITE_ENTRA_API_SCOPE string = entraApiScope
output VITE_ENTRA_AUTHORITY string = entraAuthority
