import { z } from 'zod';

const manifestChunkSchema = z.object({
  file: z.string(),
  isEntry: z.boolean().optional(),
  imports: z.array(z.string()).optional(),
  css: z.array(z.string()).optional(),
});

/** Vite's build manifest (`build.manifest`), the parts we read. */
export const viteManifestSchema = z.record(z.string(), manifestChunkSchema);
export type ViteManifest = z.infer<typeof viteManifestSchema>;

/** The entry chunk's file (index.html's script). */
export function entryFile(manifest: ViteManifest): string {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('the manifest has no entry chunk');
  return entry.file;
}

/**
 * The JS and CSS files a page downloads before it is interactive: the entry
 * chunk (index.html) and the page's lazy route chunks, each with its static
 * imports followed transitively, and the CSS any of them pulls in. Dynamic
 * imports are left out: they load on demand, after the page works.
 */
export function filesForPage(
  manifest: ViteManifest,
  routeModules: string[],
): { js: string[]; css: string[] } {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`the manifest has no chunk ${key} (did a route move? see scripts/size/budgets.ts)`);
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  for (const key of routeModules) visit(key);
  return { js: [...js], css: [...css] };
}
