// What an identity may do with the data: exactly the data-plane rights the adapters use, on each
// resource, and no keys anywhere. Given to the Function App's system-assigned identity, and, when
// asked, to the operator who runs infra/scripts/first-admin.mjs (DEPLOY.md step 5).
param principalId string
@allowed(['ServicePrincipal', 'User', 'Group'])
param principalType string = 'ServicePrincipal'
param cosmosAccountName string
param storageAccountName string
param serviceBusNamespaceName string
param openAiAccountName string
@description('A second Azure OpenAI account (main.bicep openAiSecondCapacity), or empty.')
param openAiSecondAccountName string = ''
param keyVaultName string

var roleIds = {
  // Blobs of the app, the host's own state, and the deployment package.
  storageBlobDataOwner: 'b7e6dc6d-f1e8-4753-8033-0f276bb0955b'
  // Send (jobs), receive (triggers, dead-letter queues) and read queue properties (scaling).
  serviceBusDataOwner: '090c5cfd-751d-490a-894a-3ce6f1109419'
  cognitiveServicesOpenAiUser: '5e0bd9bd-7b93-4f28-af87-19fc36ad61bd'
  keyVaultSecretsUser: '4633458b-17de-408a-b874-0445c86b69e6'
  // PDF signatures: create an arbitrator's key and sign with the CA's, the seal's and the arbitrators' keys.
  keyVaultCryptoOfficer: '14b46e9e-c2b7-41b4-b07b-48a6ebf60603'
}
// Cosmos DB data-plane roles are Cosmos' own (sqlRoleDefinitions), not Azure RBAC roles.
var cosmosBuiltInDataContributor = '00000000-0000-0000-0000-000000000002'

resource storage 'Microsoft.Storage/storageAccounts@2023-05-01' existing = {
  name: storageAccountName
}
resource serviceBus 'Microsoft.ServiceBus/namespaces@2024-01-01' existing = {
  name: serviceBusNamespaceName
}
resource openAi 'Microsoft.CognitiveServices/accounts@2024-10-01' existing = {
  name: openAiAccountName
}
resource vault 'Microsoft.KeyVault/vaults@2023-07-01' existing = {
  name: keyVaultName
}
resource cosmos 'Microsoft.DocumentDB/databaseAccounts@2024-11-15' existing = {
  name: cosmosAccountName
}

resource storageRole 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  scope: storage
  name: guid(storage.id, principalId, roleIds.storageBlobDataOwner)
  properties: {
    principalId: principalId
    principalType: principalType
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roleIds.storageBlobDataOwner)
  }
}

resource serviceBusRole 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  scope: serviceBus
  name: guid(serviceBus.id, principalId, roleIds.serviceBusDataOwner)
  properties: {
    principalId: principalId
    principalType: principalType
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roleIds.serviceBusDataOwner)
  }
}

resource openAiRole 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  scope: openAi
  name: guid(openAi.id, principalId, roleIds.cognitiveServicesOpenAiUser)
  properties: {
    principalId: principalId
    principalType: principalType
    roleDefinitionId: subscriptionResourceId(
      'Microsoft.Authorization/roleDefinitions',
      roleIds.cognitiveServicesOpenAiUser
    )
  }
}

resource keyVaultRole 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  scope: vault
  name: guid(vault.id, principalId, roleIds.keyVaultSecretsUser)
  properties: {
    principalId: principalId
    principalType: principalType
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roleIds.keyVaultSecretsUser)
  }
}

resource keyVaultCryptoRole 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  scope: vault
  name: guid(vault.id, principalId, roleIds.keyVaultCryptoOfficer)
  properties: {
    principalId: principalId
    principalType: principalType
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roleIds.keyVaultCryptoOfficer)
  }
}

resource cosmosRole 'Microsoft.DocumentDB/databaseAccounts/sqlRoleAssignments@2024-11-15' = {
  parent: cosmos
  name: guid(cosmos.id, principalId, cosmosBuiltInDataContributor)
  properties: {
    principalId: principalId
    roleDefinitionId: '${cosmos.id}/sqlRoleDefinitions/${cosmosBuiltInDataContributor}'
    scope: cosmos.id
  }
}

resource openAiSecond 'Microsoft.CognitiveServices/accounts@2024-10-01' existing = if (!empty(openAiSecondAccountName)) {
  name: !empty(openAiSecondAccountName) ? openAiSecondAccountName : 'none'
}

resource openAiSecondRole 'Microsoft.Authorization/roleAssignments@2022-04-01' = if (!empty(openAiSecondAccountName)) {
  scope: openAiSecond
  name: guid(openAiSecond.id, principalId, roleIds.cognitiveServicesOpenAiUser)
  properties: {
    principalId: principalId
    principalType: principalType
    roleDefinitionId: subscriptionResourceId(
      'Microsoft.Authorization/roleDefinitions',
      roleIds.cognitiveServicesOpenAiUser
    )
  }
}
