import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { netsOf, pairNets, simplifyDebts, type Debt } from './group-debts.ts';

const names: Record<string, string> = { a: 'Alex', b: 'Blake', c: 'Casey', d: 'Drew', e: 'Eli', f: 'Alex' };
const nameOf = (id: string) => names[id] ?? id;
const people = Object.keys(names);

const debts = fc.array(
  fc
    .record({
      payerId: fc.constantFrom(...people),
      payeeId: fc.constantFrom(...people),
      amount: fc.integer({ min: 1, max: 500 }),
    })
    .filter((debt) => debt.payerId !== debt.payeeId),
  { maxLength: 40 },
);

describe('simplifyDebts', () => {
  test('A owes B $5 and B owes C $5 becomes A pays C $5', () => {
    const owed: Debt[] = [
      { payerId: 'a', payeeId: 'b', amount: 5 },
      { payerId: 'b', payeeId: 'c', amount: 5 },
    ];
    expect(simplifyDebts(owed, nameOf)).toEqual([{ payerId: 'a', payeeId: 'c', amount: 5 }]);
  });

  test('the largest debtor pays the largest creditor first; equal amounts go by name', () => {
    const owed: Debt[] = [
      { payerId: 'd', payeeId: 'a', amount: 10 },
      { payerId: 'c', payeeId: 'b', amount: 3 },
      { payerId: 'e', payeeId: 'b', amount: 3 },
    ];
    expect(simplifyDebts(owed, nameOf)).toEqual([
      { payerId: 'd', payeeId: 'a', amount: 10 },
      { payerId: 'c', payeeId: 'b', amount: 3 },
      { payerId: 'e', payeeId: 'b', amount: 3 },
    ]);
  });

  test('every net settled already: no payments', () => {
    expect(
      simplifyDebts(
        [
          { payerId: 'a', payeeId: 'b', amount: 4 },
          { payerId: 'b', payeeId: 'a', amount: 4 },
        ],
        nameOf,
      ),
    ).toEqual([]);
  });

  test('property: the payments move exactly each net, at most people − 1 of them, positive, nobody pays themselves', () => {
    fc.assert(
      fc.property(debts, (owed) => {
        const payments = simplifyDebts(owed, nameOf);
        const nets = netsOf(owed);
        // The plan moves exactly each person's net: its own nets are the debts' nets.
        expect(netsOf(payments)).toEqual(nets);
        expect(payments.length).toBeLessThanOrEqual(Math.max(0, nets.size - 1));
        for (const payment of payments) {
          expect(payment.amount).toBeGreaterThan(0);
          expect(Number.isInteger(payment.amount)).toBe(true);
          expect(payment.payerId).not.toBe(payment.payeeId);
          // A debtor only pays and a creditor only receives.
          expect(nets.get(payment.payerId)).toBeLessThan(0);
          expect(nets.get(payment.payeeId)).toBeGreaterThan(0);
        }
      }),
    );
  });

  test('property: the plan does not depend on the order of the debts', () => {
    fc.assert(
      fc.property(debts, (owed) => {
        const reversed = [...owed].reverse();
        expect(simplifyDebts(reversed, nameOf)).toEqual(simplifyDebts(owed, nameOf));
      }),
    );
  });
});

describe('pairNets', () => {
  test('each pair netted, largest first', () => {
    const owed: Debt[] = [
      { payerId: 'a', payeeId: 'b', amount: 5 },
      { payerId: 'b', payeeId: 'a', amount: 2 },
      { payerId: 'c', payeeId: 'b', amount: 5 },
      { payerId: 'd', payeeId: 'e', amount: 1 },
      { payerId: 'e', payeeId: 'd', amount: 1 },
    ];
    expect(pairNets(owed, nameOf)).toEqual([
      { payerId: 'c', payeeId: 'b', amount: 5 },
      { payerId: 'a', payeeId: 'b', amount: 3 },
    ]);
  });
});
