import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { App } from './app/app.tsx';
import { createAppRouter } from './app/router.tsx';
import { queryClient } from './lib/query-client.ts';
import { startFromRenderedData } from './lib/rendered-data.ts';
import type { SessionData } from './lib/session.ts';
import { renderSignedIn } from './prerender.tsx';
import {
  alex,
  bet,
  completedBet,
  feedBet,
  feedPot,
  me,
  profileScreen,
  sessionFor,
} from './testing/factories.ts';
import { http, HttpResponse } from 'msw';
import {
  feedHandlers,
  noLimits,
  profileHandlers,
  worker,
  type AllFriendsBody,
  type BalancesBody,
  type MyGroupsBody,
  type LimitsBody,
  type SummaryBody,
} from './testing/msw.ts';
import { betDraftKey, EMPTY_BET_DRAFT, saveBetDraft } from './features/bets/utils/bet-draft.ts';
import { localToday } from '#domain/bet-rules.ts';
import { renderClockAt } from './lib/render-clock.ts';
import { beginHydration } from './lib/router/router.tsx';

/*
 * A signed-in screen the server renders with its data (ADR 067) must be the browser's own first render of the
 * same data: React compares the two while it hydrates, and a differing text or node is a recoverable error
 * after which it throws the server's markup away (a flash, and the e2e suite's console guard fails). This test
 * renders each screen as the server does (web/prerender.tsx's renderSignedIn, its reads answered here by MSW)
 * and hydrates it as web/main.tsx does: the store from the rendered session, the first reads from the answers.
 */

const roots: Root[] = [];
const containers: HTMLElement[] = [];
const testPageUrl = window.location.href;

/**
 * React's development build warns when a context provider is rendered by two renderers "at once": here the
 * server's renderer (react-dom/static) and the browser's share one page, which never happens in the app (the
 * server renders in its own process). Only that warning is taken out of what the test setup checks.
 */
const TWO_RENDERERS = 'Detected multiple renderers concurrently rendering the same context provider';

afterEach(() => {
  const { calls } = vi.mocked(console.error).mock;
  for (let i = calls.length - 1; i >= 0; i -= 1)
    if (String(calls[i]?.[0]).startsWith(TWO_RENDERERS)) calls.splice(i, 1);
  for (const root of roots.splice(0)) root.unmount();
  for (const container of containers.splice(0)) container.remove();
  // After the roots: a mounted form writes its draft back as it changes.
  sessionStorage.clear();
  window.history.replaceState(null, '', testPageUrl);
  queryClient.clear();
});

/** The screen's markup as the server sends it, with its data beside it (server/lib/static-files.ts). */
function attach(html: string, dataJson: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = 'rendered-data';
  data.textContent = dataJson;
  document.body.append(container, data);
  containers.push(container, data);
  return container;
}

/** Hydrates as web/main.tsx does; resolves with React's recoverable errors once the first commit's effects ran. */
async function hydrate(container: HTMLElement, path: string): Promise<unknown[]> {
  window.history.replaceState(null, '', path);
  const rendered = startFromRenderedData(queryClient);
  if (!rendered) throw new Error('the page has no readable rendered data');
  const router = await createAppRouter();
  const errors: unknown[] = [];
  await new Promise<void>((resolve) => {
    roots.push(
      hydrateRoot(container, <App router={router} rendered={rendered} onMounted={resolve} />, {
        onRecoverableError: (error) => errors.push(error),
      }),
    );
  });
  return errors;
}

async function expectSameScreen(
  path: string,
  session: SessionData,
  shows: string[],
  options?: Parameters<typeof renderSignedIn>[2],
  keepsNodes = true,
): Promise<HTMLElement> {
  // The server's render and the browser's hydration both render as hydrating (web/main.tsx).
  beginHydration();
  const screen = await renderSignedIn(path, session, options);
  if (!screen) throw new Error(`${path} was not rendered`);
  const container = attach(screen.html, screen.dataJson);
  for (const text of shows) expect(container.textContent).toContain(text);
  const serverNodes = [...container.querySelectorAll('*')];

  const errors = await hydrate(container, path);
  // A part inside a Suspense boundary (the profile's lazy bet lists) hydrates once its chunk is in, after
  // the first commit: wait until React has adopted every element the server sent (it marks each with its
  // fiber), then look for errors.
  const isAdopted = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'));
  const isGone = (node: Element) => !container.contains(node);
  await expect.poll(() => serverNodes.filter((node) => !isGone(node) && !isAdopted(node)).length).toBe(0);
  expect(errors).toEqual([]);
  // Adopted, not rendered again: every element the server sent is still on the page (but what the screen
  // replaces once hydrated: a form started again from this tab's draft, the profile's 'Loading bets').
  if (keepsNodes) expect(serverNodes.filter(isGone)).toEqual([]);
  return container;
}

test('/feed: the server’s screen with its bets is the browser’s first render of the same answers', async () => {
  const session = sessionFor(me);
  worker.use(
    // Read by the bottom nav's dot and the screen's bell: in the markup too, or the browser's cache (read by
    // the dot before the screen hydrates) would render a badge the server's markup has not.
    http.get('/api/notifications/summary', () =>
      HttpResponse.json<SummaryBody>({ unreadCount: 3, hasPendingAction: true }),
    ),
    ...feedHandlers([
      feedBet({ description: 'Snow by Friday', createdAt: new Date(Date.now() - 59_999).toISOString() }),
      feedBet({ description: 'Rain on Sunday', creator: { ...alex, venmoHandle: 'alexr' }, likeCount: 2 }),
      feedPot({ question: 'Who wins the cup?' }),
    ]),
  );
  await expectSameScreen('/feed', session, [
    'Snow by Friday',
    'Rain on Sunday',
    'Who wins the cup?',
    '3 unread',
  ]);
});

