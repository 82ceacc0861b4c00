/* Bets in every state between friends, with their comments and likes: deterministic for a given seed. */
import { DAY, HOUR, iso, type Random } from './random.ts';
import { FIRST, type Edges } from './people.ts';

const TEAMS =
  'Lakers,Celtics,Warriors,Knicks,Bears,Packers,Chiefs,Eagles,Yankees,Dodgers,Red Sox,Cubs,Arsenal,Liverpool'.split(
    ',',
  );
const MONTHS = 'January March May July September November'.split(' ');
const GAMES = 'pool,Mario Kart,ping pong,chess,darts,FIFA,trivia night'.split(',');
const EVENTS = 'brunch,the wedding,game night,the concert,book club'.split(',');
const DESCRIPTIONS: ((rng: Random) => string)[] = [
  (r) => {
    const home = r.int(0, TEAMS.length - 1);
    return `${TEAMS[home] ?? ''} beat the ${TEAMS[(home + r.int(1, TEAMS.length - 1)) % TEAMS.length] ?? ''} this weekend`;
  },
  (r) => `I run a 5k in under ${r.int(20, 35)} minutes by ${r.pick(MONTHS)}`,
  (r) => `You can't do ${r.int(20, 100)} push-ups in a row`,
  (r) => `It snows here before ${r.pick(MONTHS)} ${r.int(1, 28)}`,
  (r) => `${r.pick(FIRST)} shows up late to ${r.pick(EVENTS)}`,
  (r) => `I beat you at ${r.pick(GAMES)}, best of ${r.pick([3, 5, 7])}`,
  (r) => `Over/under ${r.int(150, 260)}.5 points in the ${r.pick(TEAMS)} game`,
  (r) => `No coffee for ${r.int(3, 30)} days straight`,
];
const AMOUNTS = [5, 5, 10, 10, 10, 20, 20, 20, 25, 25, 50, 50, 100, 100, 200, 500];

/**
 * One bet between a random pair of friends (so busy users bet more), valid
 * under every CHECK in server/db/schema/bets.ts: older bets are mostly
 * completed and paid, young ones still pending or active.
 */
export function createBetRow(rng: Random, ids: string[], edges: Edges, now: number) {
  const e = rng.int(0, edges.a.length - 1);
  const [x, y] = rng.chance(0.5) ? [edges.a[e], edges.b[e]] : [edges.b[e], edges.a[e]];
  const [creator, opponent] = [ids[x ?? 0] ?? '', ids[y ?? 0] ?? ''];
  const since = edges.at[e] ?? now;
  const created = since + (now - since) * rng.next();
  const age = now - created;
  const completedShare = age > 3 * DAY ? 0.8 : 0.25;
  const r = rng.next();
  const amount = rng.chance(0.03) ? rng.int(1, 10_000) : rng.pick(AMOUNTS);
  const base = {
    id: rng.uuid(),
    createdBy: creator,
    opponentId: opponent,
    description: rng.pick(DESCRIPTIONS)(rng),
    // Even bets (no extra draw, so the rows stay the same as before odds).
    amount,
    creatorStake: amount,
    opponentStake: amount,
    createdAt: iso(created),
    winnerId: null,
    voidRequestedBy: null,
    paymentSent: false,
    paymentConfirmed: false,
    paidAt: null,
    completedAt: null,
  };
  if (r < completedShare && age > HOUR) {
    const completed = Math.min(now, created + Math.max(60_000, age * rng.next() ** 2));
    const paid = rng.next();
    const confirmedShare = now - completed > 7 * DAY ? 0.8 : 0.35;
    return {
      ...base,
      status: 'completed',
      winnerId: rng.chance(0.5) ? creator : opponent,
      paymentSent: paid < confirmedShare + 0.12,
      paymentConfirmed: paid < confirmedShare,
      // Marked paid within 0 to 4 days of resolution (no extra draw, so the rows stay the same as before).
      paidAt: paid < confirmedShare + 0.12 ? iso(Math.min(now, completed + paid * 4 * DAY)) : null,
      completedAt: iso(completed),
      updatedAt: iso(completed),
    };
  }
  if (r < completedShare + (1 - completedShare) * 0.6) {
    const voidBy = rng.chance(0.04) ? rng.pick([creator, opponent]) : null;
    return {
      ...base,
      status: 'active',
      voidRequestedBy: voidBy,
      updatedAt: iso(created + Math.min(age, rng.next() * DAY)),
    };
  }
  return { ...base, status: 'pending', updatedAt: iso(created) };
}

const COMMENTS = [
  'No way you win this one',
  'Easy money 😎',
  "I'm calling it now",
  'You are going to regret this',
  'Double or nothing?',
  'Bold move',
  'Pay up when you lose!',
  'This is going to be close',
];

/** About a third of bets get one to three comments from their two parties, after the bet was placed. */
export function createComments(rng: Random, bet: ReturnType<typeof createBetRow>, now: number) {
  if (!rng.chance(0.3)) return [];
  const created = Date.parse(bet.createdAt);
  return Array.from({ length: rng.int(1, 3) }, () => ({
    id: rng.uuid(),
    betId: bet.id,
    userId: rng.chance(0.5) ? bet.createdBy : bet.opponentId,
    text: rng.pick(COMMENTS),
    createdAt: iso(created + (now - created) * rng.next()),
  }));
}

/** Likes are one per user per bet (primary key), so at most the two parties here. */
export function createLikes(rng: Random, bet: ReturnType<typeof createBetRow>, now: number) {
  const created = Date.parse(bet.createdAt);
  return [bet.createdBy, bet.opponentId]
    .filter(() => rng.chance(0.25))
    .map((userId) => ({ betId: bet.id, userId, createdAt: iso(created + (now - created) * rng.next()) }));
}
