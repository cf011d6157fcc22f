// Azure OpenAI with one model deployment. Keys are off: the Function App calls it with its
// identity (role in roles.bicep). Capacity is the deployment's tokens-per-minute quota in
// thousands, which bounds decisions per hour (docs/SCALE.md).
param name string
param location string
param tags object
param deploymentName string
param modelName string
param modelVersion string
param deploymentSku string
param capacity int

resource account 'Microsoft.CognitiveServices/accounts@2024-10-01' = {
  name: name
  location: location
  tags: tags
  kind: 'OpenAI'
  sku: { name: 'S0' }
  properties: {
    customSubDomainName: name
    disableLocalAuth: true
    publicNetworkAccess: 'Enabled'
  }
}

resource deployment 'Microsoft.CognitiveServices/accounts/deployments@2024-10-01' = {
  parent: account
  name: deploymentName
  sku: { name: deploymentSku, capacity: capacity }
  properties: {
    model: { format: 'OpenAI', name: modelName, version: modelVersion }
    // Pinned, but moved on by Azure when the version retires, rather than the deployment stopping.
    versionUpgradeOption: 'OnceCurrentVersionExpired'
    raiPolicyName: 'Microsoft.DefaultV2'
  }
}

output name string = account.name
output endpoint string = account.properties.endpoint
output deploymentName string = deployment.name
