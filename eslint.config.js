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
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**'] },
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
    // core is pure: no I/O modules.
    files: ['core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fs', 'path', 'http', 'https', 'net', '@azure/*', 'openai', 'better-sqlite3'] },
      ],
    },
  },
  prettier,
);
