import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

// A well-formed second-factor key, which production requires.
const KEY = Buffer.alloc(32, 7).toString('base64');

describe('loadConfig', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(7071);
    expect(config.dataDir).toBe(path.resolve('.data'));
    expect(config.store).toEqual({ kind: 'sqlite', file: path.resolve('.data', 'ratkaisu.db') });
    expect(config.blobs.kind).toBe('azurite');
    expect(config.queue.kind).toBe('in-process');
    expect(config.model.kind).toBe('offline');
    expect(config.mailer.kind).toBe('outbox');
    expect(config.entra).toBeUndefined();
  });

  it('treats empty values as unset, as local.settings.json lists them', () => {
    expect(loadConfig({ PORT: '', LOG_LEVEL: '', COSMOS_ENDPOINT: '' }).store.kind).toBe('sqlite');
  });

  it('chooses each Azure adapter from its settings, managed identity when no key is given', () => {
    const config = loadConfig({
      COSMOS_ENDPOINT: 'https://acct.documents.azure.com:443/',
      AZURE_STORAGE_ACCOUNT_URL: 'https://acct.blob.core.windows.net',
      ServiceBusConnection__fullyQualifiedNamespace: 'ns.servicebus.windows.net',
      AZURE_OPENAI_ENDPOINT: 'https://oai.openai.azure.com',
      AZURE_OPENAI_DEPLOYMENT: 'gpt',
    });
    expect(config.store).toMatchObject({
      kind: 'cosmos',
      endpoint: 'https://acct.documents.azure.com:443/',
      key: undefined,
    });
    expect(config.blobs).toMatchObject({ kind: 'azure-blob', accountUrl: 'https://acct.blob.core.windows.net' });
    expect(config.queue).toMatchObject({ kind: 'service-bus', fullyQualifiedNamespace: 'ns.servicebus.windows.net' });
    expect(config.model).toMatchObject({ kind: 'azure-openai', deployment: 'gpt', apiKey: undefined });
  });

  it('uses an OpenAI-compatible endpoint when one is configured', () => {
    const config = loadConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:9999/v1', OPENAI_MODEL: 'm' });
    expect(config.model).toMatchObject({ kind: 'openai-compatible', baseURL: 'http://127.0.0.1:9999/v1', model: 'm' });
  });

  it('names every bad setting', () => {
    const failure = (() => {
      try {
        loadConfig({ PORT: 'eighty', ADMIN_EMAIL: 'not-an-email', OPENAI_BASE_URL: 'nope' });
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(ConfigError);
    const message = (failure as ConfigError).message;
    expect(message).toContain('PORT');
    expect(message).toContain('ADMIN_EMAIL');
    expect(message).toContain('OPENAI_BASE_URL');
  });

  it('gives each phase PHASE_DUE_DAYS days, 14 unless set, 1 to 365', () => {
    expect(loadConfig({}).cases.phaseDueDays).toBe(14);
    expect(loadConfig({ PHASE_DUE_DAYS: '30' }).cases.phaseDueDays).toBe(30);
    for (const bad of ['0', '366', '7.5', 'two weeks']) {
      expect(() => loadConfig({ PHASE_DUE_DAYS: bad }), bad).toThrow(/PHASE_DUE_DAYS/);
    }
  });

  it('lightens password hashing and widens the second-factor window only in test runs', () => {
    const defaults = loadConfig({}).accounts;
    expect(defaults.passwordHashCost).toBe('owasp');
    expect(defaults.totpWindowSteps).toBe(1);
    const test = loadConfig({ RATKAISU_ENV: 'test', PASSWORD_HASH_COST: 'test', TOTP_WINDOW_STEPS: '20' }).accounts;
    expect(test).toMatchObject({ passwordHashCost: 'test', totpWindowSteps: 20 });
    for (const env of ['local', 'production']) {
      expect(() => loadConfig({ RATKAISU_ENV: env, PASSWORD_HASH_COST: 'test', TFA_ENCRYPTION_KEY: KEY })).toThrow(
        /PASSWORD_HASH_COST: only owasp outside test runs/,
      );
      expect(() => loadConfig({ RATKAISU_ENV: env, TOTP_WINDOW_STEPS: '2', TFA_ENCRYPTION_KEY: KEY })).toThrow(
        /TOTP_WINDOW_STEPS: only 1 outside test runs/,
      );
    }
  });

  it('reads the model budget: a minute of 100,000 tokens and 600 requests unless set, 10 ahead of the public generator', () => {
    expect(loadConfig({}).modelBudget).toEqual({
      tokensPerWindow: 100_000,
      requestsPerWindow: 600,
      windowMs: 60_000,
      anonymousMaxAhead: 10,
    });
    expect(
      loadConfig({
        MODEL_TPM: '2000000',
        MODEL_RPM: '12000',
        MODEL_BUDGET_WINDOW_SECONDS: '1',
        ANONYMOUS_MAX_QUEUE_AHEAD: '0',
      }).modelBudget,
    ).toEqual({ tokensPerWindow: 2_000_000, requestsPerWindow: 12_000, windowMs: 1_000, anonymousMaxAhead: 0 });
    for (const [name, bad] of [
      ['MODEL_TPM', '999'],
      ['MODEL_RPM', '0'],
      ['MODEL_BUDGET_WINDOW_SECONDS', '0.5'],
      ['ANONYMOUS_MAX_QUEUE_AHEAD', '-1'],
    ] as const) {
      expect(() => loadConfig({ [name]: bad }), `${name}=${bad}`).toThrow(new RegExp(name));
    }
  });

  it('reads further model deployments from MODEL_DEPLOYMENTS; the old settings stay the default one', () => {
    const base = {
      AZURE_OPENAI_ENDPOINT: 'https://oai-fi.openai.azure.com',
      AZURE_OPENAI_DEPLOYMENT: 'gpt-4o',
      MODEL_TPM: '100000',
    };
    // Without it: the default deployment alone, as before.
    expect(loadConfig(base).modelBudget.deployments).toBeUndefined();
    const config = loadConfig({
      ...base,
      AZURE_OPENAI_API_KEY: 'default-key',
      SWEDEN_KEY: 'sweden-key',
      MODEL_DEPLOYMENTS: JSON.stringify([
        { name: 'default', priority: 2 },
        {
          name: 'sweden',
          endpoint: 'https://oai-se.openai.azure.com',
          deployment: 'gpt-4o',
          tpm: 200_000,
          rpm: 1_200,
          priority: 1,
          apiKeySetting: 'SWEDEN_KEY',
        },
        { name: 'local', baseURL: 'http://127.0.0.1:8000/v1', model: 'llama', tpm: 50_000, rpm: 60 },
      ]),
    });
    expect(config.model).toMatchObject({ kind: 'azure-openai', endpoint: 'https://oai-fi.openai.azure.com' });
    expect(config.modelBudget.defaultPriority).toBe(2);
    expect(config.modelBudget.deployments).toEqual([
      {
        name: 'sweden',
        model: expect.objectContaining({
          kind: 'azure-openai',
          endpoint: 'https://oai-se.openai.azure.com',
          apiKey: 'sweden-key',
          apiVersion: '2024-10-21',
        }),
        tokensPerWindow: 200_000,
        requestsPerWindow: 1_200,
        priority: 1,
      },
      {
        name: 'local',
        model: expect.objectContaining({
          kind: 'openai-compatible',
          baseURL: 'http://127.0.0.1:8000/v1',
          model: 'llama',
        }),
        tokensPerWindow: 50_000,
        requestsPerWindow: 60,
        priority: 1,
      },
    ]);
  });

  it('refuses a MODEL_DEPLOYMENTS it cannot use at start-up, naming the entry and what is wrong', () => {
    const base = { OPENAI_BASE_URL: 'http://127.0.0.1:1/v1', OPENAI_MODEL: 'm' };
    const problem = (value: string, env: Record<string, string> = base) => {
      try {
        loadConfig({ ...env, MODEL_DEPLOYMENTS: value });
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(problem('[{"name":"x"')).toMatch(/MODEL_DEPLOYMENTS: must be a JSON array of deployments/);
    expect(problem('[{"name":"x","tpm":1000,"rpm":1}]', {})).toMatch(/MODEL_DEPLOYMENTS: needs a default deployment/);
    expect(problem('[{"name":"x","tpm":1000,"rpm":1}]')).toMatch(
      /MODEL_DEPLOYMENTS\[0\]: needs "endpoint" and "deployment"/,
    );
    expect(problem('[{"name":"x","baseURL":"http://h/v1","model":"m","tpm":10,"rpm":1}]')).toMatch(
      /MODEL_DEPLOYMENTS\[0\]\["tpm"\]/,
    );
    expect(problem('[{"name":"x","baseURL":"http://h/v1","model":"m","tpm":1000,"rpm":1,"key":"secret"}]')).toMatch(
      /MODEL_DEPLOYMENTS\[0\]/,
    );
    expect(
      problem(
        '[{"name":"x","baseURL":"http://h/v1","model":"m","tpm":1000,"rpm":1},{"name":"x","baseURL":"http://h/v1","model":"m","tpm":1000,"rpm":1}]',
      ),
    ).toMatch(/the name "x" is given twice/);
    expect(
      problem('[{"name":"x","baseURL":"http://h/v1","model":"m","tpm":1000,"rpm":1,"apiKeySetting":"NOPE"}]'),
    ).toMatch(/the setting NOPE is empty/);
  });

  it('names a setting that is missing its partner', () => {
    expect(() => loadConfig({ AZURE_OPENAI_ENDPOINT: 'https://oai.openai.azure.com' })).toThrow(
      /AZURE_OPENAI_DEPLOYMENT/,
    );
    expect(() => loadConfig({ ADMIN_PASSWORD: 'long-enough' })).toThrow(/ADMIN_EMAIL/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.fi', ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
  });
});
