import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupWorker } from 'msw/browser';
import type { ClientResponse, InferResponseType } from 'hono/client';
import { errorStatus, type ApiErrorBody, type ErrorCode } from '#domain/errors.ts';
import type { SessionData } from '../lib/session.ts';
import type { api } from '../lib/api-client.ts';
import { me, sessionFor } from './factories.ts';

/** What a typed client call answers on success, from the server's own route types (server/app.ts). */
export type Ok<TCall extends (...args: never[]) => Promise<ClientResponse<unknown>>> = InferResponseType<
  TCall,
  200 | 201
>;
export type FriendsBody = Ok<typeof api.friends.$get>;
export type AllFriendsBody = Ok<typeof api.friends.all.$get>;
export type LimitsBody = Ok<typeof api.limits.$get>;
export type MyPotsBody = Ok<typeof api.pots.mine.$get>;
export type RefereeCandidatesBody = Ok<(typeof api.bets)['referee-candidates'][':opponentId']['$get']>;
export type SummaryBody = Ok<typeof api.notifications.summary.$get>;

/** The server's error envelope (server/lib/errors.ts), as a response with its status. */
export function apiError(code: ErrorCode, message: string): Response {
  return HttpResponse.json<ApiErrorBody>({ error: { code, message } }, { status: errorStatus[code] });
}

/** A request the network dropped: no message from the server, so the screen shows the spec's fallback. */
export function networkFailure(): Response {
  return HttpResponse.error();
}

export const noLimits: LimitsBody = {
  weeklyLossLimit: null,
  scheduled: null,
  committed: 0,
  breakUntil: null,
};

/**
 * What every screen reads around itself (the session, the bell's summary, the event stream), answered
 * as a signed-in user with nothing waiting. A test adds the calls it is about with `worker.use(...)`.
 */
export function baseHandlers(session: SessionData = sessionFor(me)): RequestHandler[] {
  return [
    http.get('/api/auth/get-session', () => HttpResponse.json(session)),
    http.get('/api/notifications/summary', () =>
      HttpResponse.json<SummaryBody>({ unreadCount: 0, hasPendingAction: false }),
    ),
    // Realtime is not what these tests are about: the stream opens and stays quiet.
    http.get(
      '/api/events',
      () => new HttpResponse(new ReadableStream(), { headers: { 'Content-Type': 'text/event-stream' } }),
    ),
    // Place Bet's referee picker: nobody who is a friend of both, unless a test says otherwise.
    http.get('/api/bets/referee-candidates/:opponentId', () => HttpResponse.json<RefereeCandidatesBody>([])),
    // Start a Pot's 'Invite a group': no groups, unless a test says otherwise.
    http.get('/api/groups', () => HttpResponse.json<MyGroupsBody>([])),
  ];
}

export const worker = setupWorker(...baseHandlers());

export type ProfileBody = Ok<typeof api.profile.$get>;
export type MyBetsBody = Ok<typeof api.bets.mine.$get>;
export type BalancesBody = Ok<typeof api.balances.$get>;
export type MyChallengesBody = Ok<typeof api.challenges.mine.$get>;
export type MyGroupsBody = Ok<typeof api.groups.$get>;

/** The /profile screen's calls (a test's own handlers for these go before them in `worker.use`): its one screen read, my bets, balances, open challenge links and groups. */
export function profileHandlers(
  profile: ProfileBody,
  bets: {
    pending?: MyBetsBody['pending']['items'];
    active?: MyBetsBody['active']['items'];
    past?: MyBetsBody['past']['items'];
  } = {},
): RequestHandler[] {
  return [
    http.get('/api/profile', () => HttpResponse.json<ProfileBody>(profile)),
    http.get('/api/bets/mine', () =>
      HttpResponse.json<MyBetsBody>({
        pending: { items: bets.pending ?? [], nextCursor: null },
        active: { items: bets.active ?? [], nextCursor: null },
        past: { items: bets.past ?? [], nextCursor: null },
      }),
    ),
    http.get('/api/balances', () => HttpResponse.json<BalancesBody>({ items: [] })),
    http.get('/api/challenges/mine', () => HttpResponse.json<MyChallengesBody>([])),
    http.get('/api/groups', () => HttpResponse.json<MyGroupsBody>([])),
    http.get('/api/pots/mine', () => HttpResponse.json<MyPotsBody>({ open: [], decided: [] })),
  ];
}

export type FeedBody = Ok<typeof api.feed.$get>;
export type LeaderboardBody = Ok<typeof api.feed.leaderboard.$get>;
export type CommentsBody = Ok<(typeof api.bets)[':id']['comments']['$get']>;
export type UserCardBody = Ok<(typeof api.users)[':id']['$get']>;

/** The /feed screen's calls: one page of bets and the weekly leaderboard. */
export function feedHandlers(
  items: FeedBody['items'],
  leaders: LeaderboardBody['items'] = [],
): RequestHandler[] {
  return [
    http.get('/api/feed', () => HttpResponse.json<FeedBody>({ items, nextCursor: null })),
    http.get('/api/feed/leaderboard', () => HttpResponse.json<LeaderboardBody>({ items: leaders })),
  ];
}

export type FriendRequestsBody = Ok<(typeof api)['friend-requests']['$get']>;
export type SentRequestsBody = Ok<(typeof api)['friend-requests']['sent']['$get']>;
export type SearchBody = Ok<typeof api.users.search.$get>;

export type GroupBalancesBody = Ok<(typeof api.groups)[':id']['balances']['$get']>;
export type SettlementBody = Ok<(typeof api.settlements)[':id']['confirm']['$post']>;

/**
 * The group page's Balances tab (ADR 064): its one read (after an empty Pots tab), 'Mark Paid' on a simplified payment and the
 * settlement's confirm, each answering success; `calls` collects what was sent.
 */
export function groupBalancesHandlers(
  groupId: string,
  balances: GroupBalancesBody,
  calls: { marked: unknown[]; confirmed: string[] } = { marked: [], confirmed: [] },
): RequestHandler[] {
  return [
    // The page opens on the Pots tab: an empty one.
    http.get(`/api/groups/${groupId}/pots`, () => HttpResponse.json([])),
    http.get(`/api/groups/${groupId}/balances`, () => HttpResponse.json<GroupBalancesBody>(balances)),
    http.post(`/api/groups/${groupId}/simplified/mark`, async ({ request }) => {
      calls.marked.push(await request.json());
      return HttpResponse.json({ id: 'settlement-1' }, { status: 201 });
    }),
    http.post('/api/settlements/:id/confirm', ({ params }) => {
      calls.confirmed.push(String(params['id']));
      return HttpResponse.json<SettlementBody>({
        id: String(params['id']),
        payerId: 'payer',
        payeeId: me.id,
        amount: 5,
        betCount: 2,
        markedAt: '2026-11-27T00:00:00.000Z',
        confirmedAt: '2026-11-27T00:01:00.000Z',
      });
    }),
  ];
}
