// The SPA. Its routes and security headers are web/public/staticwebapp.config.json, deployed with the
// build; azd's web postbuild hook (infra/hooks/web-postbuild.mjs) adds the API origin to its CSP.
param name string
param location string
param tags object
@allowed(['Free', 'Standard'])
param sku string

resource site 'Microsoft.Web/staticSites@2024-04-01' = {
  name: name
  location: location
  tags: union(tags, { 'azd-service-name': 'web' })
  sku: { name: sku, tier: sku }
  properties: {
    // Deployed by azd from the local build, not by a GitHub workflow.
    provider: 'Custom'
    allowConfigFileUpdates: true
    stagingEnvironmentPolicy: 'Disabled'
  }
}

output name string = site.name
output url string = 'https://${site.properties.defaultHostname}'
