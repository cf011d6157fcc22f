// azd preprovision hook (azure.yaml): refuses to provision without the Entra app registration's
// settings, and generates the two-factor encryption key once per azd environment (never again:
// a new key would make every enrolled authenticator unreadable; DEPLOY.md "Rotate").
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const problems = [];
if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(process.env.ENTRA_CLIENT_ID ?? '')) {
  problems.push('ENTRA_CLIENT_ID: the application (client) id of the app registration (azd env set ENTRA_CLIENT_ID …)');
}
if (!/^(api:\/\/|https:\/\/)\S+\/access_as_user$/.test(process.env.ENTRA_API_SCOPE ?? '')) {
  problems.push(
    'ENTRA_API_SCOPE: the exposed scope, api://<application id>/access_as_user (azd env set ENTRA_API_SCOPE …)',
  );
}
if (problems.length > 0) {
  console.error(`Set these first (DEPLOY.md step 2):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}

if (!process.env.TFA_ENCRYPTION_KEY) {
  const azd = process.platform === 'win32' ? 'azd.exe' : 'azd';
  execFileSync(azd, ['env', 'set', 'TFA_ENCRYPTION_KEY', randomBytes(32).toString('base64')], { stdio: 'inherit' });
  console.log('Generated TFA_ENCRYPTION_KEY for this environment (kept in .azure/<env>/.env and Key Vault).');
}
