import { expect, test } from 'vitest';
import { matchScreen } from '#web/lib/router/router.tsx';
import { createAppRouter, loadFirstScreen, routes } from './router.tsx';

test("the router starts with the first screen's module loaded: its first render is that screen, not a fallback", async () => {
  const router = await createAppRouter();
  // Whichever screen the test page's URL opens (/: sign-up), lazily loaded like every screen.
  const pathname = router.location().pathname;
  expect(matchScreen(routes, pathname)?.route.screen.preload()).toBeUndefined();
  router.dispose();
});

test('every path has a screen, the unknown ones the not-found screen, and loading one is idempotent', async () => {
  expect(matchScreen(routes, '/bets/abc')?.route.path).toBe('/bets/:id');
  expect(matchScreen(routes, '/invite/XYZ')?.route.path).toBe('/invite/:code');
  expect(matchScreen(routes, '/no/such/page')?.route.path).toBe('*');
  await loadFirstScreen('/sms-opt-in-policy?from=x');
  expect(matchScreen(routes, '/sms-opt-in-policy')?.route.screen.preload()).toBeUndefined();
});
