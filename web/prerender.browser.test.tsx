import { http, HttpResponse } from 'msw';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, expect, test } from 'vitest';
import { App } from './app/app.tsx';
import { createAppRouter } from './app/router.tsx';
import { PRERENDERED_PATHS, prerender } from './prerender.tsx';
import { refetchSession } from './lib/session.ts';
import { worker } from './testing/msw.ts';

/*
 * The build's prerender and the browser's first render must be the same tree (ADR 047). Preact (ADR 046)
 * adopts the server's nodes without comparing them, so a drift (a text, an attribute, a node) would stay on
 * screen silently: this test renders the screen in the browser from scratch and compares the two DOMs.
 */

const roots: Root[] = [];
const containers: HTMLElement[] = [];
const testPageUrl = window.location.href;

afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
  for (const container of containers.splice(0)) container.remove();
  window.history.replaceState(null, '', testPageUrl);
});

function attach(html = ''): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  containers.push(container);
  return container;
}

/** The DOM as markup would give it: adjacent texts merged, as HTML's parser would have made them. */
function normalised(container: HTMLElement): Node {
  const copy = container.cloneNode(true);
  copy.normalize();
  return copy;
}

function describeNode(node: Node | undefined): string {
  if (!node) return 'nothing';
  if (node instanceof Element) return node.outerHTML.slice(0, 160);
  return `${node.nodeName} ${JSON.stringify(node.textContent)}`;
}

/**
 * An attribute's value as the page sees it: a style as the browser reads it (the renderers space
 * declarations differently), an input's value as its property (markup has the attribute, Preact sets the
 * property).
 */
function attributeValue(element: Element, name: string): string | null {
  if (name === 'style' && element instanceof HTMLElement) return element.style.cssText;
  if (name === 'value' && element instanceof HTMLInputElement) return element.value;
  return element.getAttribute(name);
}

/** Where two trees first differ (a node, an attribute or a text), or null: a readable failure, not `false`. */
function firstDifference(a: Node, b: Node): string | null {
  if (a.nodeName !== b.nodeName || (!(a instanceof Element) && a.textContent !== b.textContent))
    return `${describeNode(a)} ≠ ${describeNode(b)}`;
  if (a instanceof Element && b instanceof Element) {
    const names = new Set([...a.getAttributeNames(), ...b.getAttributeNames()]);
    for (const name of names)
      if (attributeValue(a, name) !== attributeValue(b, name))
        return `${a.tagName}[${name}]: ${JSON.stringify(a.getAttribute(name))} ≠ ${JSON.stringify(b.getAttribute(name))}`;
  }
  const count = Math.max(a.childNodes.length, b.childNodes.length);
  for (let i = 0; i < count; i += 1) {
    const [left, right] = [a.childNodes[i], b.childNodes[i]];
    if (!left || !right) return `${describeNode(left)} ≠ ${describeNode(right)}`;
    const difference = firstDifference(left, right);
    if (difference) return difference;
  }
  return null;
}

test.each(PRERENDERED_PATHS)('%s: the prerendered HTML is the browser’s own first screen', async (path) => {
  // The store reads the session when the browser's router starts (the shell's signed-out tag is not here).
  worker.use(http.get('/api/auth/get-session', () => HttpResponse.json(null)));
  const { title, html } = await prerender(path);
  expect(title).toBe(path === '/login' ? 'Sign In · Sidepot' : 'Join · Sidepot');
  const server = attach(html);
  expect(server.querySelector('h1')?.textContent).toMatch(/^(Join|Welcome Back)$/);
  const prerendered = normalised(server);

  // Settled signed out, as the shell's tag says for every request that gets a prerendered screen.
  await refetchSession();
  window.history.replaceState(null, '', path);
  const router = await createAppRouter();
  const rendered = attach();
  const root = createRoot(rendered);
  roots.push(root);
  // Preact renders synchronously; what effects then change (Radix measuring a control) comes in a later
  // render. So this is the first render alone, which hydration takes the server's nodes for.
  root.render(<App router={router} />);
  expect(firstDifference(normalised(rendered), prerendered)).toBeNull();
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

  window.history.replaceState(null, '', '/login');
  roots.push(hydrateRoot(container, <App router={await createAppRouter()} />));
  await expect.poll(() => document.title).toBe('Sign In · Sidepot');
  expect(container.querySelector('h1')).toBe(heading);
  expect(container.querySelector('input')).toBe(field);
  expect(field.value).toBe('typed before the app ran');
});
