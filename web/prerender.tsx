import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from './app/app.tsx';
import { loadFirstScreen, routes } from './app/router.tsx';
import { collectTitles } from './components/layouts/document-title.tsx';

/** The signed-out first screens the build renders into HTML (ADR 047); the server serves them by path. */
export const PRERENDERED_PATHS = ['/', '/signup', '/login'] as const;

/** One screen: the title the server puts in the shell's head, and the markup that goes inside `#root`. */
export type PrerenderedScreen = { title: string | null; html: string };

/**
 * The HTML of `path`'s first screen, signed out, as the browser's first render makes it: the same tree
 * (web/app/app.tsx), the screen's module loaded before the router starts (as createAppRouter does), and
 * the session store's signed-out state (web/lib/session.ts, its server snapshot). Run by the build
 * (scripts/vite/prerender.ts) through Vite's SSR build, so it sees the same aliases as the client.
 */
export async function prerender(path: string): Promise<PrerenderedScreen> {
  await loadFirstScreen(path);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  let title: string | null = null;
  const html = collectTitles(
    (text) => (title ??= text),
    () => renderToString(<App router={router} />),
  );
  return { title, html };
}
