import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { availableBetActions } from '../../../domain/bets.ts';
import type { BetPage } from '../../../domain/feed.ts';
import type { Db } from '../../db/client.ts';
import { queryOne } from '../../db/query.ts';
import { AppError } from '../../lib/errors.ts';
import { feedRow, partyJson, timestamp, toFeedBet } from './feed.service.ts';
import { reminderAvailableAt } from '../../lib/reminders.sql.ts';
import { canSeeBet } from '../../lib/visibility.ts';

const betPageRow = feedRow.extend({
  winner_id: z.string().nullable(),
  void_requested_by: z.string().nullable(),
  payment_sent: z.boolean(),
  payment_confirmed: z.boolean(),
  acceptance_comment: z.string().nullable(),
  resolved_by: z.string().nullable(),
  resolution: z.enum(['won', 'lost']).nullable(),
  disputed_at: timestamp.nullable(),
  dispute_reason: z.string().nullable(),
  resolve_by: z.string().nullable(),
  settlement: z.object({ id: z.string(), amount: z.number(), confirmed: z.boolean() }).nullable(),
  reminder_available_at: timestamp.nullable(),
});

/**
 * One bet as its feed card shows it, plus what the viewer may do now, in one
 * statement. Visible by the feed's rule; anyone else (and an unknown id) gets 404.
 */
export async function getBetPage(db: Db, viewerId: string, betId: string): Promise<BetPage> {
  const row = await queryOne(
    db,
    sql`
      select b.id, b.description, b.amount, b.status, b.created_at, b.completed_at,
        b.winner_id, b.void_requested_by, b.payment_sent, b.payment_confirmed, ac.text as acceptance_comment,
        b.resolved_by, b.resolution, b.disputed_at, b.dispute_reason, to_char(b.resolve_by, 'YYYY-MM-DD') as resolve_by,
        case when st.id is null then null
          else json_build_object('id', st.id, 'amount', st.amount, 'confirmed', st.confirmed_at is not null) end as settlement,
        ${reminderAvailableAt(sql.raw('b.last_reminded_at'))} as reminder_available_at,
        ${partyJson('c')} as creator,
        ${partyJson('o')} as opponent,
        case when w.id is null then null else ${partyJson('w')} end as winner,
        (select count(*) from comment cm where cm.bet_id = b.id)::int as comment_count,
        (select count(*) from bet_like l where l.bet_id = b.id)::int as like_count,
        exists (select 1 from bet_like l where l.bet_id = b.id and l.user_id = ${viewerId}) as liked_by_me
      from bet b
      join "user" c on c.id = b.created_by
      join "user" o on o.id = b.opponent_id
      left join "user" w on w.id = b.winner_id
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
  };
  return {
    ...toFeedBet(row),
    winnerId: row.winner_id,
    voidRequestedBy: row.void_requested_by,
    paymentSent: row.payment_sent,
    paymentConfirmed: row.payment_confirmed,
    acceptanceComment: row.acceptance_comment,
    resolvedBy: row.resolved_by,
    resolution: row.resolution,
    disputedAt: state.disputedAt,
    disputeReason: row.dispute_reason,
    resolveBy: row.resolve_by,
    settlement: row.settlement,
    // Only the parties learn when the last reminder went out.
    reminder:
      row.status === 'completed' && !row.payment_sent && (state.creatorId === viewerId || state.opponentId === viewerId)
        ? { availableAt: row.reminder_available_at }
        : null,
    actions: availableBetActions(state, viewerId),
  };
}
