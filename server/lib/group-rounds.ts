import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { groupMembers, groupRounds } from '#server/db/schema/groups.ts';
import { potPayments } from '#server/db/schema/pots.ts';

/*
 * A group's 'Simplify Debts' round as the settlement confirm sees it (ADR 064): here, not in the groups
 * feature, because balances confirms settlements and the groups feature may not be reached from it.
 */

/**
 * Confirming a round's settlement (inside the confirm's transaction): once every planned payment's settlement
 * is confirmed, the round completes and every pot payment it covers is confirmed. The round row is locked
 * first, so two last confirms queue and the second, whose statements then see the first's commit, completes
 * it. `for no key update`: the marks' settlement inserts only take the key-share lock of their foreign key.
 */
export async function completeRoundIfPaid(
  tx: Db,
  roundId: string,
): Promise<{ groupId: string | null; potIds: string[] }> {
  const [round] = await tx.select().from(groupRounds).where(eq(groupRounds.id, roundId)).for('no key update');
  if (!round) return { groupId: null, potIds: [] };
  const [done] = await tx
    .update(groupRounds)
    .set({ completedAt: sql`now()` })
    .where(
      and(
        eq(groupRounds.id, roundId),
        isNull(groupRounds.completedAt),
        sql`jsonb_array_length(${groupRounds.plan}) = (select count(*) from settlement s
          where s.group_round_id = ${roundId} and s.confirmed_at is not null)`,
      ),
    )
    .returning({ id: groupRounds.id });
  if (!done) return { groupId: round.groupId, potIds: [] };
  const confirmed = await tx
    .update(potPayments)
    .set({ confirmedAt: sql`now()` })
    .where(and(eq(potPayments.groupRoundId, roundId), isNull(potPayments.confirmedAt)))
    .returning({ potId: potPayments.potId });
  return { groupId: round.groupId, potIds: [...new Set(confirmed.map((row) => row.potId))] };
}

/** Who sees a group's tabs: its members (realtime hints after a round's settlement is confirmed). */
export async function groupMembersOf(db: Db, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ id: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  return rows.map((row) => row.id);
}
