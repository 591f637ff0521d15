import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts'];
const dbProject = (kind: 'pglite' | 'postgres', groupOrder: number) => ({
  test: {
    name: `server-${kind}`,
    include: serverTests,
    environment: 'node',
    globalSetup: ['apps/server/test-support/global-setup.ts'],
    env: { SIRA_TEST_DB: kind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite copies are ~100 MB each in memory; two files at a time fits any machine here.
    maxWorkers: 2,
    sequence: { groupOrder },
    setupFiles: ['apps/server/test-support/fail-on-console-error.ts'],
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
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      dbProject('pglite', 1),
      // The same database suites on PostgreSQL when one is given (CI always gives one).
      ...(process.env.TEST_DATABASE_URL ? [dbProject('postgres', 2)] : []),
    ],
  },
});
