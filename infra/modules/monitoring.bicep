// Log Analytics and a workspace-based Application Insights: the Functions host and the app's
// OpenTelemetry exporter (functions/src/telemetry.ts) both write here.
param location string
param tags object
param logAnalyticsName string
param appInsightsName string
param retentionInDays int

resource workspace 'Microsoft.OperationalInsights/workspaces@2023-09-01' = {
  name: logAnalyticsName
  location: location
  tags: tags
  properties: {
    sku: { name: 'PerGB2018' }
    retentionInDays: retentionInDays
    // A cap on ingestion, so a log storm cannot run up the bill; raise it with the load (docs/SCALE.md).
    workspaceCapping: { dailyQuotaGb: 2 }
  }
}

resource appInsights 'Microsoft.Insights/components@2020-02-02' = {
  name: appInsightsName
  location: location
  tags: tags
  kind: 'web'
  properties: {
    Application_Type: 'web'
    WorkspaceResourceId: workspace.id
    IngestionMode: 'LogAnalytics'
    RetentionInDays: retentionInDays
  }
}

output appInsightsConnectionString string = appInsights.properties.ConnectionString
output appInsightsName string = appInsights.name
output appInsightsId string = appInsights.id
output workspaceId string = workspace.id
