import type { Page } from '@playwright/test';
import { betCard, expectDot, goToProfile, openLive, section } from './bet-pages.ts';
import { expect, expectToastAndClose, saveScreen, test } from './fixtures.ts';
import { befriend, placeBet } from './scenario.ts';

/*
 * A browser keeps at most 6 HTTP/1.1 connections per origin, shared by all its
 * tabs (docs/architecture.md, "SSE over HTTP/1.1"). With an event stream per tab the
 * seventh tab could not even load; the app shares one stream, held by a leader
 * tab and relayed to the others. Seven tabs of one browser context prove it.
 */

const TABS = 7;

test('seven tabs of one browser share one event stream: each updates live and stays responsive', async ({
  poolUser,
}) => {
  const [ivy, jon] = [await poolUser(), await poolUser()];
  await befriend(ivy, jon);

  const first = await jon.newPage();
  const context = first.context();
  const streamsOpened: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events') streamsOpened.push(request.url());
  });

  await openLive(first, '/feed');
  const tabs: Page[] = [first];
  while (tabs.length < TABS) {
    const tab = await context.newPage();
    await tab.goto('/feed');
    await expect(tab.getByText('No bets yet', { exact: true })).toBeVisible();
    tabs.push(tab);
  }
  const [tab1, tab2, seventh] = [tabs[0], tabs[1], tabs[TABS - 1]] as [Page, Page, Page];
  for (const tab of tabs) await expectDot(tab, false);

  // Ivy bets against Jon: every tab gets the dot and the card, the last opened and the first alike.
  const lunch = { description: 'Ivy eats lunch before noon every day this week', amount: 10 };
  await placeBet(ivy, jon, lunch);
  for (const tab of [seventh, tab1, ...tabs]) {
    await expectDot(tab, true);
    await expect(betCard(tab, ivy, jon, lunch.description)).toContainText('Pending');
  }
  await saveScreen(seventh, 'realtime-seventh-tab-dot-390', { fullPage: false });

  // The seventh tab moves to the profile and acts there; the other six follow.
  await goToProfile(seventh);
  const pending = betCard(section(seventh, 'Pending Bets'), ivy, jon, lunch.description);
  await pending.getByRole('button', { name: 'Accept' }).click();
  await seventh.getByRole('dialog', { name: 'Accept Bet' }).getByRole('button', { name: 'Accept' }).click();
  await expectToastAndClose(seventh, 'Bet accepted', 'The bet is now active!');
  await expect(betCard(section(seventh, 'Active Bets'), ivy, jon, lunch.description)).toBeVisible();
  for (const tab of tabs) await expectDot(tab, false);
  for (const tab of tabs.slice(0, -1)) {
    await expect(betCard(tab, ivy, jon, lunch.description)).toContainText('Active');
  }

  // A full load of the seventh tab still gets its connections.
  await seventh.reload();
  await expect(betCard(section(seventh, 'Active Bets'), ivy, jon, lunch.description)).toBeVisible();
  expect(streamsOpened, 'one event stream for all seven tabs').toHaveLength(1);

  // When the leading tab closes, another takes the stream over and the rest stay live.
  const takeover = context.waitForEvent(
    'response',
    (response) => new URL(response.url()).pathname === '/api/events',
  );
  await tab1.close();
  expect((await takeover).status()).toBe(200);
  const coffee = { description: 'Ivy skips coffee until Friday', amount: 1 };
  await placeBet(ivy, jon, coffee);
  await expect(betCard(section(seventh, 'Pending Bets'), ivy, jon, coffee.description)).toContainText('$1');
  await expectDot(seventh, true);
  await expect(betCard(tab2, ivy, jon, coffee.description)).toContainText('Pending');
  await expectDot(tab2, true);
  expect(streamsOpened, 'exactly one more stream, opened by the new leader').toHaveLength(2);
});

const isStream = (url: string) => new URL(url).pathname === '/api/events';

/** Holds the page's requests matching `glob` until the returned function is called. */
async function hold(page: Page, glob: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(glob, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("a change made after a page read its data but before its event stream opened still reaches the page", async ({
  poolUser,
}) => {
  const [ivy, jon] = [await poolUser(), await poolUser()];
  await befriend(ivy, jon);
  const page = await jon.newPage();
  const releaseStream = await hold(page, '**/api/events');
  await page.goto('/feed');
  await expect(page.getByText('No bets yet', { exact: true })).toBeVisible();

  const bet = { description: 'Ivy bets before the stream is up', amount: 4 };
  await placeBet(ivy, jon, bet);
  const stream = page.waitForResponse((response) => isStream(response.url()));
  releaseStream();
  expect((await stream).status()).toBe(200);
  await expect(betCard(page, ivy, jon, bet.description)).toContainText('Pending');
  await expectDot(page, true);
});

test('a tab that starts while another leads the stream gets the changes it missed while loading', async ({
  poolUser,
}) => {
  const [ivy, jon] = [await poolUser(), await poolUser()];
  await befriend(ivy, jon);
  const leader = await jon.newPage();
  const streamsOpened: string[] = [];
  leader.context().on('request', (request) => {
    if (isStream(request.url())) streamsOpened.push(request.url());
  });
  await openLive(leader, '/feed');
  await expect(leader.getByText('No bets yet', { exact: true })).toBeVisible();

  // The second tab's page comes with its feed (read by the server, ADR 067), then waits for its code: the
  // leader relays the change before this tab listens.
  const follower = await leader.context().newPage();
  const releaseCode = await hold(follower, '**/assets/*.js');
  const page = await follower.goto('/feed', { waitUntil: 'commit' });
  expect(page?.ok()).toBe(true);
  expect(await page?.text()).toContain('No bets yet');
  const bet = { description: 'Ivy bets while the second tab loads', amount: 6 };
  await placeBet(ivy, jon, bet);
  await expect(betCard(leader, ivy, jon, bet.description)).toContainText('Pending');
  releaseCode();
  await expect(betCard(follower, ivy, jon, bet.description)).toContainText('Pending');
  await expectDot(follower, true);
  expect(streamsOpened, 'the second tab follows: no stream of its own').toHaveLength(1);
});
