import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { hasReactDomProductionClient } from './renderer.ts';

const read = (relative: string) =>
  readFileSync(fileURLToPath(new URL(`../../node_modules/${relative}`, import.meta.url)), 'utf8');
const reactDomFile = (build: 'production' | 'development') =>
  read(`react-dom/cjs/react-dom-client.${build}.js`);

test("react-dom's production client is recognised", () => {
  expect(hasReactDomProductionClient(reactDomFile('production'))).toBe(true);
});

test("react-dom's development client, React's core alone or another renderer is not", () => {
  expect(hasReactDomProductionClient(reactDomFile('development'))).toBe(false);
  expect(hasReactDomProductionClient(read('react/cjs/react.production.js'))).toBe(false);
  // A React-shaped renderer's entry (an alias such as ADR 046's preact/compat) has neither mark.
  expect(
    hasReactDomProductionClient('function hydrateRoot(e,t){return render(t,e)}export{hydrateRoot}'),
  ).toBe(false);
});
