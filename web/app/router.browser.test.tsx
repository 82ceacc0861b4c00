import { expect, test } from 'vitest';
import { createAppRouter } from './router.tsx';

test("the router starts with the first screen's module loaded: its first render is that screen, not a fallback", async () => {
  const router = await createAppRouter();
  expect(router.state.initialized).toBe(true);
  // Whichever screen the test page's URL opens (/: sign-up), lazily loaded like every screen.
  const screen = router.state.matches.at(-1)?.route;
  expect(screen?.lazy).toBeUndefined();
  // The router turns a route's Component into its element.
  expect(screen?.element).toBeTruthy();
  router.dispose();
});
