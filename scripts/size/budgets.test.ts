import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { PAGE_BUDGETS } from './budgets.ts';

const web = path.resolve(import.meta.dirname, '../../web');
const router = readFileSync(path.join(web, 'app/router.tsx'), 'utf8');

test.each(PAGE_BUDGETS.map((b) => [b.page, b.routeModules] as const))(
  'the budget for %s names route modules the router lazy-loads',
  (_page, routeModules) => {
    for (const module of routeModules) {
      expect(router).toContain(`import('./${path.relative('app', module)}')`);
    }
  },
);

test('no interim ceiling is below its target (a met target replaces the interim one)', () => {
  for (const budget of PAGE_BUDGETS) expect(budget.interimKb).toBeGreaterThanOrEqual(budget.targetKb);
});
