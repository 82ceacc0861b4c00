import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { waitingReason, type BetState } from '#domain/bets.ts';
import { queryRows } from '#server/db/query.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { betWaitsOn } from './waiting.sql.ts';

/*
 * 'Waiting on You' has two homes by necessity: `waitingReason` (domain, the web's and the tests' reading) and
 * `betWaitsOn` (SQL, the red dot and the inbox). Every combination of the columns they read, seen by either
 * party, must get the same answer from both. The rows are evaluated as a VALUES list, so combinations the
 * table's CHECK constraints forbid are checked too, all but one the two homes read differently: a winner exactly
 * when the bet is completed (SQL's `winner_id <> viewer` is null without one).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

const CREATOR = 'creator-id';
const OPPONENT = 'opponent-id';
const day = (offset: number) => {
  const at = new Date();
  at.setDate(at.getDate() + offset);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
};

function* states(): Generator<BetState> {
  for (const status of ['pending', 'active', 'completed'] as const)
    for (const voidRequestedBy of [null, CREATOR, OPPONENT])
      for (const disputedAt of [null, '2026-01-01T00:00:00.000Z'])
        for (const resolveBy of [null, day(-3), day(3)])
          for (const winnerId of status === 'completed' ? [CREATOR, OPPONENT] : [null])
            for (const paymentSent of [false, true])
              for (const paymentConfirmed of [false, true])
                for (const settled of [false, true])
                  // Counters only change whose turn a pending bet is (ADR 062).
                  for (const counterCount of status === 'pending' ? [0, 1, 2, 5] : [0])
                    yield {
                      status,
                      winnerId,
                      voidRequestedBy,
                      paymentSent,
                      paymentConfirmed,
                      resolvedBy: winnerId,
                      resolution: winnerId === null ? null : 'won',
                      disputedAt,
                      completedAt: winnerId === null ? null : '2026-01-01T00:00:00.000Z',
                      resolveBy,
                      creatorId: CREATOR,
                      opponentId: OPPONENT,
                      settled,
                      counterCount,
                    };
}

const waitsRow = z.object({ i: z.number(), waits: z.boolean() });

test('waitingReason and betWaitsOn agree on every bet state, for both parties', async () => {
  const all = [...states()];
  const rows = sql.join(
    all.map(
      (bet, i) =>
        sql`(${i}::int, ${bet.status}::text, ${CREATOR}::text, ${OPPONENT}::text, ${bet.winnerId}::text,
          ${bet.voidRequestedBy}::text, ${bet.disputedAt}::timestamptz, ${bet.resolveBy}::date, ${bet.paymentSent}::boolean,
          ${bet.paymentConfirmed}::boolean, ${bet.settled === true ? 'settlement-id' : null}::text, ${bet.counterCount ?? 0}::int)`,
    ),
    sql`, `,
  );
  for (const viewer of [CREATOR, OPPONENT]) {
    const answers = await queryRows(
      t.db,
      sql`select b.i, coalesce(${betWaitsOn(viewer, 'b')}, false) as waits
        from (select v.*, null::timestamptz as opponent_accepted_at
          from (values ${rows}) as v(i, status, created_by, opponent_id, winner_id, void_requested_by, disputed_at,
            resolve_by, payment_sent, payment_confirmed, settlement_id, counter_count)) as b
        order by b.i`,
      waitsRow,
    );
    expect(answers).toHaveLength(all.length);
    const disagreements = answers
      .filter(({ i, waits }) => waits !== (waitingReason(all[i] as BetState, viewer) !== null))
      .map(({ i, waits }) => ({ viewer, sql: waits, bet: all[i] }));
    expect(disagreements).toEqual([]);
  }
});
