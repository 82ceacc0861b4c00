import { createServer, type Server } from 'node:http';
import { expect, test } from './fixtures.ts';
import { befriend, placeBet } from './scenario.ts';

/*
 * A page on a sibling origin (same site, another port, so the
 * SameSite=Lax session cookie still goes along) cannot accept a bet for the
 * signed-in victim, neither with a form nor with fetch.
 */

type MyBets = { pending: { items: { id: string }[] }; active: { items: { id: string }[] } };

/** Serves one HTML page on another localhost port: the attacker's sibling origin. */
async function serveSiblingPage(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('sibling page server has no port');
  const { port } = address;
  return {
    url: `http://localhost:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test('a form or fetch on a sibling origin cannot accept a bet for the signed-in opponent', async ({
  poolUser,
  baseURL,
  consoleGuard,
}) => {
  const [creator, victim] = [await poolUser(), await poolUser()];
  await befriend(creator, victim);
  const betId = await placeBet(creator, victim, { description: 'Forged acceptance check', amount: 7 });
  const acceptUrl = `${baseURL}/api/bets/${betId}/accept`;

  // A text/plain form body that reads as JSON, and two fetches: one that needs
  // no CORS preflight (no-cors, text/plain) and one that does (JSON).
  const attacker = await serveSiblingPage(`<!doctype html>
    <form id="forged" method="POST" action="${acceptUrl}" enctype="text/plain">
      <input type="hidden" name='{"prediction":"forged","x":"' value='"}'>
    </form>
    <script>
      window.attempts = Promise.allSettled([
        fetch(${JSON.stringify(acceptUrl)}, { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: '{}' }),
        fetch(${JSON.stringify(acceptUrl)}, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: '{}' }),
      ]).then((results) => results.map((result) => result.status));
    </script>`);
  // Chromium reports the blocked answers: CORP (no-cors) and CORS (the JSON preflight).
  consoleGuard.allow(/CORS policy|net::ERR_FAILED|net::ERR_BLOCKED_BY_RESPONSE/);
  try {
    const page = await victim.newPage();
    await page.goto(attacker.url);
    // Both reach the server (it decides); the page learns nothing from either answer.
    expect(await page.evaluate((): unknown => Reflect.get(window, 'attempts'))).toEqual([
      'rejected',
      'rejected',
    ]);

    const answered = page.waitForResponse(acceptUrl);
    await page.evaluate(() => document.forms.namedItem('forged')?.submit());
    const response = await answered;
    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: 'CROSS_ORIGIN' } });

    const bets = await creator.api.get<MyBets>('/api/bets/mine');
    expect(bets.pending.items.map((bet) => bet.id)).toContain(betId);
    expect(bets.active.items.map((bet) => bet.id)).not.toContain(betId);

    // The same browser, on our own page, may accept: it sends our Origin by itself.
    await page.goto('/profile');
    const status = await page.evaluate(
      async (url) =>
        (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }))
          .status,
      `/api/bets/${betId}/accept`,
    );
    expect(status).toBe(200);
    expect((await creator.api.get<MyBets>('/api/bets/mine')).active.items.map((bet) => bet.id)).toContain(
      betId,
    );
  } finally {
    await attacker.close();
  }
});
