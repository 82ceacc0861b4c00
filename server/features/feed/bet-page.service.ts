import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { betEventKinds, betEventOfNotification, buildBetTimeline } from '#domain/bet-timeline.ts';
import { availableBetActions, betCounterSchema, betRefereeField } from '#domain/bets.ts';
import { payeeAppsSchema } from '#domain/profiles.ts';
import type { BetPage } from '#domain/feed.ts';
import type { Db } from '#server/db/client.ts';
import { queryOne } from '#server/db/query.ts';
import { AppError } from '#server/lib/errors.ts';
import { feedRow, partyJson, timestamp, toFeedBet } from './feed.service.ts';
import { reminderAvailableAt } from '#server/lib/reminders.sql.ts';
import { canSeeBet } from '#server/lib/visibility.ts';
import { countersJson } from '#server/lib/stakes.sql.ts';

const betPageRow = feedRow.extend({
  winner_id: z.string().nullable(),
  void_requested_by: z.string().nullable(),
  payment_sent: z.boolean(),
  payment_confirmed: z.boolean(),
  acceptance_comment: z.string().nullable(),
  counter_count: z.number(),
  counters: z.array(betCounterSchema.extend({ createdAt: timestamp })),
  resolved_by: z.string().nullable(),
  resolution: z.enum(['won', 'lost']).nullable(),
  disputed_at: timestamp.nullable(),
  dispute_reason: z.string().nullable(),
  resolve_by: z.string().nullable(),
  settlement: z.object({ id: z.string(), amount: z.number(), confirmed: z.boolean() }).nullable(),
  reminder_available_at: timestamp.nullable(),
  pay_to: payeeAppsSchema.nullable(),
  referee: betRefereeField.referee,
  history: z.array(
    z.object({
      kind: z.enum(betEventKinds),
      at: timestamp,
      actorId: z.string(),
      winnerId: z.string().nullable(),
      amount: z.number().nullable(),
      betCount: z.number().nullable(),
      stakes: z.object({ creatorStake: z.number(), opponentStake: z.number() }).nullable(),
    }),
  ),
});

/** Activity-log types that are steps of the bet, as SQL: `(type, event kind)` rows. */
const logKinds = sql.raw(
  Object.entries(betEventOfNotification)
    .map(([type, kind]) => `('${type}', '${kind}')`)
    .join(', '),
);

/**
 * The stakes the creator offered: the bet's own until a counter overwrote them (ADR 062), then the
 * snapshot on the offer's inbox line to the opponent (server/lib/notify.ts `betSnapshot`, ADR 066).
 */
const offeredStakes = sql`case when b.counter_count = 0 then json_build_object(
    'creatorStake', b.creator_stake, 'opponentStake', b.opponent_stake)
  else (select json_build_object('creatorStake', (p.data->>'amount')::int,
      'opponentStake', coalesce(p.data->>'opponentStake', p.data->>'amount')::int)
    from notification p
    where p.user_id = b.opponent_id and p.bet_id = b.id and p.type = 'bet_placed' and p.data->>'amount' is not null
    order by p.created_at limit 1) end`;

/**
 * The bet's events, oldest first, as a correlated subquery of the bet page's statement: its
 * placing (the row), each transition's activity-log row (each goes to the other party, so the parties'
 * inbox index finds them, from the bet's creation on), and the settle-up payment that covered it.
 */
const historyJson = sql`(
  select coalesce(json_agg(json_build_object(
      'kind', ev.kind, 'at', ev.at, 'actorId', ev.actor_id, 'winnerId', ev.winner_id,
      'amount', ev.amount, 'betCount', ev.bet_count, 'stakes', ev.stakes) order by ev.at, ev.step), '[]'::json)
  from (
    select 'placed' as kind, b.created_at as at, b.created_by as actor_id, 0 as step,
      null::text as winner_id, null::int as amount, null::int as bet_count, ${offeredStakes} as stakes
    union all
    select k.kind, n.created_at, n.actor_id, 1, n.data->>'winnerId', null, null, null::json
    from notification n join (values ${logKinds}) as k(type, kind) on k.type = n.type
    where n.user_id in (b.created_by, b.opponent_id) and n.created_at >= b.created_at
      and n.bet_id = b.id and n.actor_id is not null
    union all
    select 'settled', st.marked_at, st.payer_id, 2, null, st.amount, st.bet_count, null where st.id is not null
    union all
    select 'settlement_confirmed', st.confirmed_at, st.payee_id, 3, null, null, null, null where st.confirmed_at is not null
  ) ev
)`;

