import { defineConfig } from 'vitest/config';

const apiProject = (name: string, dbKind: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['server/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['server/testing/global-setup.ts'],
    setupFiles: ['server/testing/fail-on-console.ts'],
    env: { SIDEPOT_TEST_DB: dbKind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Every file imports the whole server; isolated, each paid for that again (278 s of the API
    // suite's import time on 2 cores). The files share no module state that a test changes: each
    // test builds its own app and database (server/testing/test-app.ts).
    isolate: false,
  },
});

// The PostgreSQL project runs only when TEST_DATABASE_URL points at a server.
const hasPostgres = Boolean(process.env['TEST_DATABASE_URL']);

export default defineConfig({
  test: {
    // Vitest's default in run mode is one worker per core minus one: a single worker on our
    // 2-core machines, while most of an API test's time is spent waiting on a database.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['domain/**/*.test.ts', 'web/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['server/testing/fail-on-console.ts'],
        },
      },
      apiProject('api', 'pglite'),
      ...(hasPostgres ? [apiProject('api-pg', 'postgres')] : []),
    ],
  },
});
