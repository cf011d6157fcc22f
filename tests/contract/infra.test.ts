import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extendCsp, withApiOrigin } from '../../infra/hooks/web-csp.mjs';
import { loadConfig, SETTING_NAMES } from '../../functions/src/config.js';
import { securityHeaders } from '../../functions/src/local/static-files.js';
import { BLOB_CONTAINERS, WRITE_ONCE_CONTAINERS } from '../../functions/src/ports/blobs.js';
import { QUEUE_NAMES } from '../../functions/src/ports/queue.js';
import { COLLECTIONS } from '../../functions/src/ports/store.js';
import { textCacheName } from '../../functions/src/services/documents/load-document-text.js';
import { JOB_LEASE_MS, MAX_JOB_ATTEMPTS } from '../../functions/src/services/jobs/job-document.js';
import { JOB_QUEUES } from '../../functions/src/records/job-queues.js';
import { STALE_LEASE_MS } from '../../functions/src/services/jobs/sweep-stale-jobs.js';
import { timers } from '../../functions/src/timers.js';
import { workers } from '../../functions/src/workers.js';

/**
 * Holds the code and the infrastructure together: the Bicep compiler is not
 * available here, so the Bicep files are read as text, in the simple shapes
 * they are written in (one `name: value` per line, string lists one per line).
 */

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

const mainBicep = read('infra/main.bicep');
const functionAppBicep = read('infra/modules/functionapp.bicep');
const cosmosBicep = read('infra/modules/cosmos.bicep');
const storageBicep = read('infra/modules/storage.bicep');
const serviceBusBicep = read('infra/modules/servicebus.bicep');
const rolesBicep = read('infra/modules/roles.bicep');

/** The lines of the `{ … }` or `[ … ]` block opened on the line that contains `opening`. */
function block(source: string, opening: string): string[] {
  const lines = source.split('\n');
  const start = lines.findIndex((line) => line.includes(opening));
  if (start < 0) throw new Error(`No "${opening}" in the Bicep source.`);
  const indent = /^\s*/.exec(lines[start]!)![0].length;
  const end = lines.findIndex(
    (line, index) => index > start && /^\s*[}\]]/.test(line) && /^\s*/.exec(line)![0].length === indent,
  );
  return lines.slice(start + 1, end);
}

/** `name: value` entries of an object block; a value continued on deeper-indented lines is joined with spaces. */
function entries(lines: string[]): Map<string, string> {
  const code = lines.filter((line) => line.trim() && !line.trim().startsWith('//'));
  const indent = Math.min(...code.map((line) => /^\s*/.exec(line)![0].length));
  const out = new Map<string, string>();
  let current: string | undefined;
  for (const line of code) {
    const match = /^(\s*)([A-Za-z_][A-Za-z0-9_]*):\s*(.*)$/.exec(line);
    if (match && match[1]!.length === indent) {
      current = match[2]!;
      out.set(current, match[3]!.trim());
    } else if (current) {
      out.set(current, `${out.get(current)} ${line.trim()}`.trim());
    }
  }
  return out;
}

/** The `name: '…'` values of a list of objects, or the `'…'` items of a list of strings. */
function names(lines: string[]): string[] {
  return lines.flatMap((line) => {
    const match = /name:\s*'([^']+)'/.exec(line) ?? /^\s*'([^']+)'\s*$/.exec(line);
    return match ? [match[1]!] : [];
  });
}

const appSettings = new Map([
  ...entries(block(functionAppBicep, 'var hostSettings = {')),
  ...entries(block(mainBicep, 'appSettings: {')),
]);

