import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { bundleStats } from './scripts/vite/bundle-stats.ts';
import { inlineCommonChunks, sharedUiGroup } from './scripts/vite/inline-common-chunks.ts';
import { precompress } from './scripts/vite/precompress.ts';
import { prerenderScreens } from './scripts/vite/prerender.ts';

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

// Overridable so a second checkout (or a helper) can run its own pair of servers beside the defaults.
const apiUrl = process.env['API_URL'] ?? 'http://localhost:3000';
const webPort = Number(process.env['WEB_PORT'] ?? 5173);

/**
 * `npm run size:report` (BUNDLE_REPORT=1): a treemap of what each chunk holds, with gzip and
 * brotli sizes, in reports/bundle/stats.html (gitignored), for a developer to open.
 */
const bundleReport: PluginOption[] = process.env['BUNDLE_REPORT']
  ? [
      visualizer({
        filename: fromRoot('./reports/bundle/stats.html'),
        template: 'treemap',
        title: 'Sidepot bundle',
        gzipSize: true,
        brotliSize: true,
      }),
    ]
  : [];

// Vite requires a default export.
export default defineConfig({
  root: fromRoot('./web'),
  plugins: [
    // React Fast Refresh in `npm run dev` (ADR 049).
    react(),
    tailwindcss(),
    // Installable app and offline shell (ADR 021). The worker is our own web/sw.ts
    // (push handlers live there); the page registers it after `load` (web/main.tsx).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        name: 'Sidepot',
        short_name: 'Sidepot',
        description: 'Make friendly bets with your friends and settle up on Venmo.',
        id: '/',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        theme_color: '#059669',
        background_color: '#ffffff',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/pwa-maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The whole shell: every lazy route chunk too, so any screen opens offline.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        globIgnores: ['**/sw.js'],
      },
      // `npm run dev` runs without a worker: nothing cached while developing.
      devOptions: { enabled: false },
    }),
    bundleStats(),
    // /, /signup and /login signed out, rendered to HTML for the server to send (ADR 047).
    prerenderScreens({ entry: 'prerender.tsx', plugins: () => [react()] }),
    precompress(),
    ...bundleReport,
  ],
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    // dist/web/.vite/manifest.json: which files each page loads, for `npm run size`.
    manifest: true,
    // Every browser we serve has `<link rel="modulepreload">` but Safari before 17 (2023), which ignores the
    // links and loads a screen's chunks as it finds them: the polyfill's ~0.6 KiB was on every first load
    // (ADR 068).
    modulePreload: { polyfill: false },
    // Fewer, larger first-load files (ADR 048); Rolldown requires entry signatures not to be preserved.
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: inlineCommonChunks,
          groups: [sharedUiGroup],
        },
      },
    },
  },
  server: {
    port: webPort,
    strictPort: true,
    // Same origin for the browser, so the HttpOnly session cookie needs no CORS.
    proxy: { '/api': { target: apiUrl } },
  },
});
