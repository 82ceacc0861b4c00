import tailwindcss from '@tailwindcss/vite';
import { playwright } from '@vitest/browser-playwright';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { chromiumArgs, headlessShell } from './scripts/chromium.ts';
import { mswWorkerScript } from './scripts/vite/msw-worker-script.ts';

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

/**
 * Web component tests (web/**\/*.browser.test.tsx) in a real Chromium: real layout and Tailwind CSS,
 * so visibility checks mean what a user sees; MSW answers the API (web/testing/).
 */
const webProject = {
  plugins: [react(), tailwindcss(), mswWorkerScript()],
  // The app's public files (icons) are not needed; the MSW worker script is served by the plugin above.
  publicDir: false as const,
  // Pre-bundled up front: Vite otherwise finds a dependency first imported by a lazy chunk (sonner, the
  // auth client) mid-run, re-bundles and reloads the page, which fails the test in flight (and two
  // copies of React follow). Vite keeps this list's bundle cached between runs.
  optimizeDeps: {
    include: [
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-dev-runtime',
      'wouter',
      '@tanstack/react-query',
      'react-hook-form',
      '@hookform/resolvers/zod',
      'zod',
      'sonner',
      'lucide-react',
      'clsx',
      'class-variance-authority',
      'cmdk',
      'uqr',
      'hono/client',
      'better-auth/react',
      'better-auth/client/plugins',
      '@radix-ui/react-slot',
      '@radix-ui/react-popover',
      '@radix-ui/react-label',
      '@radix-ui/react-dropdown-menu',
      '@radix-ui/react-dialog',
      '@radix-ui/react-alert-dialog',
      'vitest-browser-react',
    ],
  },
  test: {
    name: 'web',
    include: ['web/**/*.browser.test.tsx'],
    setupFiles: ['web/testing/setup.ts'],
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: {
          // Debian's headless shell starts faster and draws less than the full browser (scripts/chromium.ts).
          executablePath: headlessShell,
          args: chromiumArgs,
        },
        contextOptions: { locale: 'en-US', timezoneId: 'America/New_York', reducedMotion: 'reduce' },
      }),
      instances: [{ browser: 'chromium' as const }],
      viewport: { width: 390, height: 844 },
      screenshotFailures: false,
    },
  },
};

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
      webProject,
      apiProject('api', 'pglite'),
      ...(hasPostgres ? [apiProject('api-pg', 'postgres')] : []),
    ],
  },
});
