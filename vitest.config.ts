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
  },
});

// The PostgreSQL project runs only when TEST_DATABASE_URL points at a server.
const hasPostgres = Boolean(process.env['TEST_DATABASE_URL']);

export default defineConfig({
  test: {
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
