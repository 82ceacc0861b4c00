/**
 * `npm run size`: builds the SPA into a temporary
 * folder (or reads `--dist <dir>`), prints for each page of
 * scripts/size/budgets.ts the gzipped JS and CSS it downloads before it is
 * interactive, and exits 1 when a page exceeds its budget (the ceiling CI enforces).
 * `--report` also prints the largest modules per chunk and on /login, /home and /feed.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { z } from 'zod';
import { BUNDLE_STATS_FILE } from './vite/bundle-stats.ts';
import { copiedModules, mustStayOneInstance } from './vite/inline-common-chunks.ts';
import { PAGE_BUDGETS } from './size/budgets.ts';
import { entryFile, filesForPage, viteManifestSchema } from './size/page-files.ts';
import { hasReactDomProductionClient } from './size/renderer.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TOP_MODULES = 5;
/** Pages whose largest modules `--report` lists: the issue names /login; /home and /feed carry the signed-in budget. */
const REPORTED_PAGES = ['/login', '/home', '/feed'];

const bundleStatsSchema = z.object({
  chunks: z.record(
    z.string(),
    z.object({
      bytes: z.number(),
      modules: z.array(z.object({ id: z.string(), renderedBytes: z.number() })),
    }),
  ),
});

const { values: args } = parseArgs({
  options: { dist: { type: 'string' }, report: { type: 'boolean', default: false } },
});

/** KiB, as the issue and Lighthouse count (Vite prints kB of 1,000 bytes: 2.4% larger numbers). */
const KIB = 1024;
const kb = (bytes: number) => (bytes / KIB).toFixed(1);
const pad = (cells: string[], widths: number[]) =>
  cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');

function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  console.log(pad(header, widths));
  console.log(
    pad(
      widths.map((w) => '-'.repeat(w)),
      widths,
    ),
  );
  for (const row of rows) console.log(pad(row, widths));
}

async function buildInto(outDir: string) {
  await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
}

