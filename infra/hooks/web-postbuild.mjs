// azd web postbuild hook (azure.yaml); runs in web/ with the azd environment's values in process.env.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { withApiOrigin } from './web-csp.mjs';

const file = new URL('../../web/dist/staticwebapp.config.json', import.meta.url);
// Written by web-prebuild.mjs for this build only: left behind, a later local `npm run build`
// would point the local SPA at the Azure API.
rmSync(new URL('../../web/.env.production.local', import.meta.url), { force: true });
const apiOrigin = process.env.VITE_API_BASE_URL;
if (!apiOrigin) {
  console.error('VITE_API_BASE_URL is not set: run `azd provision` first (it is an output of infra/main.bicep).');
  process.exit(1);
}
try {
  const config = JSON.parse(readFileSync(file, 'utf8'));
  const updated = withApiOrigin(config, { apiOrigin, authority: process.env.VITE_ENTRA_AUTHORITY || undefined });
  writeFileSync(file, JSON.stringify(updated, null, 2) + '\n');
  console.log(`CSP of ${file.pathname} now admits ${new URL(apiOrigin).origin}.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
