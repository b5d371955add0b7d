import { defineConfig } from 'vitest/config';

const apiTests = ['apps/api/src/**/*.test.ts'];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/**
 * The API test files share their worker's modules (no isolation): each file builds its own app and
 * database (test/setup.ts), none mocks a module, and the one that fakes the clock (attendance) restores
 * it after each test, so only the import of the app's modules is shared. Importing them again for every
 * file took 115 of the 562 s the step took on two cores; without it the step took 365 s.
 */
const apiIsolation = false;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/contracts/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'api:pglite',
          include: apiTests,
          isolate: apiIsolation,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(onPostgres
        ? [
            {
              test: {
                name: 'api:postgres',
                include: apiTests,
                // The embedded database's own thread, statements and backups, and a migration run on an embedded
                // database: nothing of PostgreSQL's in them.
                exclude: [
                  'apps/api/src/db/pglite-worker.test.ts',
                  'apps/api/src/db/pglite-pipeline.test.ts',
                  'apps/api/src/db/backups.test.ts',
                  'apps/api/src/db/student-counts-migration.test.ts',
                ],
                env: { TEST_DB: 'postgres' },
                isolate: apiIsolation,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