/** Counts the browser's GET requests to `paths` from now on. */
function countReads(paths: string[]): () => Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(paths.map((path) => [path, 0]));
  worker.use(
    ...paths.map((path) =>
      // Nothing returned: the screen's own handler answers (profileHandlers).
      http.get(path, () => {
        counts[path] = (counts[path] ?? 0) + 1;
      }),
    ),
  );
  return () => counts;
}

test('/profile: the server’s screen with the profile, balances and groups hydrates as it is, and the bet lists follow from the page’s data', async () => {
  const session = sessionFor(me);
  const owed = {
    friend: { ...alex, venmoHandle: 'alex-r' },
    payTo: null,
    net: 35,
    betCount: 2,
    pendingSettlement: null,
    reminder: null,
  };
  worker.use(
    // Before the screen's own answers: within one `use`, the first handler that matches answers.
    http.get('/api/balances', () => HttpResponse.json<BalancesBody>({ items: [owed] })),
    http.get('/api/groups', () =>
      HttpResponse.json<MyGroupsBody>([{ id: 'g1', name: 'Golf Four', memberCount: 3 }]),
    ),
    ...profileHandlers(profileScreen(), {
      pending: [bet({ description: 'Pending pizza' })],
      active: [bet({ description: 'Active arm-wrestle', status: 'active' })],
      past: [completedBet(me.id, { description: 'Won the quiz' })],
    }),
  );
  // Every read of the screen, its lists' included, is a first read (ADR 068): none is made again once hydrated.
  const reads = [
    '/api/profile',
    '/api/balances',
    '/api/groups',
    '/api/bets/mine',
    '/api/challenges/mine',
    '/api/pots/mine',
  ];
  // Not `keepsNodes`: 'Loading bets' gives way to the lists as soon as their chunk is in.
  const container = await expectSameScreen(
    '/profile',
    session,
    ['Morgan Me', `${alex.name} owes you $35`, 'Golf Four'],
    undefined,
    false,
  );
  const readsSinceHydration = countReads(reads);
  expect(container.querySelector('[aria-label="Loading bets"]')).not.toBeNull();
  // The bet lists are the browser's alone (their chunk loads after the first screen): in once hydrated.
  for (const text of ['Pending pizza', 'Active arm-wrestle', 'Won the quiz'])
    await expect.poll(() => container.textContent, { timeout: 10_000 }).toContain(text);
  expect(readsSinceHydration()).toEqual(Object.fromEntries(reads.map((read) => [read, 0])));
});

test('/home: the server’s empty form hydrates, and this tab’s draft comes in once hydrated', async () => {
  const session = sessionFor(me);
  worker.use(
    http.get('/api/friends/all', () => HttpResponse.json<AllFriendsBody>({ items: [alex] })),
    http.get('/api/limits', () => HttpResponse.json<LimitsBody>(noLimits)),
  );
  // The server cannot read sessionStorage: its form is empty, and hydration must start from that.
  saveBetDraft(betDraftKey(me.id), { ...EMPTY_BET_DRAFT, description: 'Half-written bet' });
  await expectSameScreen('/home', session, ['Place a Bet', "What's the bet?"], undefined, false);
  await expect.element(page.getByLabelText("What's the bet?")).toHaveValue('Half-written bet');
});

test('times hydrate as the server drew them, then follow the device’s clock', async () => {
  const session = sessionFor(me);
  const threeDaysOn = { timeZone: 'UTC', now: Date.now() + 3 * 86_400_000 };
  // Made now; on the server's clock, three days ahead, it is '3d ago'.
  worker.use(...feedHandlers([feedBet({ description: 'Made just now' })]));
  const feed = await expectSameScreen('/feed', session, ['Made just now', '3d ago'], threeDaysOn);
  // Three days off is not the device's clock: right after hydration the card follows the device.
  await expect.poll(() => feed.textContent).not.toContain('3d ago');
  expect(feed.textContent).toContain('now');

  // The form's earliest 'Resolve by' is today: the server's, then the device's.
  worker.use(
    http.get('/api/friends/all', () => HttpResponse.json<AllFriendsBody>({ items: [alex] })),
    http.get('/api/limits', () => HttpResponse.json<LimitsBody>(noLimits)),
  );
  const home = await expectSameScreen('/home', session, ['Resolve by'], threeDaysOn);
  const resolveBy = () => home.querySelector('input[type="date"]')?.getAttribute('min');
  await expect.poll(resolveBy).toBe(localToday());
  expect(renderClockAt(threeDaysOn.now, 'UTC').today).not.toBe(localToday());
});

test('a screen that does not declare its first reads, or a session that is none, is not rendered', async () => {
  expect(await renderSignedIn('/activity', sessionFor(me))).toBeNull();
  expect(await renderSignedIn('/feed', null)).toBeNull();
});

test('the viewer’s time zone from its cookie is checked: a zone that is not one renders in UTC', () => {
  const at = Date.UTC(2026, 10, 27, 6, 30);
  expect(renderClockAt(at, 'America/Los_Angeles')).toEqual({
    now: at,
    today: '2026-11-26',
    timeZone: 'America/Los_Angeles',
    offset: 480,
  });
  expect(renderClockAt(at, 'Asia/Kolkata')).toMatchObject({ today: '2026-11-27', offset: -330 });
  for (const cookie of ['Nope/Zone', '<script>', '', undefined])
    expect(renderClockAt(at, cookie)).toEqual({ now: at, today: '2026-11-27', timeZone: 'UTC', offset: 0 });
});
