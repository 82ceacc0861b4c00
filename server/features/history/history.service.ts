import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { historyCsvHeader, historyRow } from '#domain/history.ts';
import type { Db } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { loserStake, stakeOf } from '#server/lib/stakes.sql.ts';

/** Rows per database round trip: big enough to keep a 10,000-bet export to 20 statements. */
export const HISTORY_PAGE_SIZE = 500;

const date = z.union([z.string(), z.date()]).transform((value) => new Date(value));
const historyRowSchema = z.object({
  id: z.string(),
  created_at: date,
  opponent_name: z.string(),
  description: z.string(),
  amount: z.number(),
  status: z.enum(['pending', 'active', 'completed']),
  winner_id: z.string().nullable(),
  payment_sent: z.boolean(),
  payment_confirmed: z.boolean(),
  completed_at: date.nullable(),
});

type Cursor = { createdAt: Date; id: string };

/**
 * One keyset page of the user's bets, newest first. Each branch walks its own
 * index in order (bet_creator_idx, bet_opponent_idx) and stops after a page,
 * so a page costs the same at bet 9,500 as at bet 1.
 */
async function historyPage(db: Db, userId: string, after: Cursor | null) {
  const keyset = (alias: string) =>
    after ? sql`and (${sql.raw(alias)}.created_at, ${sql.raw(alias)}.id) < (${after.createdAt}, ${after.id}::uuid)` : sql``;
  return queryRows(
    db,
    sql`
      select b.id, b.created_at, u.name as opponent_name, b.description,
        -- What changed hands once resolved, the user's own stake before (ADR 062).
        case when b.status = 'completed' then ${loserStake('b')} else ${stakeOf(userId, 'b')} end as amount,
        b.status, b.winner_id,
        b.payment_sent, b.payment_confirmed, b.completed_at
      from (
        (select * from bet c where c.created_by = ${userId} ${keyset('c')}
          order by c.created_at desc, c.id desc limit ${HISTORY_PAGE_SIZE})
        union all
        (select * from bet o where o.opponent_id = ${userId} ${keyset('o')}
          order by o.created_at desc, o.id desc limit ${HISTORY_PAGE_SIZE})
      ) b
      join "user" u on u.id = case when b.created_by = ${userId} then b.opponent_id else b.created_by end
      order by b.created_at desc, b.id desc
      limit ${HISTORY_PAGE_SIZE}`,
    historyRowSchema,
  );
}

/**
 * The CSV export as a byte stream: the header, then one keyset page at a time,
 * fetched only when the client has read the previous one (backpressure), so
 * memory stays at one page however long the history is.
 */
export function historyCsvStream(db: Db, userId: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: Cursor | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(historyCsvHeader));
          return;
        }
        const rows = await historyPage(db, userId, cursor);
        if (rows.length > 0) {
          const text = rows
            .map((row) =>
              historyRow(
                {
                  createdAt: row.created_at,
                  opponentName: row.opponent_name,
                  description: row.description,
                  amount: row.amount,
                  status: row.status,
                  winnerId: row.winner_id,
                  paymentSent: row.payment_sent,
                  paymentConfirmed: row.payment_confirmed,
                  completedAt: row.completed_at,
                },
                userId,
              ),
            )
            .join('');
          controller.enqueue(encoder.encode(text));
        }
        const last = rows.at(-1);
        if (rows.length < HISTORY_PAGE_SIZE || !last) controller.close();
        else cursor = { createdAt: last.created_at, id: last.id };
      },
    },
    { highWaterMark: 1 },
  );
}
