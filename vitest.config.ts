import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The integration files that take a minute or more alone (measured; the fault suite about 285 s on a quiet
 * machine), run first so that they end while the many short files fill the other workers: started last (a
 * fresh clone has no timings, so vitest keeps its file order), the fault suite ran on alone for minutes
 * after everything else. The files that start server processes of their own (fault suite, backup, server)
 * are spread out rather than started together, as their start-ups compete for the two cores
 * (docs/decisions/003-testing.md).
 */
const LONGEST_FIRST = [
  'apps/server/src/db-faults.int.test.ts',
  'apps/server/src/modules/mutes/mutes.int.test.ts',
  'apps/server/src/modules/alerts/alerts.int.test.ts',
  'apps/server/src/modules/alerts/incidents.int.test.ts',
  'apps/server/src/modules/backup/backup.int.test.ts',
  'apps/server/src/modules/alerts/alert-notifications.int.test.ts',
  'apps/server/src/server.int.test.ts',
  'apps/server/src/modules/notifications/delivery-process.int.test.ts',
];

/** Vitest's order (failed first, then longest by its own timings when it has them), the files above first. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = LONGEST_FIRST.findIndex((path) => file.moduleId.endsWith(path));
      return at < 0 ? LONGEST_FIRST.length : at;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((file, at) => ({ file, at, rank: rank(file) }))
      .sort((a, b) => a.rank - b.rank || a.at - b.at)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    // Integration files wait on PostgreSQL, timers and child processes more than on CPU: four at once on
    // two cores finish the suite in 2.5 minutes instead of 4.4 (docs/decisions/003-testing.md).
    maxWorkers: 4,
    sequence: { sequencer: LongestFirst },
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
          // A worker runs its files one after another in one module graph instead of importing the app anew
          // for each: each file has a database of its own and no integration test mocks a module, so
          // nothing is shared that a file could see. Importing per file was 289 s of the suite's CPU and
          // the suite took 520 s; without it 17 s and 280 s (docs/decisions/003-testing.md).
          isolate: false,
        },
      },
    ],
  },
});
