import { defineConfig } from 'vitest/config';

/**
 * The journey that measures the live updates' lag runs last and alone, with the machine to itself.
 */
const alone = ['sending/send-resume.spec.ts'];

const journeys = {
  root: import.meta.dirname,
  globalSetup: ['fixtures/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        // Three journeys at a time, each worker with its own browser and its own server (fixtures/global-setup.ts),
        // so no journey sees another's settings, sandbox faults or data.
        test: {
          ...journeys,
          name: 'e2e',
          include: ['**/*.spec.ts'],
          exclude: ['**/node_modules/**', ...alone],
          maxWorkers: 3,
          // A worker keeps its loaded modules (Playwright, the fixtures) from file to file; each file still opens
          // its own browser, and no fixture keeps state that one file could leave for the next.
          isolate: false,
          // Three journeys share two processors: each gets twice the minute it has alone.
          testTimeout: 120_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...journeys,
          name: 'e2e-alone',
          include: alone,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
