import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
// Each run writes its artifacts and server log to its own folder, so two runs at
// once (two helpers, or a run beside a build) never clean or overwrite each
// other's files. Set here, before workers start, so they all agree on it.
process.env.SIDEPOT_E2E_RUN_DIR ??= path.join(
  ROOT,
  'test-results/e2e-runs',
  `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`,
);

/**
 * End-to-end tests drive Debian's Chromium (Playwright's download does not work on
 * our machines) against the real server, a fresh PGlite database and a real SMTP
 * capture, all started by e2e/global-setup.ts. Traces and failure screenshots go to
 * test-results/e2e-runs/<run>/artifacts, the server log to test-results/e2e-runs/<run>/server.log.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: path.join(process.env.SIDEPOT_E2E_RUN_DIR, 'artifacts'),
  globalSetup: './e2e/global-setup.ts',
  // 2-core machines and a single-process embedded database: one browser at a time.
  workers: 1,
  fullyParallel: false,
  // A flaky test is a broken test: no retries, here or on CI.
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  // 'list' prints one line per test and the passed/failed/flaky counts with the duration.
  reporter: 'list',
  use: {
    // Set by global setup; the fixtures read it again (e2e/fixtures.ts) so workers agree.
    baseURL: process.env.SIDEPOT_E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: false,
    locale: 'en-US',
    timezoneId: 'America/New_York',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    video: 'off',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
