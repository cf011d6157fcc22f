import { defineConfig } from 'vitest/config';

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
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['core/src/**/*.test.ts', 'functions/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
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
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
