import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bets } from '#server/db/schema/bets.ts';
import { insertBet } from '#server/testing/bets.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

/*
 * Odds (ADR 062): whatever the stakes, who placed each bet and who won it, the balance and the settle-up
 * payment between two friends net to what each loser risked.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

const betArb = fc.record({
  aCreated: fc.boolean(),
  aWon: fc.boolean(),
  creatorStake: fc.integer({ min: 1, max: 10_000 }),
  opponentStake: fc.integer({ min: 1, max: 10_000 }),
});

test('balances and settle-up with uneven stakes net to what each side risked', async () => {
  const a = await signedInUser(t);
  const b = await signedInUser(t);
  await makeFriends(t, a.user.id, b.user.id);
  await fc.assert(
    fc.asyncProperty(fc.array(betArb, { minLength: 1, maxLength: 6 }), async (drawn) => {
      let expected = 0; // + when b owes a
      const ids: string[] = [];
      for (const bet of drawn) {
        const [creator, opponent] = bet.aCreated ? [a, b] : [b, a];
        const winner = bet.aWon ? a : b;
        const row = await insertBet(t, {
          createdBy: creator.user.id,
          opponentId: opponent.user.id,
          amount: bet.creatorStake,
          opponentStake: bet.opponentStake,
          winnerId: winner.user.id,
        });
        ids.push(row.id);
        const loserRisked = winner === creator ? bet.opponentStake : bet.creatorStake;
        expected += bet.aWon ? loserRisked : -loserRisked;
      }
      const seenByA = await (
        await a.agent.api.balances[':friendId'].$get({ param: { friendId: b.user.id } })
      ).json();
      const seenByB = await (
        await b.agent.api.balances[':friendId'].$get({ param: { friendId: a.user.id } })
      ).json();
      expect(seenByA.net).toBe(expected);
      expect(seenByB.net).toBe(-expected);
      const signed = seenByA.bets.reduce(
        (sum, line) => sum + (line.direction === 'owed_to_me' ? line.amount : -line.amount),
        0,
      );
      expect(signed).toBe(expected);
      if (expected !== 0) {
        const [payer, payee] = expected > 0 ? [b, a] : [a, b];
        const res = await payer.agent.api.balances[':friendId'].settle.$post({
          param: { friendId: payee.user.id },
          json: { betIds: ids },
        });
        expect(res.status).toBe(201);
        const settlement = await res.json();
        expect(settlement.amount).toBe(Math.abs(expected));
        expect(
          (await payee.agent.api.settlements[':id'].confirm.$post({ param: { id: settlement.id } })).status,
        ).toBe(200);
      } else {
        // Nothing to pay: clear them for the next run.
        await t.db
          .update(bets)
          .set({ paymentSent: true, paymentConfirmed: true })
          .where(inArray(bets.id, ids));
      }
    }),
    { numRuns: 12 },
  );
});
