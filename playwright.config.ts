import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, fullChromium, headlessShell } from './scripts/chromium.ts';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
// Each run writes its artifacts and server log to its own folder, so two runs at
// once (two helpers, or a run beside a build) never clean or overwrite each
// other's files. Set here, before workers start, so they all agree on it.
process.env.SIDEPOT_E2E_RUN_DIR ??= path.join(
  ROOT,
  'test-results/e2e-runs',
  `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`,
);

// Most specs run in the headless shell; the push journeys need the full browser's notifications.
const needsFullBrowser = /\/(push|pwa)\.spec\.ts$/;

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
  // Most of a journey's time is waiting (the server, the event stream, the next screen), so CI's two
  // cores run two browsers at once; each worker claims its own users from the pool (e2e/fixtures.ts).
  // Locally one at a time, beside whatever else the machine is doing (`--workers 2` to try CI's way).
  workers: process.env.CI ? 2 : 1,
  // Tests, not files, are handed out: a long file (bets.spec) no longer ends the run on one worker
  // while the other idles. Tests share nothing but the server; each claims its own users.
  fullyParallel: true,
  // A flaky test is a broken test: no retries, here or on CI.
  retries: 0,
  forbidOnly: !!process.env.CI,
  // A journey checks several screens, each with axe (1-2.5 s on a busy machine), and `npm test` runs
  // the API suite beside this one: a ceiling, not a pace.
  timeout: 90_000,
  expect: { timeout: 10_000 },
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
    // Recording a trace (a screencast frame and a DOM snapshot per action, kept only on failure) took
    // about a third of Chromium's CPU: 7 of 25 s in auth.spec. CI keeps the failure screenshot and
    // error context; run locally for a trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    video: 'off',
    // The app's service worker precaches the whole shell in every new context and then
    // answers navigations itself; specs not about it run without it, as before. e2e/pwa.spec.ts allows it.
    serviceWorkers: 'block',
    // Nothing animates (web/index.css honours it): each animation frame was painted in software by
    // Chromium's GPU process, which used a third of the suite's CPU.
    reducedMotion: 'reduce',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    launchOptions: {
      executablePath: fullChromium,
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: 'headless-shell',
      testIgnore: needsFullBrowser,
      use: { launchOptions: { executablePath: headlessShell, args: chromiumArgs } },
    },
    { name: 'chromium', testMatch: needsFullBrowser },
  ],
});
