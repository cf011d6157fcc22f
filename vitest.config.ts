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
    // One worker per core. Vitest's default leaves one core to its main process, which on a 2-core CI machine
    // ran the unit and web files one at a time while the second core idled; the main process is mostly idle
    // once the files are transformed. The contract and api projects run their files one at a time regardless
    // (fileParallelism: false).
    maxWorkers: '100%',
    // `--coverage` (scripts/test-stages.sh with COVERAGE=1): line and branch figures of the sources the tests
    // run, printed as a summary; docs/benchmarks.md "The test suite" keeps the last figures.
    coverage: {
      provider: 'v8',
      include: ['core/src/**/*.ts', 'functions/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
      exclude: ['**/*.test.{ts,tsx}', '**/*.d.ts', 'web/src/test/**'],
      reporter: ['text-summary', 'json-summary'],
    },
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
          // The files run one after another in one worker that keeps its modules: each file importing the
          // host's module graph afresh was a third of the stage (docs/benchmarks.md "The test suite"). Safe
          // because every file starts its own hosts (tests/api/support/use-test-host.ts) with fresh data
          // directories, no file mocks modules, stubs the environment or fakes timers, the module-level caches
          // of functions/src are keyed by their store or deps, and the one process-wide registration (the
          // observability handle of trace.test.ts) is undone by its shutdown.
          isolate: false,
        },
      },
    ],
  },
});
