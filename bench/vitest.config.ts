import { defineConfig } from 'vitest/config';

// Benchmarks run through Vitest only because it loads the server's TypeScript; they print figures and
// assert nothing about speed (speed targets are read from the printed table, never enforced in tests).
export default defineConfig({
  test: { name: 'bench', include: ['bench/**/*.bench-run.ts'], testTimeout: 600_000, hookTimeout: 600_000, fileParallelism: false },
});
