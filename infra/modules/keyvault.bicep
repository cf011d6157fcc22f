// Key Vault for the few secrets left once every service is reached by identity: the key that
// encrypts two-factor secrets at rest, and the mail service's connection string. The Function App
// reads them through Key Vault references in its app settings (role in roles.bicep).
param name string
param location string
param tags object
param purgeProtection bool
@secure()
param tfaEncryptionKey string
@secure()
@description('Stripe secret key; empty: none stored.')
param stripeSecretKey string
@secure()
@description('The Stripe webhook endpoint\'s signing secret; empty: none stored.')
param stripeWebhookSecret string
@description('The Communication Services resource whose connection string is stored; empty: none.')
param communicationServiceName string

resource vault 'Microsoft.KeyVault/vaults@2023-07-01' = {
  name: name
  location: location
  tags: tags
  properties: {
    tenantId: subscription().tenantId
    sku: { family: 'A', name: 'standard' }
    enableRbacAuthorization: true
    enableSoftDelete: true
    softDeleteRetentionInDays: 90
    // null, not false: once on, purge protection cannot be switched off again.
    enablePurgeProtection: purgeProtection ? true : null
    publicNetworkAccess: 'Enabled'
  }
}

resource tfaKey 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = {
  parent: vault
  name: 'tfa-encryption-key'
  properties: { value: tfaEncryptionKey, contentType: 'base64 of 32 bytes' }
}

resource mailConnection 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = if (!empty(communicationServiceName)) {
  parent: vault
  name: 'mail-connection-string'
  properties: {
    value: listKeys(
      resourceId('Microsoft.Communication/communicationServices', communicationServiceName),
      '2023-04-01'
    ).primaryConnectionString
  }
}

// Card payments through Stripe Checkout (docs/fees.md), when its keys are given.
resource stripeKey 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = if (!empty(stripeSecretKey)) {
  parent: vault
  name: 'stripe-secret-key'
  properties: { value: stripeSecretKey }
}

resource stripeWebhook 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = if (!empty(stripeWebhookSecret)) {
  parent: vault
  name: 'stripe-webhook-secret'
  properties: { value: stripeWebhookSecret }
}

// PDF signatures (docs/signing.md): the signing CA's key and the service seal's key, EC P-256, never
// exportable; the app issues the CA's certificate over this key at first start. Arbitrators' keys are made
// by the app in the same vault when each accepts an appointment. An organisation's own CA: its key here,
// named by SIGNING_CA_KEY_NAME, its certificate given as SIGNING_CA_CERT_FILE.
resource signingCaKey 'Microsoft.KeyVault/vaults/keys@2023-07-01' = {
  parent: vault
  name: 'signing-ca'
  properties: { kty: 'EC', curveName: 'P-256', keyOps: ['sign', 'verify'], attributes: { exportable: false } }
}

resource signingSealKey 'Microsoft.KeyVault/vaults/keys@2023-07-01' = {
  parent: vault
  name: 'signing-seal'
  properties: { kty: 'EC', curveName: 'P-256', keyOps: ['sign', 'verify'], attributes: { exportable: false } }
}

output name string = vault.name
output uri string = vault.properties.vaultUri
output tfaKeySecretUri string = tfaKey.properties.secretUri
output stripeSecretKeyUri string = !empty(stripeSecretKey) ? stripeKey!.properties.secretUri : ''
output stripeWebhookSecretUri string = !empty(stripeWebhookSecret) ? stripeWebhook!.properties.secretUri : ''
output mailConnectionSecretUri string = !empty(communicationServiceName) ? mailConnection!.properties.secretUri : ''
