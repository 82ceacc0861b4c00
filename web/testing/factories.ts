import { betSchema, type Bet } from '#domain/bets.ts';
import { commentSchema, feedBetSchema, type Comment, type FeedBet } from '#domain/feed.ts';
import {
  cardBetSchema,
  profileScreenSchema,
  userCardSchema,
  type CardBet,
  type ProfileScreen,
  type UserCard,
  type UserSummary,
} from '#domain/profiles.ts';
import { userStatsSchema, type UserStats } from '#domain/stats.ts';
import { feedPotSchema, potViewSchema, type FeedPot, type PotView } from '#domain/pots.ts';
import type { SessionData } from '../lib/session.ts';

/*
 * Test data in the shapes of the domain's response schemas (domain/*.ts): typed by them, so a changed
 * contract breaks the tests at compile time, and parsed by them, so data a test builds is data the server
 * could send. Each call returns fresh objects; ids are unique per call.
 */

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-${++sequence}`;
const NOW = () => new Date().toISOString();

export function user(overrides: Partial<UserSummary> = {}): UserSummary {
  const id = overrides.id ?? nextId('user');
  return { id, name: `User ${id}`, username: `user_${id.replace(/\W/g, '_')}`, image: null, ...overrides };
}

/** The signed-in user of every test unless it says otherwise. */
export const me: UserSummary = { id: 'me', name: 'Morgan Me', username: 'morgan', image: null };
export const alex: UserSummary = { id: 'alex', name: 'Alex Rivera', username: 'alexr', image: null };

export function sessionFor(summary: UserSummary): SessionData {
  const now = NOW();
  return {
    user: {
      id: summary.id,
      name: summary.name,
      email: `${summary.username}@example.com`,
      emailVerified: true,
      image: summary.image,
      createdAt: new Date(now),
      updatedAt: new Date(now),
      username: summary.username,
      displayUsername: summary.username,
      phone: '5551234567',
      venmoHandle: summary.username,
    },
    session: { id: nextId('session'), expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
  };
}

const party = (summary: UserSummary) => ({ ...summary, venmoHandle: summary.username });

export function feedBet(overrides: Partial<FeedBet> = {}): FeedBet {
  return feedBetSchema.parse({
    id: nextId('bet'),
    creator: party(me),
    opponent: party(alex),
    winner: null,
    description: 'Lakers beat the Celtics tonight',
    amount: overrides.amount ?? 10,
    creatorStake: overrides.amount ?? 10,
    opponentStake: overrides.amount ?? 10,
    status: 'active',
    createdAt: NOW(),
    completedAt: null,
    commentCount: 0,
    likeCount: 0,
    likedByMe: false,
    ...overrides,
  } satisfies FeedBet);
}

/** A pot's feed card (ADR 060): three entrants at $5, open. */
export function feedPot(overrides: Partial<FeedPot> = {}): FeedPot {
  return feedPotSchema.parse({
    type: 'pot',
    id: nextId('pot'),
    question: 'Who wins the Super Bowl?',
    stake: 5,
    entrantCount: 3,
    status: 'open',
    outcome: null,
    result: null,
    createdAt: NOW(),
    creator: party(alex),
    commentCount: 0,
    likeCount: 0,
    likedByMe: false,
    ...overrides,
  } satisfies FeedPot);
}

/** A pot page (GET /api/pots/:id): an open 'Choices' pot of Morgan's, decided by its creator, nobody in yet. */
export function potView(overrides: Partial<PotView> = {}): PotView {
  const id = overrides.id ?? nextId('pot');
  const now = NOW();
  return potViewSchema.parse({
    id,
    question: 'Who wins the Super Bowl?',
    kind: 'choices',
    line: null,
    stake: 10,
    closesAt: null,
    resolveBy: null,
    decider: 'me',
    creator: { ...me, venmoHandle: 'morgan-me' },
    referee: null,
    refereeAccepted: false,
    viewerDeclined: false,
    status: 'open',
    outcome: null,
    resultOptionId: null,
    resultNumber: null,
    createdAt: now,
    decidedAt: null,
    now,
    disputedAt: null,
    disputedBy: null,
    disputeReason: null,
    disputeVotes: [],
    options: [
      { id: `${id}-a`, label: 'Chiefs', position: 0 },
      { id: `${id}-b`, label: 'Eagles', position: 1 },
    ],
    invitees: [],
    entrants: [],
    votes: [],
    payments: [],
    ...overrides,
  } satisfies PotView);
}

export function bet(overrides: Partial<Bet> = {}): Bet {
  return betSchema.parse({
    id: nextId('bet'),
    creator: party(me),
    opponent: party(alex),
    description: 'Lakers beat the Celtics tonight',
    amount: overrides.amount ?? 10,
    creatorStake: overrides.amount ?? 10,
    opponentStake: overrides.amount ?? 10,
    counterCount: 0,
    status: 'active',
    winnerId: null,
    voidRequestedBy: null,
    paymentSent: false,
    paymentConfirmed: false,
    acceptanceComment: null,
    createdAt: NOW(),
    completedAt: null,
    resolvedBy: null,
    resolution: null,
    disputedAt: null,
    disputeReason: null,
    resolveBy: null,
    settlement: null,
    reminder: null,
    payTo: null,
    ...overrides,
  } satisfies Bet);
}

/** A completed bet `winnerId` won by their own 'I Won', unpaid (`me` against Alex by default). */
export function completedBet(winnerId: string, overrides: Partial<Bet> = {}): Bet {
  const creator = overrides.creator ?? party(me);
  const opponent = overrides.opponent ?? party(alex);
  const winner = winnerId === creator.id ? creator : opponent;
  return bet({
    status: 'completed',
    winnerId,
    completedAt: new Date().toISOString(),
    resolvedBy: winnerId,
    resolution: 'won',
    // As the server answers it to `me`: the winner's apps when `me` lost (ADR 056).
    payTo: winnerId === me.id ? null : { venmoHandle: winner.venmoHandle, cashtag: null, paypalMe: null },
    ...overrides,
  });
}

export function comment(overrides: Partial<Comment> = {}): Comment {
  return commentSchema.parse({
    id: nextId('comment'),
    text: 'Easy money',
    createdAt: NOW(),
    author: { id: alex.id, name: alex.name, username: alex.username },
    ...overrides,
  } satisfies Comment);
}

export function stats(overrides: Partial<UserStats> = {}): UserStats {
  return userStatsSchema.parse({
    wins: 0,
    losses: 0,
    totalBets: 0,
    winRate: 0,
    streak: 0,
    netWinnings: 0,
    friendsCount: 0,
    ...overrides,
  } satisfies UserStats);
}

export function cardBet(overrides: Partial<CardBet> = {}): CardBet {
  return cardBetSchema.parse({
    id: nextId('bet'),
    creator: me,
    opponent: alex,
    description: 'Lakers beat the Celtics tonight',
    amount: overrides.amount ?? 10,
    creatorStake: overrides.amount ?? 10,
    opponentStake: overrides.amount ?? 10,
    status: 'active',
    winnerId: null,
    createdAt: NOW(),
    ...overrides,
  } satisfies CardBet);
}

export function profileScreen(overrides: Partial<ProfileScreen> = {}): ProfileScreen {
  return profileScreenSchema.parse({
    profile: {
      ...me,
      email: 'morgan@example.com',
      phone: '5551234567',
      venmoHandle: 'morgan',
      cashtag: null,
      paypalMe: null,
      createdAt: NOW(),
    },
    stats: stats(),
    payerRecord: { onTime: 0, total: 0, unpaid: 0 },
    friends: { items: [], total: 0 },
    pendingRequestCount: 0,
    ...overrides,
  } satisfies ProfileScreen);
}

export function userCard(overrides: Partial<UserCard> = {}): UserCard {
  return userCardSchema.parse({
    user: { ...alex, joinedAt: NOW() },
    relationship: 'none',
    requestId: null,
    ...overrides,
  } satisfies UserCard);
}

/** `count` distinct users, for lists longer than what a screen shows. */
export function users(count: number): UserSummary[] {
  return Array.from({ length: count }, (_, index) => user({ name: `Friend ${index + 1}` }));
}
