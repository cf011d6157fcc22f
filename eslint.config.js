import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB_FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      // Features own their folders (STYLE.md): a feature never imports another
      // feature or the app wiring; shared parts live in ui/, api/, stores/ or core.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...WEB_FEATURES.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'A feature must not import another feature; move shared parts to web/src/ui or core.',
            })),
            {
              target: './web/src/features',
              from: './web/src/app',
              message: 'Features must not import the app wiring.',
            },
            {
              target: './web/src/api',
              from: './web/src/identity',
              message:
                'The API client must not import identity/ (which calls the API): main.tsx registers the token provider.',
            },
            {
              target: ['./web/src/ui', './web/src/api', './web/src/stores', './web/src/i18n', './web/src/config'],
              from: ['./web/src/features', './web/src/app'],
              message: 'Shared code must not depend on features or the app wiring.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's layers (docs/architecture.md): handlers and the HTTP layer call services; services reach
    // the world only through ports; adapters implement ports and know nothing of use cases. No arrow
    // points back up.
    files: ['functions/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./functions/src/services', './functions/src/context', './functions/src/pdf'],
              from: [
                './functions/src/http',
                './functions/src/handlers',
                './functions/src/local',
                './functions/src/routes.ts',
              ],
              message:
                'Services are free of HTTP: take Caller, ClientInfo and UploadForm from functions/src/context, and let the handler do the transport.',
            },
            {
              target: ['./functions/src/adapters', './functions/src/ports'],
              from: ['./functions/src/services', './functions/src/http', './functions/src/handlers'],
              message: 'Adapters and ports must not depend on use cases or the HTTP layer.',
            },
            {
              target: './functions/src/ports',
              from: './functions/src/adapters',
              message: 'A port must not know its adapters.',
            },
            {
              target: './functions/src/records',
              from: ['./functions/src/services', './functions/src/http', './functions/src/handlers'],
              message:
                'records/ is the shared layer under every service domain (README "Layers"): it imports no service.',
            },
            {
              target: './functions/src/context',
              from: ['./functions/src/services', './functions/src/adapters'],
              message: 'The request context is plain types; it depends on nothing above it.',
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles anywhere in core/, functions/ or web/ (the rule passes over type-only imports, which
    // vanish at build). The domain-graph test names cycles between service domains; this rule catches every
    // other one, file by file (tests/contract/layers.test.ts shows it refusing one).
    files: ['core/src/**/*.ts', 'functions/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // core is pure: no I/O modules.
    files: ['core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fs', 'path', 'http', 'https', 'net', '@azure/*', 'openai', 'better-sqlite3'] },
      ],
    },
  },
  {
    // Browser specs take `test` and `expect` from support/fixtures.ts, whose worker-scoped host gives every
    // page and `request` its baseURL; Playwright's own `test` would run against no host at all.
    files: ['tests/e2e/**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              allowTypeImports: true,
              message: "Import test and expect from './support/fixtures.js' (each worker's own host).",
            },
          ],
        },
      ],
    },
  },
  prettier,
);
