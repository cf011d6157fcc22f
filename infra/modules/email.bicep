// Mail (account confirmation, password reset, case notices) through Azure Communication Services
// Email with an Azure-managed sender domain (DoNotReply@<guid>.azurecomm.net). For your own domain,
// add a CustomerManagedDomain and verify its DNS records (DEPLOY.md "Mail").
param communicationServiceName string
param emailServiceName string
param dataLocation string
param tags object

resource emailService 'Microsoft.Communication/emailServices@2023-04-01' = {
  name: emailServiceName
  location: 'global'
  tags: tags
  properties: { dataLocation: dataLocation }
}

resource domain 'Microsoft.Communication/emailServices/domains@2023-04-01' = {
  parent: emailService
  name: 'AzureManagedDomain'
  location: 'global'
  tags: tags
  properties: {
    domainManagement: 'AzureManaged'
    userEngagementTracking: 'Disabled'
  }
}

resource communication 'Microsoft.Communication/communicationServices@2023-04-01' = {
  name: communicationServiceName
  location: 'global'
  tags: tags
  properties: {
    dataLocation: dataLocation
    linkedDomains: [domain.id]
  }
}

output name string = communication.name
output senderAddress string = 'DoNotReply@${domain.properties.mailFromSenderDomain}'
