import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const manifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), isEntry: z.boolean().optional(), imports: z.array(z.string()).optional() }),
);
type Manifest = z.infer<typeof manifestSchema>;

/** Screens whose module is not named after the URL's first segment (web/app/router.tsx). */
const SCREEN_BY_SEGMENT: Record<string, string> = { '': 'signup', bets: 'bet' };
const SEGMENT = /^[a-z-]*$/;

function readManifest(root: string): Manifest {
  try {
    return manifestSchema.parse(JSON.parse(readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8')));
  } catch {
    // A build without Vite's manifest (or a test root) just gets no preloads.
    return {};
  }
}

/** The chunk files a manifest entry loads before it runs: its own and its static imports', transitively. */
function staticClosure(manifest: Manifest, key: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (current: string) => {
    const chunk = manifest[current];
    if (!chunk || seen.has(current)) return;
    seen.add(current);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

/**
 * `<link rel="modulepreload">` tags for the screen a URL opens. Without them the browser
 * learns of the screen's chunk only after the entry chunk has downloaded and run and the router has
 * matched the URL: one more round trip before the screen can render (Lighthouse's critical chain
 * index.html → entry → route chunk → data). The entry's own chunks are in index.html already.
 * Returns '' for a URL with no screen module of its own (e.g. an unknown path).
 */
export function routePreloads(root: string): (pathname: string) => string {
  const preloadsOf = modulePreloads(root);
  return (pathname) => {
    const segment = pathname.split('/')[1] ?? '';
    if (!SEGMENT.test(segment)) return '';
    return preloadsOf(`app/routes/${SCREEN_BY_SEGMENT[segment] ?? segment}.tsx`);
  };
}

/**
 * `<link rel="modulepreload">` tags for a module of the app (its key in Vite's manifest: its path under
 * web/) and what it imports, but for the entry's own chunks (in index.html already); '' for no such module.
 */
export function modulePreloads(root: string): (key: string) => string {
  const manifest = readManifest(root);
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const inShell = new Set(entryKey ? staticClosure(manifest, entryKey) : []);
  const tagsByKey = new Map<string, string>();
  return (key) => {
    if (!entryKey) return '';
    let tags = tagsByKey.get(key);
    if (tags === undefined) {
      tags = staticClosure(manifest, key)
        .filter((file) => !inShell.has(file))
        // `crossorigin` as Vite writes its own preloads: a module script is fetched in CORS mode, and a
        // preload in another mode would be fetched twice.
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join('');
      tagsByKey.set(key, tags);
    }
    return tags;
  };
}
