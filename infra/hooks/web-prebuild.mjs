// azd web prebuild hook (azure.yaml); runs in web/ with the azd environment's values in process.env.
// The SPA reads its settings at build time (web/src/config/env.ts), and imports core/dist.
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const settings = ['VITE_API_BASE_URL', 'VITE_ENTRA_CLIENT_ID', 'VITE_ENTRA_API_SCOPE', 'VITE_ENTRA_AUTHORITY'];
const missing = settings.filter((name) => !process.env[name]);
if (missing.length > 0) {
  console.error(`${missing.join(', ')} not set: run \`azd provision\` first (they are outputs of infra/main.bicep).`);
  process.exit(1);
}
const file = new URL('../../web/.env.production.local', import.meta.url);
writeFileSync(
  file,
  '# Written by infra/hooks/web-prebuild.mjs from the azd environment; do not edit or commit.\n' +
    settings.map((name) => `${name}=${process.env[name]}`).join('\n') +
    '\n',
);
console.log(`Wrote ${file.pathname}.`);
execSync('npm run build -w core', { cwd: new URL('../..', import.meta.url), stdio: 'inherit' });
