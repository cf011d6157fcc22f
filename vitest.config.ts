import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests run against the sources of the shared package, so they never need a build of it.
const alias = { '@ratkaisu/core': fileURLToPath(new URL('./core/src/index.ts', import.meta.url)) };

/**
 * Test projects:
 * - unit: pure tests beside the code in core/ and functions/
 * - web: the SPA's component and store tests (jsdom)
 * - contract: adapter contract tests against real local services (SQLite,
 *   cosmosdb-server, Azurite, a fake AMQP peer, a fake OpenAI server)
 * - api: HTTP integration tests against the local host
 * Browser end-to-end tests run under Playwright (tests/e2e).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['core/src/**/*.test.ts', 'functions/src/**/*.test.ts'],
          environment: 'node',
          // A file's first PDF test starts a PDF thread and loads (and patches) pdf.js in it: over a second
          // alone, and several on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/test/setup.ts'],
          // A file's first test pays for transforming its lazy route chunks; on a busy 2-core CI machine
          // that alone has taken over 5 s.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // npm test runs these beside the browser tests: on 2 cores a test that takes 20 s alone can need 60.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