/** A value of the right shape for a setting whose Bicep value is an expression (an output, a Key Vault reference). */
function sampleValue(name: string, bicepValue: string): string {
  const literal = /^'([^'$]*)'$/.exec(bicepValue);
  if (literal) return literal[1]!;
  if (name === 'TFA_ENCRYPTION_KEY') return randomBytes(32).toString('base64');
  if (name === 'ENTRA_CLIENT_ID') return randomUUID();
  if (name === 'ENTRA_API_SCOPE') return `api://${randomUUID()}/access_as_user`;
  if (name === 'MAIL_FROM') return 'DoNotReply@0000.azurecomm.net';
  if (name === 'ServiceBusConnection__fullyQualifiedNamespace') return 'sb-x.servicebus.windows.net';
  if (/_ENDPOINT$|_URL$|_AUTHORITY$|^CORS_ORIGINS$/.test(name)) return 'https://example.azure.test/';
  if (name === 'COSMOS_DATABASE') return 'ratkaisu';
  if (name === 'ENTRA_API_AUDIENCE') return '';
  // `string(openAiCapacity * …)`: the default capacity of 100.
  if (name === 'MODEL_TPM') return '100000';
  if (name === 'MODEL_RPM') return '600';
  // `string(recordsImmutabilityDays)`: the parameter's default.
  if (name === 'WRITE_ONCE_RETENTION_DAYS') return /param recordsImmutabilityDays int = (\d+)/.exec(mainBicep)![1]!;
  // openAiSecondCapacity is 0 by default: no second deployment.
  if (name === 'MODEL_DEPLOYMENTS') return '';
  return 'set-by-infra';
}

