import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** The server's on-the-fly threshold too (server/middleware/compress.ts): smaller files are not worth a twin. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // Build metadata (.vite/manifest.json) is for our scripts, not for browsers.
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) yield* filesUnder(full);
    } else yield full;
  }
}

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) twin beside
 * every compressible file of the build, so the server sends the smallest
 * encoding without spending CPU per request. The server
 * picks a twin by Accept-Encoding (`serveStatic({ precompressed: true })`).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'sidepot-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // closeBundle: after Vite has copied web/public too.
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        jobs.push(
          (async () => {
            const bytes = await readFile(file);
            if (bytes.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(bytes, {
                params: {
                  [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                  [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
              gzipAsync(bytes, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}
