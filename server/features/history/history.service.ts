import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { historyCsvHeader, historyPotRow, historyRow } from '#domain/history.ts';
import { potState, potStatuses } from '#domain/pots.ts';
import type { Db } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { loserStake, stakeOf } from '#server/lib/stakes.sql.ts';

/** Rows per database round trip: big enough to keep a 10,000-bet export to 20 statements. */
export const HISTORY_PAGE_SIZE = 500;

const date = z.union([z.string(), z.date()]).transform((value) => new Date(value));
const betRowSchema = z.object({
  kind: z.literal('bet'),
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
const potRowSchema = z.object({
  kind: z.literal('pot'),
  id: z.string(),
  created_at: date,
  entrant_count: z.number(),
  description: z.string(),
  amount: z.number(),
  status: z.enum(potStatuses),
  closes_at: date.nullable(),
  now: date,
  payout: z.number().nullable(),
  all_paid: z.boolean().nullable(),
  all_confirmed: z.boolean().nullable(),
  completed_at: date.nullable(),
});
const historyRowSchema = z.discriminatedUnion('kind', [betRowSchema, potRowSchema]);

type Cursor = { createdAt: Date; id: string };

/**
 * One keyset page of the user's bets and pot entries, newest first. Each bet
 * branch walks its own index in order (bet_creator_idx, bet_opponent_idx) and
 * stops after a page, so a page costs the same at bet 9,500 as at bet 1; the
 * pot branch starts from pot_entry_user_idx (a person enters far fewer pots).
 */
async function historyPage(db: Db, userId: string, after: Cursor | null) {
  const keyset = (alias: string) =>
    after ? sql`and (${sql.raw(alias)}.created_at, ${sql.raw(alias)}.id) < (${after.createdAt}, ${after.id}::uuid)` : sql``;
  return queryRows(
    db,
    sql`
      (select 'bet' as kind, b.id, b.created_at, u.name as opponent_name, b.description,
        -- What changed hands once resolved, the user's own stake before (ADR 062).
        case when b.status = 'completed' then ${loserStake('b')} else ${stakeOf(userId, 'b')} end as amount,
        b.status, b.winner_id, b.payment_sent, b.payment_confirmed, b.completed_at,
        null::int as entrant_count, null::timestamptz as closes_at, null::timestamptz as now, null::int as payout,
        null::boolean as all_paid, null::boolean as all_confirmed
      from (
        (select * from bet c where c.created_by = ${userId} ${keyset('c')}
          order by c.created_at desc, c.id desc limit ${HISTORY_PAGE_SIZE})
        union all
        (select * from bet o where o.opponent_id = ${userId} ${keyset('o')}
          order by o.created_at desc, o.id desc limit ${HISTORY_PAGE_SIZE})
      ) b
      join "user" u on u.id = case when b.created_by = ${userId} then b.opponent_id else b.created_by end
      order by b.created_at desc, b.id desc
      limit ${HISTORY_PAGE_SIZE})
      union all
      (select 'pot', p.id, p.created_at, null, p.question, p.stake, p.status, null, null, null, p.decided_at,
        (select count(*) from pot_entry pe where pe.pot_id = p.id)::int, p.closes_at, now(), e.payout,
        (select bool_and(pp.sent_at is not null) from pot_payment pp
          where pp.pot_id = p.id and ${userId} in (pp.payer_id, pp.payee_id)),
        (select bool_and(pp.confirmed_at is not null) from pot_payment pp
          where pp.pot_id = p.id and ${userId} in (pp.payer_id, pp.payee_id))
      from pot_entry e join pot p on p.id = e.pot_id
      where e.user_id = ${userId} ${keyset('p')}
      order by p.created_at desc, p.id desc
      limit ${HISTORY_PAGE_SIZE})
      order by created_at desc, id desc
      limit ${HISTORY_PAGE_SIZE}`,
    historyRowSchema,
  );
}

/** The pot's state as its page shows it: a passed closing time reads 'awaiting' (ADR 054). */
function foldedStatus(row: z.output<typeof potRowSchema>) {
  const state = potState({
    status: row.status,
    closesAt: row.closes_at?.toISOString() ?? null,
    now: row.now.toISOString(),
  });
  return state === 'closed' ? 'awaiting' : state;
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
              row.kind === 'pot'
                ? historyPotRow({
                    createdAt: row.created_at,
                    entrantCount: row.entrant_count,
                    question: row.description,
                    stake: row.amount,
                    status: foldedStatus(row),
                    payout: row.payout,
                    allPaid: row.all_paid,
                    allConfirmed: row.all_confirmed,
                    decidedAt: row.completed_at,
                  })
                : historyRow(
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