/**
 * One bet as its feed card shows it, plus what the viewer may do now, in one
 * statement. Visible by the feed's rule; anyone else (and an unknown id) gets 404.
 */
export async function getBetPage(db: Db, viewerId: string, betId: string): Promise<BetPage> {
  const row = await queryOne(
    db,
    sql`
      select b.id, b.description, b.amount, b.creator_stake, b.opponent_stake, b.counter_count, ${countersJson('b')} as counters, b.status, b.created_at, b.completed_at,
        b.winner_id, b.void_requested_by, b.payment_sent, b.payment_confirmed, ac.text as acceptance_comment,
        b.resolved_by, b.resolution, b.disputed_at, b.dispute_reason, to_char(b.resolve_by, 'YYYY-MM-DD') as resolve_by,
        case when st.id is null then null
          else json_build_object('id', st.id, 'amount', st.amount, 'confirmed', st.confirmed_at is not null) end as settlement,
        ${reminderAvailableAt(sql.raw('b.last_reminded_at'))} as reminder_available_at,
        ${historyJson} as history,
        ${partyJson('c')} as creator,
        ${partyJson('o')} as opponent,
        case when w.id is null then null else ${partyJson('w')} end as winner,
        -- A refereed bet's role and referee (ADR 061).
        case when b.has_referee then json_build_object(
          'user', case when r.id is null then null else json_build_object('id', r.id, 'name', r.name,
            'username', coalesce(r.display_username, r.username), 'image', r.image) end,
          'accepted', b.referee_accepted_at is not null, 'opponentAccepted', b.opponent_accepted_at is not null) end as referee,
        -- The winner's apps reach only the loser, who pays them (ADR 056).
        case when b.status = 'completed' and w.id <> ${viewerId} and ${viewerId} in (b.created_by, b.opponent_id)
          then json_build_object('venmoHandle', w.venmo_handle, 'cashtag', w.cashtag, 'paypalMe', w.paypal_me) end as pay_to,
        (select count(*) from comment cm where cm.bet_id = b.id)::int as comment_count,
        (select count(*) from bet_like l where l.bet_id = b.id)::int as like_count,
        exists (select 1 from bet_like l where l.bet_id = b.id and l.user_id = ${viewerId}) as liked_by_me
      from bet b
      join "user" c on c.id = b.created_by
      join "user" o on o.id = b.opponent_id
      left join "user" w on w.id = b.winner_id
      left join "user" r on r.id = b.referee_id
      left join comment ac on ac.id = b.acceptance_comment_id
      left join settlement st on st.id = b.settlement_id
      where b.id = ${betId} and ${canSeeBet(viewerId, 'b')}`,
    betPageRow,
  );
  if (!row) throw new AppError('NOT_FOUND', 'Bet not found.');
  const state = {
    status: row.status,
    creatorId: row.creator.id,
    opponentId: row.opponent.id,
    counterCount: row.counter_count,
    winnerId: row.winner_id,
    voidRequestedBy: row.void_requested_by,
    paymentSent: row.payment_sent,
    paymentConfirmed: row.payment_confirmed,
    completedAt: row.completed_at,
    resolvedBy: row.resolved_by,
    resolution: row.resolution,
    disputedAt: row.disputed_at,
    resolveBy: row.resolve_by,
    settled: row.settlement !== null,
    refereed: row.referee != null,
    opponentAccepted: row.referee?.opponentAccepted ?? false,
  };
  return {
    ...toFeedBet(row),
    winnerId: row.winner_id,
    voidRequestedBy: row.void_requested_by,
    paymentSent: row.payment_sent,
    paymentConfirmed: row.payment_confirmed,
    acceptanceComment: row.acceptance_comment,
    counterCount: row.counter_count,
    counters: row.counters,
    resolvedBy: row.resolved_by,
    resolution: row.resolution,
    disputedAt: state.disputedAt,
    disputeReason: row.dispute_reason,
    resolveBy: row.resolve_by,
    settlement: row.settlement,
    // Only the parties learn when the last reminder went out.
    reminder:
      row.status === 'completed' &&
      !row.payment_sent &&
      (state.creatorId === viewerId || state.opponentId === viewerId)
        ? { availableAt: row.reminder_available_at }
        : null,
    payTo: row.pay_to,
    referee: row.referee ?? null,
    actions: availableBetActions(state, viewerId),
    history: buildBetTimeline(row.history, {
      status: row.status,
      voidRequestedBy: row.void_requested_by,
      acceptanceComment: row.acceptance_comment,
      disputeReason: row.dispute_reason,
    }),
  };
}
