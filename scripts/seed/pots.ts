/* Pots in every state among friends, with entries, payments, likes and comments: deterministic for a given seed. */
import { paymentPlan, splitPot, type PotOutcome } from '#domain/pot-rules.ts';
import { DAY, HOUR, iso, type Random } from './random.ts';
import type { Edges } from './people.ts';

const QUESTIONS: [string, string[]][] = [
  ['Who wins the Super Bowl?', ['Chiefs', 'Eagles', 'Bills', '49ers']],
  ['Who gets engaged first?', ['Maria', 'Kenji', 'Olivia']],
  ['Office pool: who wins the NBA title?', ['Lakers', 'Celtics', 'Warriors', 'Knicks']],
  ['Fantasy league final: who takes it?', ['Team Taco', 'Gridiron Gang']],
  ['First snow before December?', ['Yes', 'No']],
  ['Who finishes the marathon fastest?', ['Diego', 'Priya', 'Liam']],
];
const STAKES = [5, 5, 10, 10, 10, 20, 25, 50];
type State = 'open' | 'awaiting' | 'disputed' | 'decided' | 'cancelled' | 'not_enough';
/** The demo user's first pots cycle through every state; the rest follow these shares. */
const STATES: State[] = ['open', 'awaiting', 'disputed', 'decided', 'cancelled', 'not_enough'];
const SHARES: [State, number][] = [
  ['open', 0.25],
  ['awaiting', 0.15],
  ['disputed', 0.05],
  ['decided', 0.4],
  ['cancelled', 0.1],
  ['not_enough', 0.05],
];

/** Each user's friends by index, built once from the friend graph. */
export function friendLists(edges: Edges): number[][] {
  const lists: number[][] = Array.from({ length: edges.n }, () => []);
  for (let e = 0; e < edges.a.length; e++) {
    const [a, b] = [edges.a[e] ?? 0, edges.b[e] ?? 0];
    lists[a]?.push(b);
    lists[b]?.push(a);
  }
  return lists;
}

function pickState(rng: Random): State {
  let r = rng.next();
  for (const [state, share] of SHARES) {
    if (r < share) return state;
    r -= share;
  }
  return 'decided';
}

