import { existsSync } from 'node:fs';

/*
 * The Chromium builds our browser tests drive (Debian's packages; Playwright's own download does not work on
 * our machines), one home for the e2e suite (playwright.config.ts) and the web component tests (vitest.config.ts).
 * `scripts/ensure-chromium.sh` installs both; CHROMIUM_PATH overrides both.
 */

/** The full browser: the push and offline specs need its notifications. */
export const fullChromium = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/**
 * The old headless mode, no browser UI behind the page: four e2e specs (11 tests, quiet machine) took 36 s of
 * wall and 37 s of CPU where the full browser took 47 s and 46 s. The full browser when it is not installed.
 */
export const headlessShell =
  process.env['CHROMIUM_PATH'] ??
  ['/usr/lib/chromium/chromium-headless-shell'].find((file) => existsSync(file)) ??
  fullChromium;

export const chromiumArgs = [
  // Containers have no user namespaces for the sandbox.
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Debian's wrapper adds --enable-gpu-rasterization: with no GPU that rasterises through
  // SwiftShader, and the GPU process then used more CPU than the page and the server together.
  '--disable-gpu-rasterization',
  '--disable-gpu-compositing',
];
