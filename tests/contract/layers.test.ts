import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers are enforced by lint (eslint.config.js): these prove the
 * zones bite, by linting imports that must be refused at the paths they would
 * stand in (the files do not exist; ESLint lints the text under that name).
 */
const eslint = new ESLint({ cwd: new URL('../../', import.meta.url).pathname });

async function restrictedImportErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

describe('layer zones in functions/', () => {
  it('refuses an import from a service into http/', async () => {
    const errors = await restrictedImportErrors(
      'functions/src/services/disputes/lint-probe.ts',
      "import type { RouteCall } from '../../http/route.js';\nexport type Probe = RouteCall;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Services are free of HTTP/);
  });

  it('refuses an import from a service into handlers/', async () => {
    const errors = await restrictedImportErrors(
      'functions/src/services/files/lint-probe.ts',
      "import { routes } from '../../routes.js';\nimport type { X } from '../../handlers/files.js';\nexport const probe: unknown[] = [routes];\nexport type Probe = X;\n",
    );
    expect(errors).toHaveLength(2);
  });

  it('refuses an import from an adapter into services/', async () => {
    const errors = await restrictedImportErrors(
      'functions/src/adapters/store/lint-probe.ts',
      "import { recordAudit } from '../../services/audit/record-audit.js';\nexport const probe = recordAudit;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('lets a service take its caller from context/', async () => {
    const errors = await restrictedImportErrors(
      'functions/src/services/disputes/lint-probe.ts',
      "import type { Caller } from '../../context/caller.js';\nexport type Probe = Caller;\n",
    );
    expect(errors).toEqual([]);
  });

  it('refuses an import from records/, the shared layer under the domains, into a service', async () => {
    const errors = await restrictedImportErrors(
      'functions/src/records/lint-probe.ts',
      "import { recordAudit } from '../services/audit/record-audit.js';\nexport const probe = recordAudit;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/records\/ is the shared layer/);
  });
});

describe('layer zones in web/', () => {
  it('refuses an import from the API client into identity/, which calls the API', async () => {
    const errors = await restrictedImportErrors(
      'web/src/api/lint-probe.ts',
      "import { getBearerToken } from '../identity/bearer-token';\nexport const probe = getBearerToken;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/must not import identity/);
  });
});

describe('import cycles', () => {
  it('refuses an import that closes a cycle (en.ts would import en-features.ts, which imports en.ts)', async () => {
    const [result] = await eslint.lintText(
      "import { enFeatures } from './en-features';\nexport const enStart = { probe: enFeatures };\n",
      { filePath: 'web/src/i18n/en.ts' },
    );
    const cycles = (result?.messages ?? []).filter((message) => message.ruleId === 'import-x/no-cycle');
    expect(cycles).toHaveLength(1);
  });
});
