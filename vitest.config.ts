import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Integration files wait on PostgreSQL, timers and child processes more than on CPU: four at once on
    // two cores finish the suite in 2.5 minutes instead of 4.4 (docs/decisions/003-testing.md).
    maxWorkers: 4,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/**/src/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/*.int.test.ts'],
          environment: 'node',
          // A ceiling, not a wait: a few unit tests talk HTTP to a simulator, and on two busy cores (another
          // suite beside them) 5 s was too short for them (docs/decisions/003-testing.md).
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
