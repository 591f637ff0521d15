import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Server tests of pure code (no database, no server) are named `*.unit.test.ts`: they run once, in `server-unit`,
 * and the database projects leave them out by the same pattern. Any other server test runs once per database.
 */
const serverUnitTests = ['apps/server/src/**/*.unit.test.ts'];
const serverTests = ['apps/server/src/**/*.test.ts'];
const failOnConsoleError = ['apps/server/test-support/fail-on-console-error.ts'];

/**
 * Tests of pure code share their workers' loaded modules from file to file: starting a fresh worker for each of
 * these sixty small files cost more than all their tests. Two at a time, one per processor.
 */
const pureCode = { environment: 'node' as const, isolate: false, maxWorkers: 2, sequence: { groupOrder: 0 } };

const dbProject = (kind: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${kind}`,
    include: serverTests,
    exclude: ['**/node_modules/**', ...serverUnitTests],
    environment: 'node',
    globalSetup: ['apps/server/test-support/global-setup.ts'],
    env: { SIRA_TEST_DB: kind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Both databases in one group: their files share these workers, so a file waiting on the worker's pacing on
    // one database leaves the processor to a file of the other. PGlite copies are ~100 MB each in memory.
    maxWorkers: 3,
    // A worker keeps its loaded modules from one file to the next instead of importing the server afresh for
    // each (a quarter of the suites' time). Files share nothing else: each opens its own database and app, and
    // the server keeps no module state that is not keyed by a user.
    isolate: false,
    sequence: { groupOrder: 1 },
    setupFiles: failOnConsoleError,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        // The web app's own import prefix (apps/web/tsconfig.json), for its modules' tests.
        resolve: { alias: { '~': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          ...pureCode,
        },
      },
      {
        // The web app's components, rendered in happy-dom inside the app's providers (`~test`: apps/web/test-support).
        resolve: {
          alias: {
            '~': fileURLToPath(new URL('./apps/web/src', import.meta.url)),
            '~test': fileURLToPath(new URL('./apps/web/test-support', import.meta.url)),
          },
        },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          ...pureCode,
          environment: 'happy-dom',
          setupFiles: ['apps/web/test-support/setup.ts'],
          // A test clicks and types through several renders: a busy machine takes seconds over what is a second alone.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'server-unit',
          include: serverUnitTests,
          ...pureCode,
          setupFiles: failOnConsoleError,
        },
      },
      dbProject('pglite'),
      // The same database suites on PostgreSQL when one is given (CI always gives one).
      ...(process.env.TEST_DATABASE_URL ? [dbProject('postgres')] : []),
    ],
  },
});
