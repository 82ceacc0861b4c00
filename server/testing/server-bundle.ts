import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Each file keeps its own `import.meta.url`, so the paths the server finds beside
 * its source (the migrations, dist/web) resolve as they do under tsx.
 */
const keepSourceUrls: Plugin = {
  name: 'keep-source-urls',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

export type ServerBundle = {
  /** Run with `node <file>`: the same server as `node --import tsx server/index.ts`. */
  file: string;
  remove(): void;
};

/**
 * The server (our own code in one ESM file, packages left as imports) for the
 * tests that start it as a process: under tsx each start cost 5.3 s of CPU before
 * the server ran a line of its own, bundled 2.0 s (measured on a 2-core machine).
 * Written under node_modules/.cache so its package imports resolve from the repository.
 */
export async function buildServerBundle(): Promise<ServerBundle> {
  const dir = path.join(ROOT, 'node_modules/.cache/sidepot-server', `${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'index.mjs');
  await build({
    entryPoints: [path.join(ROOT, 'server/index.ts')],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
    plugins: [keepSourceUrls],
  });
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
