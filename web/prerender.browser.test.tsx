import { http, HttpResponse } from 'msw';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, expect, test } from 'vitest';
import { App } from './app/app.tsx';
import { createAppRouter } from './app/router.tsx';
import { PRERENDERED_PATHS, prerender } from './prerender.tsx';
import { refetchSession } from './lib/session.ts';
import { worker } from './testing/msw.ts';

/*
 * The build's prerender and the browser's first render must be the same tree (ADR 047). React compares the
 * two while it hydrates: a differing text or node is a recoverable error after which it throws the server's
 * markup away and renders from scratch (a wasted render and a flash), a differing attribute a console error
 * in development (which fails any web test, web/testing/setup.ts). This test hydrates each prerendered screen
 * as web/main.tsx does and fails on either (ADR 049).
 */

const roots: Root[] = [];
const containers: HTMLElement[] = [];
const testPageUrl = window.location.href;

afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
  for (const container of containers.splice(0)) container.remove();
  window.history.replaceState(null, '', testPageUrl);
});

function attach(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  containers.push(container);
  return container;
}

/** Hydrates `container` with the app at `path`; resolves with React's recoverable errors once its first commit's effects ran. */
async function hydrate(container: HTMLElement, path: string): Promise<unknown[]> {
  window.history.replaceState(null, '', path);
  const router = await createAppRouter();
  const errors: unknown[] = [];
  await new Promise<void>((resolve) => {
    roots.push(
      hydrateRoot(container, <App router={router} onMounted={resolve} />, {
        onRecoverableError: (error) => errors.push(error),
      }),
    );
  });
  return errors;
}

test.each(PRERENDERED_PATHS)('%s: the prerendered HTML is the browser’s own first screen', async (path) => {
  // The store reads the session when the browser's router starts (the shell's signed-out tag is not here).
  worker.use(http.get('/api/auth/get-session', () => HttpResponse.json(null)));
  const { title, html } = await prerender(path);
  expect(title).toBe(path === '/login' ? 'Sign In · Sidepot' : 'Join · Sidepot');
  // The title goes to the shell's head (server/lib/prerendered-pages.ts), not into the root.
  expect(html).not.toContain('<title>');
  // Settled signed out, as the shell's tag says for every request that gets a prerendered screen.
  await refetchSession();
  const container = attach(html);
  expect(container.querySelector('h1')?.textContent).toMatch(/^(Join|Welcome Back)$/);
  const serverNodes = [...container.querySelectorAll('*')];

  expect(await hydrate(container, path)).toEqual([]);
  // Adopted, not rendered again: every element the server sent is still on the page.
  expect(serverNodes.filter((node) => !container.contains(node))).toEqual([]);
});

test('hydrating keeps the server’s nodes and what was typed into them', async () => {
  worker.use(http.get('/api/auth/get-session', () => HttpResponse.json(null)));
  const { html } = await prerender('/login');
  document.title = 'Sidepot';
  const container = attach(html);
  const heading = container.querySelector('h1');
  const field = container.querySelector('input');
  if (!field) throw new Error('the prerendered login form has no input');
  field.value = 'typed before the app ran';

  expect(await hydrate(container, '/login')).toEqual([]);
  await expect.poll(() => document.title).toBe('Sign In · Sidepot');
  expect(container.querySelector('h1')).toBe(heading);
  expect(container.querySelector('input')).toBe(field);
  expect(field.value).toBe('typed before the app ran');
});
