import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { me, sessionFor } from '../testing/factories.ts';
import { worker } from '../testing/msw.ts';
import { refetchSession, useSession } from './session.ts';

test('a session read that answers what the store holds renders nothing again; a different answer does', async () => {
  let answer = sessionFor(me);
  worker.use(http.get('/api/auth/get-session', () => HttpResponse.json(answer)));
  const renders: string[] = [];
  function SessionProbe() {
    const { data } = useSession();
    renders.push(data?.user.name ?? 'nobody');
    return <p>{data ? `Signed in as ${data.user.name}` : 'Reading'}</p>;
  }
  await render(<SessionProbe />);
  await expect.element(page.getByText(`Signed in as ${me.name}`)).toBeVisible();
  const settled = renders.length;

  // The same user, as a tab coming back into view reads it: the store keeps its state (ADR 068).
  await refetchSession();
  await refetchSession();
  expect(renders.length).toBe(settled);

  answer = sessionFor({ ...me, name: 'Morgan Renamed' });
  await refetchSession();
  await expect.element(page.getByText('Signed in as Morgan Renamed')).toBeVisible();
});