describe('the Function App settings in infra/', () => {
  it('name only settings the code reads (or the Functions host itself)', () => {
    const hostOwn = ['AzureWebJobsStorage__accountName'];
    const unknown = [...appSettings.keys()].filter((name) => !SETTING_NAMES.includes(name) && !hostOwn.includes(name));
    expect(unknown).toEqual([]);
  });

  it('are enough for config.ts to start in production with every Azure adapter, by identity', () => {
    const env = Object.fromEntries([...appSettings].map(([name, value]) => [name, sampleValue(name, value)]));
    const config = loadConfig(env);

    expect(config.environment).toBe('production');
    expect(config.store).toMatchObject({ kind: 'cosmos', endpoint: expect.any(String), key: undefined });
    expect(config.store.kind === 'cosmos' && config.store.connectionString).toBeFalsy();
    expect(config.blobs).toMatchObject({ kind: 'azure-blob', accountUrl: expect.any(String) });
    expect(config.blobs.kind === 'azure-blob' && config.blobs.connectionString).toBeFalsy();
    expect(config.queue).toMatchObject({ kind: 'service-bus', fullyQualifiedNamespace: expect.any(String) });
    expect(config.queue.kind === 'service-bus' && config.queue.connectionString).toBeFalsy();
    expect(config.model).toMatchObject({ kind: 'azure-openai', apiKey: undefined, deployment: expect.any(String) });
    expect(config.mailer.kind).toBe('azure-communication');
    expect(config.entra).toMatchObject({ clientId: expect.any(String), apiScope: expect.any(String) });
    expect(config.secrets.tfaKey).toHaveLength(32);
    expect(config.signing.keys).toMatchObject({ kind: 'key-vault', vaultUrl: expect.any(String) });
    expect(config.telemetry.connectionString).toBeTruthy();
    expect(config.corsOrigins).toHaveLength(1);
  });

  it('declare a second model deployment in the shape config.ts reads, when openAiSecondCapacity asks for one', () => {
    const from = mainBicep.indexOf('MODEL_DEPLOYMENTS:');
    const declared = mainBicep.slice(mainBicep.indexOf('string([', from), mainBicep.indexOf('])', from));
    const fields = Object.fromEntries(
      [...declared.matchAll(/^\s*([a-zA-Z]+): (.+)$/gmu)].map(([, key, value]) => [key!, value!.trim()]),
    );
    expect(Object.keys(fields).sort()).toEqual([
      'apiVersion',
      'deployment',
      'endpoint',
      'name',
      'priority',
      'rpm',
      'tpm',
    ]);
    // As Bicep's string() writes it for a capacity of 50 (thousands of tokens a minute).
    const sample = JSON.stringify([
      {
        name: 'second',
        endpoint: 'https://oai-2.openai.azure.com/',
        deployment: 'gpt-4o',
        apiVersion: '2024-10-21',
        tpm: 50_000,
        rpm: 300,
        priority: 1,
      },
    ]);
    const env = Object.fromEntries([...appSettings].map(([name, value]) => [name, sampleValue(name, value)]));
    const config = loadConfig({ ...env, MODEL_DEPLOYMENTS: sample });
    expect(config.modelBudget.deployments).toEqual([
      expect.objectContaining({
        name: 'second',
        tokensPerWindow: 50_000,
        requestsPerWindow: 300,
        priority: 1,
        model: expect.objectContaining({ kind: 'azure-openai', deployment: 'gpt-4o' }),
      }),
    ]);
    expect(config.modelBudget.deployments![0]!.model.apiKey).toBeUndefined();
    expect(rolesBicep).toContain('openAiSecondAccountName');
  });

  it('carry no keys: secrets come from Key Vault references', () => {
    for (const keyed of [
      'COSMOS_KEY',
      'COSMOS_CONNECTION_STRING',
      'AZURE_STORAGE_CONNECTION_STRING',
      'ServiceBusConnection',
      'AZURE_OPENAI_API_KEY',
      'OPENAI_API_KEY',
    ]) {
      expect(appSettings.has(keyed), keyed).toBe(false);
    }
    for (const secret of ['TFA_ENCRYPTION_KEY', 'ACS_EMAIL_CONNECTION_STRING']) {
      expect(appSettings.get(secret), secret).toMatch(/@Microsoft\.KeyVault\(SecretUri=/);
    }
  });

  it('use the Cosmos database name the code defaults to', () => {
    const config = loadConfig({ COSMOS_ENDPOINT: 'https://example.azure.test/' });
    expect(config.store.kind === 'cosmos' && config.store.database).toBe(
      /param databaseName string = '([^']+)'/.exec(cosmosBicep)![1],
    );
    expect(appSettings.get('COSMOS_DATABASE')).toBe('cosmos.outputs.databaseName');
  });

  it('are not the ones Flex Consumption forbids, and the runtime is Node 20 or 22', () => {
    for (const forbidden of ['FUNCTIONS_WORKER_RUNTIME', 'FUNCTIONS_EXTENSION_VERSION', 'WEBSITE_RUN_FROM_PACKAGE']) {
      expect(appSettings.has(forbidden), forbidden).toBe(false);
    }
    expect(functionAppBicep).toMatch(/name: 'FC1'/);
    expect(functionAppBicep).toMatch(/runtime: \{ name: 'node', version: nodeVersion \}/);
    expect(mainBicep).toMatch(/@allowed\(\['20', '22'\]\)\nparam nodeVersion string/);
    expect(functionAppBicep).toMatch(/identity: \{ type: 'SystemAssigned' \}/);
    expect(functionAppBicep).toMatch(/supportCredentials: true/);
  });
});

