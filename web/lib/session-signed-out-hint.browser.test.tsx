import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { worker } from '../testing/msw.ts';

// Before the session module runs, as the server writes it into the shell of a request without a session cookie.
const hint = document.createElement('meta');
hint.name = 'sidepot-session';
hint.content = 'none';
document.head.append(hint);
const { useSession } = await import('./session.ts');

function SessionProbe() {
  const { data, isPending } = useSession();
  return <p>{isPending ? 'pending' : data ? 'signed in' : 'signed out'}</p>;
}

test("a shell that says nobody is signed in: the first render knows it, and the session isn't read", async () => {
  let reads = 0;
  worker.use(
    http.get('/api/auth/get-session', () => {
      reads += 1;
      return HttpResponse.json(null);
    }),
  );
  const screen = await render(<SessionProbe />);
  // The first commit, not a later one: no spinner frame before a public screen.
  expect(screen.container.textContent).toBe('signed out');
  await new Promise((resolve) => setTimeout(resolve, 200));
  await expect.element(page.getByText('signed out')).toBeVisible();
  expect(reads).toBe(0);
});
