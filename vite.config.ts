import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleStats } from './scripts/vite/bundle-stats.ts';
import { precompress } from './scripts/vite/precompress.ts';

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

// Overridable so a second checkout (or a helper) can run its own pair of servers beside the defaults.
const apiUrl = process.env['API_URL'] ?? 'http://localhost:3000';
const webPort = Number(process.env['WEB_PORT'] ?? 5173);

// Vite requires a default export.
export default defineConfig({
  root: fromRoot('./web'),
  plugins: [react(), tailwindcss(), bundleStats(), precompress()],
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    // dist/web/.vite/manifest.json: which files each page loads, for `npm run size`.
    manifest: true,
  },
  server: {
    port: webPort,
    strictPort: true,
    // Same origin for the browser, so the HttpOnly session cookie needs no CORS.
    proxy: { '/api': { target: apiUrl } },
  },
});
