import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

// Vite requires a default export.
export default defineConfig({
  root: fromRoot('./web'),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    // Same origin for the browser, so the HttpOnly session cookie needs no CORS.
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
});
