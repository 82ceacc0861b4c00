import { AsyncLocalStorage } from 'node:async_hooks';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';

/** Written by the build (scripts/vite/prerender.ts) beside the prerendered pages; a dot folder, never served. */
export const RENDER_MODULE_FILE = '.prerender/render.mjs';
const SESSION_PATH = '/api/auth/get-session';
/** The element the data goes in: web/lib/rendered-data.ts reads it. */
export const RENDERED_DATA_ID = 'rendered-data';

/** A GET of the API made for the request being answered, with its cookies (server/app.ts). */
export type ReadApi = (path: string) => Promise<Response>;

/** A signed-in screen rendered with its data (ADR 067). */
export type RenderedScreen = {
  title: string | null;
  html: string;
  /** What the browser starts from: the session and every query's data, as JSON safe inside a `<script>`. */
  dataJson: string;
};

const screenSchema = z.object({ title: z.string().nullable(), html: z.string(), dataJson: z.string() });
const renderModuleSchema = z.object({
  rendersScreen: z.custom<(pathname: string) => Promise<boolean>>((v) => typeof v === 'function'),
  renderSignedIn: z.custom<
    (url: string, session: unknown, options: { timeZone?: string | undefined }) => Promise<unknown>
  >((v) => typeof v === 'function'),
  answerFirstReadsWith: z.custom<(reads: ((path: string) => Promise<Response> | undefined) | null) => void>(
    (v) => typeof v === 'function',
  ),
});
type RenderModule = z.infer<typeof renderModuleSchema>;

/** JSON as a `<script type="application/json">`'s text: no `<` can close the element or open a comment. */
export function scriptSafeJson(json: string): string {
  return json.replace(/</g, '\\u003c');
}

/**
 * Renders the signed-in screens the build's render module knows (web/prerender.tsx's `renderSignedIn`) for a
 * request with a session, from the API's own answers to that request (ADR 067). The module's reads go through
 * one hook set once (`answerFirstReadsWith`); AsyncLocalStorage sends each to the request that made it, as
 * the server renders several at once. Without a build's module (API tests, an older build) it renders nothing.
 */
export function signedInPages(root: string) {
  const file = path.join(root, RENDER_MODULE_FILE);
  const current = new AsyncLocalStorage<ReadApi>();
  let loading: Promise<RenderModule | null> | undefined;
  const load = () =>
    (loading ??= access(file).then(
      async () => {
        const module = renderModuleSchema.parse(await import(pathToFileURL(file).href));
        module.answerFirstReadsWith((apiPath) => current.getStore()?.(apiPath));
        return module;
      },
      () => null,
    ));

  /**
   * `url`'s screen with its data, its times in `timeZone` (the viewer's, if known), or null: not a screen rendered ahead, nobody signed in, a read failed, or
   * the render failed (told to `onFailure`: the browser then renders the screen as it does without this).
   */
  return async function renderSignedIn(
    url: string,
    timeZone: string | undefined,
    readApi: ReadApi,
    onFailure: (error: unknown) => void,
  ): Promise<RenderedScreen | null> {
    const module = await load();
    if (!module || !(await module.rendersScreen(new URL(url, 'http://app.invalid').pathname))) return null;
    const sessionAnswer = await readApi(SESSION_PATH);
    if (!sessionAnswer.ok) return null;
    const session: unknown = await sessionAnswer.json();
    let rendered: unknown;
    try {
      rendered = await current.run(readApi, () => module.renderSignedIn(url, session, { timeZone }));
    } catch (error) {
      onFailure(error);
      return null;
    }
    if (rendered === null) return null;
    const screen = screenSchema.parse(rendered);
    return { ...screen, dataJson: scriptSafeJson(screen.dataJson) };
  };
}