describe('the resources the code uses exist in infra/', () => {
  it('a Cosmos container for every store collection, partitioned on /pk, with ttl allowed', () => {
    expect(names(block(cosmosBicep, 'var containers = [')).sort()).toEqual([...COLLECTIONS].sort());
    expect(cosmosBicep).toMatch(/partitionKey: \{ paths: \['\/pk'\], kind: 'Hash', version: 2 \}/);
    expect(cosmosBicep).toMatch(/defaultTtl: -1/);
    expect(cosmosBicep).toMatch(/EnableServerless/);
    expect(cosmosBicep).toMatch(/disableLocalAuth: true/);
    expect(cosmosBicep).toMatch(/type: 'Continuous'/);
  });

  it('Cosmos DB keeps 30 days of continuous backup (point-in-time restore, docs/operations.md)', () => {
    expect(cosmosBicep).toMatch(
      /backupPolicy: \{ type: 'Continuous', continuousModeProperties: \{ tier: 'Continuous30Days' \} \}/,
    );
  });

  it('the write-once containers are immutable per version, with versioning and soft delete on', () => {
    expect(names(block(storageBicep, 'var writeOnceContainers = [')).sort()).toEqual([...WRITE_ONCE_CONTAINERS].sort());
    const blobService = entries(
      block(storageBicep, "resource blobService 'Microsoft.Storage/storageAccounts/blobServices@"),
    );
    expect(blobService.get('properties')).toContain('isVersioningEnabled: true');
    expect(blobService.get('properties')).toMatch(/deleteRetentionPolicy: \{ enabled: true, days: softDeleteDays \}/);
    expect(storageBicep).toMatch(
      /immutableStorageWithVersioning: \{ enabled: contains\(writeOnceContainers, container\) \}/,
    );

    const policy = entries(block(storageBicep, "resource recordsImmutability '"));
    expect(policy.get('parent')).toContain(`'records'`);
    expect(policy.get('properties')).toContain('immutabilityPeriodSinceCreationInDays: recordsImmutabilityDays');
    expect(policy.get('properties')).toContain('allowProtectedAppendWrites: false');
    // Old versions are pruned everywhere except in the write-once container, whose versions are its records.
    const versionPrefixes = [...storageBicep.matchAll(/prefixMatch: \[([^\]]*)\]/g)].at(-1)![1]!;
    for (const container of BLOB_CONTAINERS) {
      if (WRITE_ONCE_CONTAINERS.includes(container)) expect(versionPrefixes).not.toContain(`'${container}/'`);
      else expect(versionPrefixes).toContain(`'${container}/'`);
    }
    expect(storageBicep).toMatch(/sku: \{ name: 'Standard_GZRS' \}/);
  });

  it('the app dates write-once records as long as the container keeps them', () => {
    expect(appSettings.get('WRITE_ONCE_RETENTION_DAYS')).toBe('string(recordsImmutabilityDays)');
    expect(mainBicep).toMatch(/recordsImmutabilityDays: recordsImmutabilityDays/);
    const bicepDefault = /param recordsImmutabilityDays int = (\d+)/.exec(mainBicep)![1];
    expect(/param recordsImmutabilityDays int = (\d+)/.exec(storageBicep)![1]).toBe(bicepDefault);
    expect(loadConfig({}).writeOnceRetentionDays).toBe(Number(bicepDefault));
  });

  it('a blob container for every BLOB_CONTAINERS entry, private, and the anonymous uploads expire', () => {
    expect(names(block(storageBicep, 'var appContainers = [')).sort()).toEqual([...BLOB_CONTAINERS].sort());
    expect(storageBicep).toMatch(/allowSharedKeyAccess: false/);
    expect(storageBicep).toMatch(/allowBlobPublicAccess: false/);
    const textPrefix = textCacheName({ container: 'anonymous', blobName: 'x.pdf' }).split('/')[0];
    const prefixes = /prefixMatch: \[([^\]]*)\]/.exec(storageBicep)![1]!;
    expect(prefixes).toContain(`'anonymous/'`);
    expect(prefixes).toContain(`'text/${textPrefix}/'`);
    expect(storageBicep).toMatch(/daysAfterModificationGreaterThan: 1\b/);
  });

  it('a Service Bus queue for every QUEUE_NAMES entry, with a lock that outlasts the job lease', () => {
    expect(names(block(serviceBusBicep, 'var queues = [')).sort()).toEqual([...QUEUE_NAMES].sort());
    for (const worker of workers) expect(QUEUE_NAMES).toContain(worker.queue);
    for (const queue of Object.values(JOB_QUEUES)) expect(QUEUE_NAMES).toContain(queue);

    const lockMs = isoDurationMs(/lockDuration: '([^']+)'/.exec(serviceBusBicep)![1]!);
    expect(lockMs).toBeGreaterThan(JOB_LEASE_MS);
    expect(lockMs).toBeLessThanOrEqual(5 * 60_000);
    const duplicateWindowMs = isoDurationMs(
      /duplicateDetectionHistoryTimeWindow: '([^']+)'/.exec(serviceBusBicep)![1]!,
    );
    expect(STALE_LEASE_MS).toBeGreaterThan(duplicateWindowMs + lockMs);
    expect(Number(/maxDeliveryCount: (\d+)/.exec(serviceBusBicep)![1])).toBeGreaterThanOrEqual(MAX_JOB_ATTEMPTS);
    expect(serviceBusBicep).toMatch(/disableLocalAuth: true/);
  });

  it('the identity has the data-plane roles it needs on each service', () => {
    for (const role of [
      'b7e6dc6d-f1e8-4753-8033-0f276bb0955b', // Storage Blob Data Owner
      '090c5cfd-751d-490a-894a-3ce6f1109419', // Azure Service Bus Data Owner
      '5e0bd9bd-7b93-4f28-af87-19fc36ad61bd', // Cognitive Services OpenAI User
      '4633458b-17de-408a-b874-0445c86b69e6', // Key Vault Secrets User
      '00000000-0000-0000-0000-000000000002', // Cosmos DB Built-in Data Contributor
    ]) {
      expect(rolesBicep).toContain(role);
    }
    expect(rolesBicep).toMatch(/sqlRoleAssignments/);
  });

  it('main.parameters.json is JSON and gives every parameter that has no default', () => {
    const parameters = JSON.parse(read('infra/main.parameters.json')) as { parameters: Record<string, unknown> };
    const required = [...mainBicep.matchAll(/^param (\w+) \w+\s*$/gm)].map((match) => match[1]!);
    expect(required.length).toBeGreaterThan(0);
    for (const name of required) expect(Object.keys(parameters.parameters), name).toContain(name);
    for (const name of Object.keys(parameters.parameters))
      expect(mainBicep).toMatch(new RegExp(`^param ${name} `, 'm'));
  });

  it('outputs the settings the web build reads', () => {
    for (const output of [
      'VITE_API_BASE_URL',
      'VITE_ENTRA_CLIENT_ID',
      'VITE_ENTRA_API_SCOPE',
      'VITE_ENTRA_AUTHORITY',
    ]) {
      expect(mainBicep).toMatch(new RegExp(`^output ${output} string = `, 'm'));
    }
  });
});

