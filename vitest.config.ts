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
