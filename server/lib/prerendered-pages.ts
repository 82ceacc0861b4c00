import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { escapeHtml } from './escape-html.ts';

/** Written by the build (scripts/vite/prerender.ts) beside the shell; a dot folder, never served as a file. */
const PAGES_FILE = '.prerender/pages.json';
const EMPTY_ROOT = '<div id="root"></div>';
const SHELL_TITLE = /<title>[^<]*<\/title>/;
/**
 * No paint before #root is parsed to its end, which the mark placed after it says: a half-parsed screen
 * painted its top part vertically centred (AuthLayout), which then moved up as the rest arrived
 * (Lighthouse: CLS 0.156 on /, reproduced at 4x CPU on a slow link). `rel=expect` aimed at #root itself
 * let Chromium 156 paint as soon as the root was opened; a rule that hid the root until the mark came held
 * the paint, but Lighthouse's simulation then counted the entry's download in the first paint. Browsers
 * without `rel=expect` ignore it and paint as before.
 */
const ROOT_END = '<span id="prerendered-end" hidden></span>';
const RENDER_WHOLE_ROOT = '<link rel="expect" href="#prerendered-end" blocking="render">';

const pagesSchema = z.record(z.string(), z.object({ title: z.string().nullable(), html: z.string() }));
export type PrerenderedPages = z.infer<typeof pagesSchema>;

/**
 * The build's prerendered signed-out screens by path, or none when the build has none (an older build, a
 * test root): the plain shell is always a correct answer, only a slower one.
 */
export async function readPrerenderedPages(root: string): Promise<PrerenderedPages> {
  let text: string;
  try {
    text = await readFile(path.join(root, PAGES_FILE), 'utf8');
  } catch {
    return {};
  }
  const parsed = pagesSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : {};
}

/**
 * Which prerendered screen (if any) answers this request (ADR 047). Only without a session
 * cookie: with one, the guards send a signed-in visitor on to /home, which the plain shell does. Not with
 * `?invite=`: the screens' links carry the invite on, so their first render differs from the build's, and
 * hydration keeps a server attribute that differs instead of patching it. Other query parameters
 * (redirectTo, verified, error) change nothing in the first render.
 */
export function prerenderedPathFor(
  pages: PrerenderedPages,
  pathname: string,
  search: URLSearchParams,
  isSignedOut: boolean,
): string | null {
  if (!isSignedOut || search.has('invite') || !Object.hasOwn(pages, pathname)) return null;
  return pathname;
}

/**
 * The shell with the screen inside `#root`, marked with its path (web/main.tsx hydrates only a root
 * prerendered for the URL it runs at), the screen's title in the head, and its first paint held until
 * the whole screen is parsed. `afterRoot` (a signed-in screen's data, ADR 067) follows the screen, so
 * it does not hold that paint.
 */
export function withScreen(
  shell: string,
  pathname: string,
  page: PrerenderedPages[string],
  afterRoot = '',
): string {
  if (!shell.includes(EMPTY_ROOT)) return shell;
  const withRoot = shell.replace(
    EMPTY_ROOT,
    () =>
      `<div id="root" data-prerendered="${escapeHtml(pathname)}">${page.html}</div>${ROOT_END}${afterRoot}`,
  );
  const titled =
    page.title === null
      ? withRoot
      : withRoot.replace(SHELL_TITLE, () => `<title>${escapeHtml(page.title ?? '')}</title>`);
  return titled.replace('</head>', `${RENDER_WHOLE_ROOT}</head>`);
}

/** The shell with the build's prerendered screen for `pathname` (ADR 047), or as it is when there is none. */
export function withPrerenderedPage(shell: string, pages: PrerenderedPages, pathname: string): string {
  const page = pages[pathname];
  return page ? withScreen(shell, pathname, page) : shell;
}
