import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { PAGE_BUDGETS } from './budgets.ts';

const web = path.resolve(import.meta.dirname, '../../web');
const router = readFileSync(path.join(web, 'app/router.tsx'), 'utf8');
const main = readFileSync(path.join(web, 'main.tsx'), 'utf8');

test.each(PAGE_BUDGETS.map((b) => [b.page, b.routeModules] as const))(
  'the budget for %s names route modules the router lazy-loads',
  (_page, routeModules) => {
    for (const module of routeModules) {
      expect(router).toContain(`import('./${path.relative('app', module)}')`);
    }
  },
);

test.each(PAGE_BUDGETS.map((b) => [b.page, b.renderedDataModules ?? []] as const))(
  'the budget for %s names modules web/main.tsx imports for a screen rendered with its data',
  (_page, modules) => {
    for (const module of modules) expect(main).toContain(`import('./${module}')`);
  },
);

// A ceiling above its target would let a page grow past the goal unnoticed, unless the budget says, measured,
// what keeps it there; a page back within its target drops that reason.
test('a CI ceiling above its target says why, and only then', () => {
  for (const budget of PAGE_BUDGETS) {
    const isOver = budget.ceilingKb > budget.targetKb;
    expect(Boolean(budget.overTarget?.trim()), `${budget.page}: overTarget`).toBe(isOver);
  }
});
