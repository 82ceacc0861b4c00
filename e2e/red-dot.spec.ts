import type { Page } from '@playwright/test';
import { betCard, expectDot, goToProfile, openLive, section } from './bet-pages.ts';
import { expect, expectToastAndClose, saveScreen, test } from './fixtures.ts';
import { activeBet, befriend, placeBet } from './scenario.ts';

/*
 * The red dot on Profile and the Activity bell follow the server while a user sits on a screen: lines
 * that arrive live light them, clicking Profile reads every line on the server, and answering what
 * waits on you puts the dot out, all without a reload (spec section 4, 'Action indicator on Profile').
 */

const badge = (page: Page) => page.getByTestId('activity-badge');

type Summary = { unreadCount: number; hasPendingAction: boolean };

test('on /profile while three lines arrive live, clicking Profile clears the dot and the bell without a reload', async ({
  poolUser,
}) => {
  const [ana, ben] = [await poolUser(), await poolUser()];
  await befriend(ana, ben);
  const betId = await activeBet(ana, ben, { description: 'Ben runs a 5k before June', amount: 10 });

  const benPage = await ben.newPage();
  await openLive(benPage, '/profile');
  await expectDot(benPage, false);
  await expect(badge(benPage)).toHaveCount(0);

  // Three lines reach Ben while he looks at his profile; none asks anything of him.
  for (const text of ['First!', 'You will never make it', 'Training starts Monday?'])
    await ana.api.post(`/api/bets/${betId}/comments`, { text });
  await expect(badge(benPage)).toHaveText('3');
  await expectDot(benPage, true);
  await saveScreen(benPage, 'red-dot-three-live-lines', { fullPage: false });

  await goToProfile(benPage);
  await expectDot(benPage, false);
  await expect(badge(benPage)).toHaveCount(0);
  // Read on the server, not only on this screen.
  await expect
    .poll(async () => (await ben.api.get<Summary>('/api/notifications/summary')).unreadCount)
    .toBe(0);
});

test('clicking Profile again reads lines that arrived after the last click', async ({ poolUser }) => {
  const [ana, ben] = [await poolUser(), await poolUser()];
  await befriend(ana, ben);
  const betId = await activeBet(ana, ben, { description: 'Ana bakes sourdough twice', amount: 5 });

  const benPage = await ben.newPage();
  await openLive(benPage, '/feed');
  await ana.api.post(`/api/bets/${betId}/comments`, { text: 'Starter is alive' });
  await expect(badge(benPage)).toHaveText('1');
  await goToProfile(benPage);
  await expectDot(benPage, false);

  // Still on /profile: the next lines light it again, and the next click reads them too.
  await ana.api.post(`/api/bets/${betId}/comments`, { text: 'Loaf one is done' });
  await ana.api.post(`/api/bets/${betId}/comments`, { text: 'Loaf two is in the oven' });
  await expect(badge(benPage)).toHaveText('2');
  await goToProfile(benPage);
  await expectDot(benPage, false);
  await expect(badge(benPage)).toHaveCount(0);
});

test('the bet that lit the dot puts it out once it is answered, on the same screen', async ({ poolUser }) => {
  const [ana, ben] = [await poolUser(), await poolUser()];
  await befriend(ana, ben);
  const benPage = await ben.newPage();
  await openLive(benPage, '/profile');
  await expectDot(benPage, false);

  const description = 'Ben reads ten books this year';
  await placeBet(ana, ben, { description, amount: 20 });
  await expectDot(benPage, true);
  await expect(badge(benPage)).toHaveText('1');

  // Reading the line leaves the dot on: the bet still waits on Ben.
  await goToProfile(benPage);
  await expect(badge(benPage)).toHaveCount(0);
  await expectDot(benPage, true);

  const pending = betCard(section(benPage, 'Pending Bets'), ana, ben, description);
  await pending.getByRole('button', { name: 'Accept' }).click();
  const dialog = benPage.getByRole('dialog', { name: 'Accept Bet' });
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expectToastAndClose(benPage, 'Bet accepted', 'The bet is now active!');
  await expectDot(benPage, false);
  const summary = await ben.api.get<Summary>('/api/notifications/summary');
  expect(summary).toEqual({ unreadCount: 0, hasPendingAction: false });
});

test('clicking Profile reads every line on the server even when this screen missed them (its stream was down)', async ({
  poolUser,
}) => {
  const [ana, ben] = [await poolUser(), await poolUser()];
  await befriend(ana, ben);
  const betId = await activeBet(ana, ben, { description: 'Ana swims a mile', amount: 5 });

  const benPage = await ben.newPage();
  // No event stream: a 204 tells EventSource not to reconnect, so the screen never hears of new lines.
  await benPage.route('**/api/events', (route) => route.fulfill({ status: 204 }));
  // The dot is off until the summary is in, too: the page comes with it (read by the server, ADR 067), so it
  // is in before the lines arrive.
  const page = await benPage.goto('/profile');
  expect(await page?.text()).toContain('"unreadCount":0');
  await expectDot(benPage, false);
  for (const text of ['Lane 4 is mine', 'Goggles packed', 'See you at 6'])
    await ana.api.post(`/api/bets/${betId}/comments`, { text });
  expect((await ben.api.get<Summary>('/api/notifications/summary')).unreadCount).toBe(3);
  // The screen's summary is stale: it still says nothing is new.
  await expect(badge(benPage)).toHaveCount(0);
  await expectDot(benPage, false);

  await goToProfile(benPage);
  await expect
    .poll(async () => (await ben.api.get<Summary>('/api/notifications/summary')).unreadCount)
    .toBe(0);
  await expectDot(benPage, false);
  await expect(badge(benPage)).toHaveCount(0);
});
