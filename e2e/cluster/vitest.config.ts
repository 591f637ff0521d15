import { defineConfig } from 'vitest/config';

// The cluster test (cluster.test.ts): built bundles and PostgreSQL, one file, run by scripts/test.mjs.
export default defineConfig({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    include: ['cluster.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