describe('the Functions host path', () => {
  const hostJson = JSON.parse(read('host.json')) as {
    functionTimeout: string;
    extensions: { http: { routePrefix: string }; serviceBus: { maxAutoLockRenewalDuration: string } };
  };

  it('local.settings.example.json lists every setting config.ts reads, and nothing else of ours', () => {
    const values = (JSON.parse(read('local.settings.example.json')) as { Values: Record<string, string> }).Values;
    const hostOwn = ['FUNCTIONS_WORKER_RUNTIME', 'AzureWebJobsStorage', 'AzureWebJobsFeatureFlags'];
    // Only the local host reads these; under `func start` the Functions host owns the port and serves no SPA.
    const localHostOnly = ['PORT', 'HOST', 'WEB_DIST_DIR', 'AZURITE_BLOB_PORT'];
    expect(SETTING_NAMES.filter((name) => !(name in values) && !localHostOnly.includes(name))).toEqual([]);
    expect(Object.keys(values).filter((name) => !SETTING_NAMES.includes(name) && !hostOwn.includes(name))).toEqual([]);
  });

  it('package.json main is the compiled entry', () => {
    expect((JSON.parse(read('package.json')) as { main: string }).main).toBe('functions/dist/index.js');
  });

  it('host.json lets a 20-minute generation finish, and renews the message lock for all of it', () => {
    const timeoutMs = timeSpanMs(hostJson.functionTimeout);
    expect(timeoutMs).toBeGreaterThanOrEqual(30 * 60_000);
    expect(timeSpanMs(hostJson.extensions.serviceBus.maxAutoLockRenewalDuration)).toBeGreaterThan(timeoutMs);
    expect(hostJson.extensions.http.routePrefix).toBe('');
  });

  it('every timer has a six-field NCRONTAB schedule and a local interval', () => {
    expect(timers.map((timer) => timer.name)).toContain('sweepStaleJobs');
    for (const timer of timers) {
      expect(timer.schedule.split(' '), timer.name).toHaveLength(6);
      expect(timer.intervalMs).toBeGreaterThan(0);
    }
  });
});

