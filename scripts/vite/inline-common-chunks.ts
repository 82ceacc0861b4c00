import { readFileSync } from 'node:fs';

/** Common chunks smaller than this (bytes of transformed source) are copied into the chunks that use them. */
const MAX_INLINED_BYTES = 8 * 1024;

/**
 * A React context (Radix's `createContextScope` too), or state kept at module level: a `let` at the top of
 * the file (compiled code declares its constants and functions with `var` too, so `var` says nothing).
 */
const ONE_INSTANCE_ONLY = /\bcreateContext(?:Scope)?\s*[<(]|^let /m;
const SOURCE = /\.(?:[cm]?js|jsx|tsx?)$/;
/**
 * React's own packages keep their state in `var`s the rule above cannot tell from constants: the hooks
 * dispatcher (react's ReactSharedInternals), react-dom's roots and event system, the scheduler's queue.
 */
const REACT_PACKAGE = /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/;

const verdicts = new Map<string, boolean>();

/**
 * Whether the module must exist once in the page: a second copy of a context would not see the first's
 * provider, and a second copy of module state would not share it. Read from its source, so a new module
 * of either kind is covered without a list to keep.
 */
export function mustStayOneInstance(id: string): boolean {
  const file = id.split('?')[0] ?? id;
  let verdict = verdicts.get(file);
  if (verdict === undefined) {
    try {
      verdict =
        SOURCE.test(file) && (REACT_PACKAGE.test(file) || ONE_INSTANCE_ONLY.test(readFileSync(file, 'utf8')));
    } catch {
      // A virtual module (no file): Vite's and Rolldown's helpers, which hold no state of ours.
      verdict = false;
    }
    verdicts.set(file, verdict);
  }
  return verdict;
}

/**
 * Rolldown's `experimentalInlineCommonChunks` for the client build (ADR 048): code-splitting per screen
 * had left each first load 22-37 JS files, most of 1-3 KiB shared by a few screens, and Lighthouse's
 * HTTP/1.1 model fetches 6 at a time per origin, so the screen waited for waves of round trips. Small
 * common chunks are copied into the chunks that use them instead (11-16 files a page, +1.5-3 KiB gzip),
 * except a chunk holding a module that must stay one instance.
 */
export const inlineCommonChunks = {
  maxSize: MAX_INLINED_BYTES,
  exclude: mustStayOneInstance,
};

/** The modules the build put in more than one chunk, with those chunks (from bundle-stats.json's chunks). */
export function copiedModules(chunks: Record<string, { modules: { id: string }[] }>): Map<string, string[]> {
  const chunksOf = new Map<string, string[]>();
  for (const [chunk, { modules }] of Object.entries(chunks))
    for (const { id } of modules) chunksOf.set(id, [...(chunksOf.get(id) ?? []), chunk]);
  return new Map([...chunksOf].filter(([, found]) => found.length > 1));
}

/**
 * lucide's icon runtime, Radix Slot and `cn` in one chunk, as automatic chunking had them while every screen
 * that used one used the others: once a lazy chunk used `cn` and Slot without an icon (Start a Pot's form, after
 * the checkbox went native, issue 23), they split into two chunks just over the inlining size, and every page
 * loaded both (+0.2-0.3 KiB gzip each). Every page's first load uses all three anyway. Only these modules, not
 * their dependencies (react stays in its own chunk).
 */
export const sharedUiGroup = {
  name: 'utils',
  test: /[\\/]node_modules[\\/](?:lucide-react[\\/]dist[\\/]esm[\\/](?:shared[\\/]|Icon\.mjs|createLucideIcon\.mjs|context\.mjs)|@radix-ui[\\/]react-(?:slot|compose-refs)[\\/]|clsx[\\/])|[\\/]web[\\/]lib[\\/]utils\.ts$/,
  includeDependenciesRecursively: false,
};
