#!/usr/bin/env node
// Creates the first super-administrator in a freshly provisioned environment (DEPLOY.md step 5):
// the default tenant and a local account with the SuperAdmin role, exactly as the local host does
// on its first start (functions/src/services/bootstrap/ensure-first-admin.ts), but against the
// environment's Cosmos DB, signed in as you (`az login`; your user needs the data roles that
// RATKAISU_OPERATOR_PRINCIPAL_ID grants). Does nothing when the store already has users.
//
//   npm run build -w core && npm run build -w functions
//   ADMIN_EMAIL=you@example.fi node infra/scripts/first-admin.mjs      (ADMIN_PASSWORD optional)
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dist = new URL('../../functions/dist/', import.meta.url);
const { loadConfig } = await import(new URL('config.js', dist).href);
const { createDeps, closeDeps } = await import(new URL('composition-root.js', dist).href);
const { ensureFirstAdmin } = await import(new URL('services/bootstrap/ensure-first-admin.js', dist).href);

if (!process.env.ADMIN_EMAIL) {
  console.error(
    "Set ADMIN_EMAIL to the super-administrator's email address (and ADMIN_PASSWORD, or one is generated).",
  );
  process.exit(2);
}
const azd = process.platform === 'win32' ? 'azd.exe' : 'azd';
const values = JSON.parse(execFileSync(azd, ['env', 'get-values', '--output', 'json'], { encoding: 'utf8' }));
for (const name of ['COSMOS_ENDPOINT', 'AZURE_STORAGE_ACCOUNT_URL', 'SERVICE_BUS_NAMESPACE', 'TFA_ENCRYPTION_KEY']) {
  if (!values[name]) {
    console.error(`${name} is not in the azd environment: run \`azd provision\` first.`);
    process.exit(2);
  }
}

const config = loadConfig({
  RATKAISU_ENV: 'production',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ratkaisu-first-admin-')),
  COSMOS_ENDPOINT: values.COSMOS_ENDPOINT,
  AZURE_STORAGE_ACCOUNT_URL: values.AZURE_STORAGE_ACCOUNT_URL,
  ServiceBusConnection__fullyQualifiedNamespace: values.SERVICE_BUS_NAMESPACE,
  TFA_ENCRYPTION_KEY: values.TFA_ENCRYPTION_KEY,
  ADMIN_EMAIL: process.env.ADMIN_EMAIL,
  ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? '',
  LOG_LEVEL: 'warn',
});
const deps = await createDeps(config);
try {
  const outcome = await ensureFirstAdmin(deps);
  if (!outcome.created) {
    console.log('The store already has users: no administrator was created.');
  } else {
    console.log(`Created the super-administrator ${outcome.userName} in the default tenant.`);
    if (outcome.generatedPassword)
      console.log(`Password (shown once; change it after signing in): ${outcome.generatedPassword}`);
    console.log(`Sign in at ${values.WEB_URL ?? 'the web address'}/login with the local account.`);
  }
} finally {
  await closeDeps(deps);
}