const ownBuild = args.dist === undefined;
const dist = args.dist ? path.resolve(args.dist) : mkdtempSync(path.join(os.tmpdir(), 'sidepot-size-'));
try {
  if (ownBuild) await buildInto(dist);
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath))
    throw new Error(`${manifestPath} is missing: build with vite.config.ts (build.manifest)`);
  const manifest = viteManifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')));

  const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      const bytes = readFileSync(path.join(dist, file));
      // Default gzip level, as Vite prints it and as the issue measured.
      const gzip = gzipSync(bytes).length;
      const brPath = path.join(dist, `${file}.br`);
      const brotli = existsSync(brPath)
        ? readFileSync(brPath).length
        : brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } })
            .length;
      size = { raw: bytes.length, gzip, brotli: Math.min(brotli, gzip) };
      sizes.set(file, size);
    }
    return size;
  };
  const total = (files: string[], key: 'raw' | 'gzip' | 'brotli') =>
    files.reduce((sum, f) => sum + sizeOf(f)[key], 0);

  const over: string[] = [];
  const rows = PAGE_BUDGETS.map((budget) => {
    const files = filesForPage(manifest, [...budget.routeModules, ...(budget.renderedDataModules ?? [])]);
    const jsGzip = total(files.js, 'gzip');
    const isOver = jsGzip > budget.ceilingKb * KIB;
    if (isOver) over.push(`${budget.page}: ${kb(jsGzip)} KiB of gzipped JS > budget ${budget.ceilingKb} KiB`);
    return [
      `${budget.page}${budget.signedIn ? ' (signed in)' : ''}`,
      String(files.js.length),
      kb(total(files.js, 'raw')),
      kb(jsGzip),
      kb(total(files.js, 'brotli')),
      kb(total(files.css, 'gzip')),
      `${budget.ceilingKb}`,
      String(budget.targetKb),
      isOver
        ? 'OVER'
        : jsGzip > budget.targetKb * KIB
          ? `ok, ${kb(jsGzip - budget.targetKb * KIB)} over target`
          : 'ok',
    ];
  });
  // Every page renders with React 19's own react-dom, in its production build (ADR 049): the entry or a
  // chunk it imports statically holds it.
  const everyPage = filesForPage(manifest, []).js;
  if (!everyPage.some((file) => hasReactDomProductionClient(readFileSync(path.join(dist, file), 'utf8'))))
    over.push(
      `${entryFile(manifest)} (the entry) and its imports do not hold react-dom's production client (ADR 049)`,
    );
  // ADR 048 copies small common chunks into their users; a context or module state copied twice would split.
  const stats = bundleStatsSchema.parse(JSON.parse(readFileSync(path.join(dist, BUNDLE_STATS_FILE), 'utf8')));
  const copies = [...copiedModules(stats.chunks)];
  for (const [id, chunks] of copies.filter(([id]) => mustStayOneInstance(path.join(ROOT, id))))
    over.push(`${id} must stay one instance but is in ${chunks.length} chunks: ${chunks.join(', ')}`);
  console.log('\nJS and CSS each page downloads before it is interactive (KiB)\n');
  printTable(
    ['page', 'JS files', 'JS raw', 'JS gzip', 'JS br', 'CSS gzip', 'budget (CI)', 'target', 'status'],
    rows,
  );

  if (args.report) {
    // Per-module sizes are the bundler's rendered (pre-minification) bytes; the
    // gzip column spreads the chunk's real gzip size over its modules in that proportion.
    const modulesOf = (file: string) => {
      const chunk = stats.chunks[file];
      if (!chunk) return [];
      const rendered = chunk.modules.reduce((sum, m) => sum + m.renderedBytes, 0) || 1;
      return chunk.modules.map((m) => ({
        ...m,
        file,
        estGzip: (m.renderedBytes / rendered) * sizeOf(file).gzip,
      }));
    };
    const moduleRow = (m: ReturnType<typeof modulesOf>[number]) => [
      m.id,
      kb(m.renderedBytes),
      `~${kb(m.estGzip)}`,
      path.basename(m.file),
    ];

    console.log(
      `\nLargest modules per chunk (top ${TOP_MODULES}; rendered = before minification, gzip = estimated share)`,
    );
    const chunkFiles = Object.keys(stats.chunks).sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip);
    for (const file of chunkFiles) {
      console.log(`\n${file}: ${kb(sizeOf(file).raw)} KiB raw, ${kb(sizeOf(file).gzip)} KiB gzip`);
      printTable(
        ['module', 'rendered KiB', 'gzip KiB', 'chunk'],
        modulesOf(file).slice(0, TOP_MODULES).map(moduleRow),
      );
    }
    for (const budget of PAGE_BUDGETS.filter((b) => REPORTED_PAGES.includes(b.page))) {
      const files = filesForPage(manifest, [...budget.routeModules, ...(budget.renderedDataModules ?? [])]);
      const largest = files.js
        .flatMap(modulesOf)
        .sort((a, b) => b.estGzip - a.estGzip)
        .slice(0, TOP_MODULES);
      console.log(`\nThe ${TOP_MODULES} largest modules on ${budget.page}`);
      printTable(['module', 'rendered KiB', 'gzip KiB', 'chunk'], largest.map(moduleRow));
    }
    console.log(
      `\nFull data: ${path.join(dist, BUNDLE_STATS_FILE)}${ownBuild ? ' (a temporary build: pass --dist dist/web after `npm run build` to keep it)' : ''}`,
    );
  }

  if (over.length > 0) {
    console.error(
      `\nsize: over budget (scripts/size/budgets.ts), split modules (ADR 048) or not React's renderer (ADR 049):\n  ${over.join('\n  ')}`,
    );
    process.exitCode = 1;
  } else {
    console.log(
      `\nsize: every page is within its CI budget, every page loads react-dom's production client; ${copies.length} small modules are copied into several chunks, none that must stay one instance.`,
    );
  }
} finally {
  if (ownBuild && !args.report) rmSync(dist, { recursive: true, force: true });
}