describe('web/public/staticwebapp.config.json', () => {
  const config = JSON.parse(read('web/public/staticwebapp.config.json')) as {
    navigationFallback: { rewrite: string; exclude: string[] };
    globalHeaders: Record<string, string>;
    routes: Array<{ route: string; rewrite?: string }>;
  };
  const headers = config.globalHeaders;
  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .find(([directiveName]) => directiveName === name)
      ?.slice(1);

  it('sends the security headers', () => {
    expect(headers['Strict-Transport-Security']).toMatch(/max-age=(\d{8,}|3153\d{4})/);
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    const csp = headers['Content-Security-Policy']!;
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'https://login.microsoftonline.com']);
    expect(directive(csp, 'default-src')).toEqual(["'self'"]);
  });

  it('has the same CSP the local host sends, so both behave alike', () => {
    expect(headers['Content-Security-Policy']).toBe(securityHeaders([])['Content-Security-Policy']);
  });

  it('serves the SPA for its routes, the legal pages, and access-denied.html as a file', () => {
    expect(config.navigationFallback.rewrite).toBe('/index.html');
    expect(config.navigationFallback.exclude).toContain('/access-denied.html');
    for (const page of ['/terms-of-service', '/compliance-policy', '/dpa', '/cookie', '/eula', '/privacy-policy']) {
      expect(config.routes.find((route) => route.route === page)?.rewrite, page).toBe('/index.html');
    }
    expect(readFileSync(new URL('web/public/access-denied.html', root), 'utf8')).toContain('<html');
  });

  it('gets only the API origin (and a custom sign-in host) added at deployment', () => {
    const deployed = withApiOrigin(config, { apiOrigin: 'https://func-abc.azurewebsites.net/' });
    const csp = deployed.globalHeaders['Content-Security-Policy']!;
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'https://login.microsoftonline.com',
      'https://func-abc.azurewebsites.net',
    ]);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);

    const custom = extendCsp(headers['Content-Security-Policy']!, {
      apiOrigin: 'https://api.example.fi',
      authority: 'https://example.ciamlogin.com/tenant',
    });
    expect(directive(custom, 'connect-src')).toContain('https://example.ciamlogin.com');
    expect(directive(custom, 'frame-src')).toContain('https://example.ciamlogin.com');
    expect(() => extendCsp(headers['Content-Security-Policy']!, { apiOrigin: 'http://api.example.fi' })).toThrow(
      /https/,
    );
  });
});

/** `PT1M`, `PT10M`, `PT30S`, `P1D` in milliseconds. */
function isoDurationMs(value: string): number {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(value);
  if (!match) throw new Error(`Not an ISO 8601 duration: ${value}`);
  const [, d = '0', h = '0', m = '0', s = '0'] = match;
  return ((Number(d) * 24 + Number(h)) * 60 + Number(m)) * 60_000 + Number(s) * 1000;
}

/** `01:15:00` in milliseconds. */
function timeSpanMs(value: string): number {
  const [h, m, s] = value.split(':').map(Number);
  return ((h! * 60 + m!) * 60 + s!) * 1000;
}

describe('the production web build', () => {
  it('emits no source maps unless RATKAISU_SOURCEMAP=1 asks for a local one', async () => {
    const saved = process.env.RATKAISU_SOURCEMAP;
    delete process.env.RATKAISU_SOURCEMAP;
    try {
      const { default: config } = await import('../../web/vite.config.js');
      expect(config.build?.sourcemap).toBe(false);
    } finally {
      if (saved !== undefined) process.env.RATKAISU_SOURCEMAP = saved;
    }
  });
});
