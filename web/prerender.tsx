import { renderToString } from 'react-dom/server';
import { App } from './app/app.tsx';
import { loadFirstScreen, loadScreen } from './app/router.tsx';
import { createMemoryHistory } from './lib/router/history.ts';

/** The signed-out first screens the build renders into HTML (ADR 047); the server serves them by path. */
export const PRERENDERED_PATHS = ['/', '/signup', '/login'] as const;

/** One screen: the title the server puts in the shell's head, and the markup that goes inside `#root`. */
export type PrerenderedScreen = { title: string | null; html: string };

/** React's escapes of a text (react-dom/server's escapeTextForBrowser), undone. */
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
};
/** React 19 writes a root's hoisted `<title>` (DocumentTitle) ahead of its markup. */
const HOISTED_TITLE = /^<title>([^<]*)<\/title>/;

/**
 * The HTML of `path`'s first screen, signed out, as the browser's first render makes it: the same tree
 * (web/app/app.tsx), the screen's module loaded before the router starts (as createAppRouter does), and
 * the session store's signed-out state (web/lib/session.ts, its server snapshot). Run by the build
 * (scripts/vite/prerender.ts) through Vite's SSR build. The hoisted `<title>` is taken out of the markup:
 * the server puts it in the shell's head, where React's hydration adopts it (ADR 049).
 */
export async function prerender(path: string): Promise<PrerenderedScreen> {
  await loadFirstScreen(path);
  const router = createMemoryHistory({ initialEntries: [path], prepare: loadScreen });
  const rendered = renderToString(<App router={router} />);
  const hoisted = HOISTED_TITLE.exec(rendered);
  if (!hoisted) return { title: null, html: rendered };
  const title = (hoisted[1] ?? '').replace(
    /&(amp|lt|gt|quot|#x27);/g,
    (entity) => ENTITIES[entity] ?? entity,
  );
  return { title, html: rendered.slice(hoisted[0].length) };
}