/** `count` distinct items of `list`, in a random order. */
function sample<T>(rng: Random, list: T[], count: number): T[] {
  const copy = [...list];
  for (let i = 0; i < Math.min(count, copy.length); i++) {
    const j = rng.int(i, copy.length - 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, count);
}

/**
 * One pot of a creator's with 2–12 invited friends, valid under every CHECK in server/db/schema/pots.ts.
 * `demoState` forces a state (the demo's first pots); null draws one. Returns null when the creator has fewer
 * than two friends. The result and payments come from the domain's own splitPot and paymentPlan.
 * With `group`, a group pot (ADR 063): up to 30 of the other members take part and nobody is invited (every
 * member sees a group pot), as createPot in pots.service writes it.
 */
export function createPot(
  rng: Random,
  ids: string[],
  friends: number[][],
  creatorIndex: number,
  now: number,
  demoState: State | null,
  group?: { id: string; others: number[] },
) {
  const circle = group ? group.others : (friends[creatorIndex] ?? []);
  if (circle.length < 2) return null;
  const state = demoState ?? pickState(rng);
  const creatorId = ids[creatorIndex] ?? '';
  const invitees = sample(rng, circle, rng.int(2, group ? 30 : 12)).map((i) => ids[i] ?? '');
  const [question, choices] = rng.pick(QUESTIONS);
  const overUnder = rng.chance(0.2);
  const line = rng.int(150, 260) + 0.5;
  const labels = overUnder ? [`Over ${line}`, `Under ${line}`] : choices;
  const potId = rng.uuid();
  const stake = rng.pick(STAKES);
  const young = state === 'open' || state === 'awaiting';
  const created = now - (young ? rng.next() * 3 * DAY : 2 * HOUR + rng.next() * 45 * DAY);
  const options = labels.map((label, position) => ({ id: rng.uuid(), potId, label, position }));
  // The creator enters first, then invitees in join order: every state but 'not_enough' has at least two.
  const joiners =
    state === 'not_enough' ? [] : sample(rng, invitees, rng.int(state === 'open' ? 0 : 1, invitees.length));
  const entrantIds = [creatorId, ...joiners];
  const picks = entrantIds.map(() => rng.int(0, options.length - 1));
  const joined = entrantIds.map((_, i) => created + (i + 1) * 60_000 * (1 + rng.next() * 30));
  const decided = ['disputed', 'decided', 'not_enough'].includes(state);
  const decidedAt = Math.min(now - 60_000, (joined.at(-1) ?? created) + HOUR + rng.next() * DAY);
  const closesAt = state === 'open' ? (rng.chance(0.5) ? null : now + rng.next() * 7 * DAY) : null;

  let winning: number | null = null;
  let payouts = new Map<string, number>();
  let payments: { payerId: string; payeeId: string; amount: number }[] = [];
  let outcome: PotOutcome | null = null;
  if (decided) {
    winning = picks[rng.int(0, picks.length - 1)] ?? 0;
    const split = splitPot({
      stake,
      entrants: entrantIds.map((userId, i) => ({ userId, won: picks[i] === winning })),
    });
    outcome = split.outcome;
    payouts = new Map(split.payouts.map((p) => [p.userId, p.payout]));
    payments = paymentPlan(stake, split);
  }
  // A dispute needs a loser: the disputed pots without one stay decided.
  const loser = entrantIds.find((id) => (payouts.get(id) ?? stake) < stake);
  const disputed = state === 'disputed' && outcome === 'won' && loser !== undefined;
  const status = disputed
    ? 'disputed'
    : decided
      ? 'decided'
      : state === 'cancelled'
        ? 'cancelled'
        : state === 'awaiting'
          ? 'awaiting'
          : 'open';
  const pot = {
    id: potId,
    creatorId,
    question,
    kind: overUnder ? 'over_under' : 'choices',
    line: overUnder ? line : null,
    stake,
    closesAt: closesAt === null ? null : iso(closesAt),
    decider: 'me',
    status,
    outcome,
    resultOptionId: outcome === 'won' && winning !== null ? (options[winning]?.id ?? null) : null,
    decidedBy: decided ? creatorId : null,
    decidedAt: decided ? iso(decidedAt) : null,
    closedAt:
      status === 'open' || status === 'cancelled'
        ? null
        : iso(Math.min(now - 60_000, (joined.at(-1) ?? created) + HOUR)),
    disputedAt: disputed ? iso(Math.min(now, decidedAt + HOUR)) : null,
    disputedBy: disputed ? loser : null,
    cancelledAt: status === 'cancelled' ? iso(Math.min(now, created + DAY)) : null,
    ...(group ? { groupId: group.id } : {}),
    createdAt: iso(created),
  };
  const invites = group ? [] : invitees.map((userId) => ({ potId, userId, declinedAt: null }));
  const entries = entrantIds.map((userId, i) => ({
    potId,
    userId,
    optionId: options[picks[i] ?? 0]?.id ?? null,
    payout: decided ? (payouts.get(userId) ?? stake) : null,
    joinedAt: iso(Math.min(now, joined[i] ?? created)),
  }));
  const paymentRows = payments.map((payment, position) => {
    const sent = !disputed && rng.chance(0.6);
    return {
      id: rng.uuid(),
      potId,
      ...payment,
      position,
      sentAt: sent ? iso(Math.min(now, decidedAt + rng.next() * DAY)) : null,
      confirmedAt: sent && rng.chance(0.6) ? iso(now) : null,
    };
  });
  const likes = sample(rng, entrantIds, rng.int(0, Math.min(3, entrantIds.length))).map((userId) => ({
    potId,
    userId,
    createdAt: iso(Math.min(now, created + rng.next() * DAY)),
  }));
  const comments = sample(rng, entrantIds, rng.int(0, 2)).map((userId) => ({
    id: rng.uuid(),
    potId,
    userId,
    text: rng.pick(['Easy money', 'No way', 'Called it', 'Bring it on']),
    createdAt: iso(Math.min(now, created + rng.next() * DAY)),
  }));
  return { pot, options, invites, entries, payments: paymentRows, likes, comments };
}

export { STATES as POT_STATES };
