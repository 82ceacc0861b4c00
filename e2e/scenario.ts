import type { Actor } from './fixtures.ts';

/*
 * Builds a test's world through the JSON API, as the users themselves, for
 * tests that are about what the world looks like rather than how it is made.
 */

type Created = { id: string };
type IncomingRequest = { id: string; requester: { id: string } };

/** `a` asks, `b` accepts: a friendship. */
export async function befriend(a: Actor, b: Actor): Promise<void> {
  await a.api.post('/api/friend-requests', { userId: b.id });
  const { items } = await b.api.get<{ items: IncomingRequest[] }>('/api/friend-requests');
  const request = items.find((item) => item.requester.id === a.id);
  if (!request) throw new Error(`no friend request from ${a.username} to ${b.username}`);
  await b.api.post(`/api/friend-requests/${request.id}/accept`);
  // A friendship from before the test: its inbox lines ('sent you a friend request', 'accepted your friend
  // request') were read long ago, so they light neither the red dot nor the Activity bell.
  await a.api.post('/api/notifications/read-all');
  await b.api.post('/api/notifications/read-all');
}

export type BetTerms = { description: string; amount: number };

/** A pending bet from `creator` to `opponent`; answers its id. */
export async function placeBet(creator: Actor, opponent: Actor, terms: BetTerms): Promise<string> {
  const bet = await creator.api.post<Created>('/api/bets', { ...terms, opponentId: opponent.id });
  return bet.id;
}

/** An active bet; a prediction becomes the bet's first comment. */
export async function activeBet(
  creator: Actor,
  opponent: Actor,
  terms: BetTerms & { prediction?: string },
): Promise<string> {
  const id = await placeBet(creator, opponent, terms);
  await opponent.api.post(`/api/bets/${id}/accept`, terms.prediction ? { prediction: terms.prediction } : {});
  // Accepted before the test began: its inbox lines ('challenged you', 'accepted your bet') were read.
  await creator.api.post('/api/notifications/read-all');
  await opponent.api.post('/api/notifications/read-all');
  return id;
}

/** A completed bet that `winner` (one of the two) claimed with 'I Won'. */
export async function wonBet(
  creator: Actor,
  opponent: Actor,
  winner: Actor,
  terms: BetTerms & { prediction?: string },
): Promise<string> {
  const id = await activeBet(creator, opponent, terms);
  await winner.api.post(`/api/bets/${id}/resolve`, { outcome: 'won' });
  return id;
}

/** A Choices pot of `creator`'s, entered on its first choice; `groupId` makes it a group pot. Answers its id. */
export async function startPot(
  creator: Actor,
  pot: { question: string; choices: string[]; stake: number; inviteeIds: string[]; groupId?: string },
): Promise<string> {
  const created = await creator.api.post<Created>('/api/pots', {
    question: pot.question,
    kind: 'choices',
    options: pot.choices,
    line: null,
    stake: pot.stake,
    closesAt: null,
    resolveBy: null,
    decider: 'me',
    refereeId: null,
    inviteeIds: pot.inviteeIds,
    entry: { optionIndex: 0 },
    groupId: pot.groupId ?? null,
  });
  return created.id;
}
