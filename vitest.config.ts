import { defineConfig } from 'vitest/config';

const apiTests = ['apps/api/src/**/*.test.ts'];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

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
                // The embedded database's own thread, statements and backups: nothing of PostgreSQL's in them.
                exclude: [
                  'apps/api/src/db/pglite-worker.test.ts',
                  'apps/api/src/db/pglite-pipeline.test.ts',
                  'apps/api/src/db/backups.test.ts',
                ],
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
