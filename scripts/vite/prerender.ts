import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type PluginOption, type ResolvedConfig } from 'vite';
import { z } from 'zod';

/** Where the build leaves the prerendered screens for the server (a dot folder: never served, never precached). */
export const PRERENDER_FILE = '.prerender/pages.json';
/** And the render module the server renders signed-in screens with (server/lib/signed-in-pages.ts, ADR 067). */
const RENDER_MODULE = 'render.mjs';

/** One screen: its `<title>` for the shell's head, and the markup that goes inside `#root`. */
const prerenderedPageSchema = z.object({ title: z.string().nullable(), html: z.string() });
type PrerenderedPage = z.infer<typeof prerenderedPageSchema>;

const prerenderModuleSchema = z.object({
  PRERENDERED_PATHS: z.array(z.string()).readonly(),
  prerender: z.custom<(path: string) => Promise<unknown>>((value) => typeof value === 'function'),
  renderSignedIn: z.custom<(url: string, session: unknown) => Promise<unknown>>((value) => typeof value === 'function'),
});

type PrerenderOptions = {
  /** The SSR entry, relative to Vite's root (web/). */
  entry: string;
  /** The plugins the SSR build needs to compile the app's modules (JSX): made afresh for that build. */
  plugins: () => PluginOption[];
};

/**
 * After the client build, renders the signed-out first screens (/, /signup, /login) to HTML and writes
 * them to `<outDir>/.prerender/pages.json`, where server/lib/static-files.ts serves them to requests without
 * a session cookie (ADR 047), with React's `renderToString` (ADR 049). The SSR build bundles every
 * dependency (`noExternal`) with the client build's aliases, if any, so the markup comes from the same
 * modules as the client that hydrates it.
 */
export function prerenderScreens({ entry, plugins }: PrerenderOptions): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'sidepot-prerender',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (!config) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const ssrDir = await mkdtemp(path.join(os.tmpdir(), 'sidepot-prerender-'));
      const keptDir = path.join(outDir, path.dirname(PRERENDER_FILE));
      try {
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          resolve: { alias: config.resolve.alias, dedupe: config.resolve.dedupe },
          plugins: plugins(),
          ssr: { noExternal: true },
          build: {
            ssr: entry,
            outDir: ssrDir,
            emptyOutDir: true,
            copyPublicDir: false,
            // One file: with chunks, a build run inside another process's build (scripts/lighthouse.ts)
            // once wrote a chunk whose exports its importer did not find.
            rolldownOptions: { output: { entryFileNames: RENDER_MODULE, codeSplitting: false } },
          },
        });
        const built: unknown = await import(pathToFileURL(path.join(ssrDir, RENDER_MODULE)).href);
        const { PRERENDERED_PATHS, prerender } = prerenderModuleSchema.parse(built);
        const pages: Record<string, PrerenderedPage> = {};
        for (const page of PRERENDERED_PATHS)
          pages[page] = prerenderedPageSchema.parse(await prerender(page));
        await mkdir(keptDir, { recursive: true });
        await writeFile(path.join(outDir, PRERENDER_FILE), JSON.stringify(pages));
        // The same module renders the signed-in screens with their data at request time (ADR 067).
        await copyFile(path.join(ssrDir, RENDER_MODULE), path.join(keptDir, RENDER_MODULE));
        config.logger.info(`prerendered ${PRERENDERED_PATHS.join(', ')} into ${PRERENDER_FILE}`);
      } finally {
        // Only the module is kept: its assets are the client's (same hashes).
        await rm(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
