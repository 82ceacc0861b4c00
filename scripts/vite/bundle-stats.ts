import path from 'node:path';
import type { Plugin } from 'vite';

/** What `npm run size -- --report` reads: the modules inside each chunk, by chunk file name. */
export type BundleStats = {
  chunks: Record<string, { bytes: number; modules: { id: string; renderedBytes: number }[] }>;
};

export const BUNDLE_STATS_FILE = '.vite/bundle-stats.json';

/**
 * Writes dist/web/.vite/bundle-stats.json beside Vite's manifest: for each
 * chunk, its minified size and every module's rendered size (after
 * tree-shaking, before minification: what the bundler reports per module), so a
 * developer sees what each chunk holds. Module ids are
 * relative to the repository.
 */
export function bundleStats(): Plugin {
  let repoRoot = '';
  return {
    name: 'sidepot-bundle-stats',
    apply: 'build',
    configResolved(config) {
      repoRoot = path.resolve(config.root, '..');
    },
    generateBundle(_options, bundle) {
      const stats: BundleStats = { chunks: {} };
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules = Object.entries(output.modules)
          .map(([id, info]) => ({
            id: path.relative(repoRoot, id.replace(/^\0/, '')).replaceAll(path.sep, '/'),
            renderedBytes: info.renderedLength,
          }))
          .filter((m) => m.renderedBytes > 0)
          .sort((a, b) => b.renderedBytes - a.renderedBytes);
        stats.chunks[output.fileName] = { bytes: Buffer.byteLength(output.code), modules };
      }
      this.emitFile({ type: 'asset', fileName: BUNDLE_STATS_FILE, source: `${JSON.stringify(stats)}\n` });
    },
  };
}
