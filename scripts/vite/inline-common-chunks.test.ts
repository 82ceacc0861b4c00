import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { copiedModules, mustStayOneInstance } from './inline-common-chunks.ts';

const fromRoot = (relative: string) => fileURLToPath(new URL(`../../${relative}`, import.meta.url));

test('a module creating a React context or keeping module state must stay one instance', () => {
  // Our tabs' context (a generic createContext<…>(…)), Radix's context scopes, a module-level `let`.
  expect(mustStayOneInstance(fromRoot('web/components/ui/tabs.tsx'))).toBe(true);
  expect(mustStayOneInstance(fromRoot('node_modules/@radix-ui/react-alert-dialog/dist/index.mjs'))).toBe(
    true,
  );
  expect(mustStayOneInstance(fromRoot('web/lib/toast.ts'))).toBe(true);
});

test("React's own modules stay one instance: their state is in plain `var`s", () => {
  expect(mustStayOneInstance(fromRoot('node_modules/react/cjs/react.production.js'))).toBe(true);
  expect(mustStayOneInstance(fromRoot('node_modules/react/jsx-runtime.js'))).toBe(true);
  expect(mustStayOneInstance(fromRoot('node_modules/react-dom/cjs/react-dom-client.production.js'))).toBe(
    true,
  );
  expect(mustStayOneInstance(fromRoot('node_modules/scheduler/cjs/scheduler.production.js'))).toBe(true);
});

test('a stateless module may be copied, and so may a virtual one', () => {
  expect(mustStayOneInstance(fromRoot('web/components/ui/card.tsx'))).toBe(false);
  expect(mustStayOneInstance(fromRoot('domain/money.ts'))).toBe(false);
  expect(mustStayOneInstance('\0vite/preload-helper.js')).toBe(false);
  expect(mustStayOneInstance(fromRoot('web/index.css'))).toBe(false);
});

test('copiedModules lists each module found in more than one chunk, with its chunks', () => {
  const chunks = {
    'a.js': { modules: [{ id: 'web/x.ts' }, { id: 'web/y.ts' }] },
    'b.js': { modules: [{ id: 'web/x.ts' }] },
    'c.js': { modules: [{ id: 'web/z.ts' }, { id: 'web/x.ts' }] },
  };
  expect([...copiedModules(chunks)]).toEqual([['web/x.ts', ['a.js', 'b.js', 'c.js']]]);
});
