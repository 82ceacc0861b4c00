/*
 * 'Simplify Debts' inside a group (issue 27 §3, ADR 064): each member's net across the group's unpaid pot
 * payments, then the fewest payments that settle it. Pure and zod-free: the server plans and checks with
 * it, the group page's Balances tab is drawn from its results. Money is whole dollars (domain/money.ts).
 */

/** One debt: a pot payment, or several between the same two people added up. */
export type Debt = { payerId: string; payeeId: string; amount: number };

/** A simplified payment: `payerId` pays `payeeId` `amount` whole dollars. */
export type SimplifiedPayment = { payerId: string; payeeId: string; amount: number };

export const groupDebtMessages = {
  changed: "The group's balances changed. Please review them again.",
  notPayer: 'Only the payer can mark this payment as paid.',
  alreadyMarked: 'Payment was already marked as sent.',
} as const;

/** Each person's net: positive is owed to them, negative is what they owe. People at zero are left out. */
export function netsOf(debts: readonly Debt[]): Map<string, number> {
  const nets = new Map<string, number>();
  for (const { payerId, payeeId, amount } of debts) {
    nets.set(payerId, (nets.get(payerId) ?? 0) - amount);
    nets.set(payeeId, (nets.get(payeeId) ?? 0) + amount);
  }
  for (const [id, net] of nets) if (net === 0) nets.delete(id);
  return nets;
}

/** Who owes whom, each pair netted: one line per pair with a non-zero net, largest first, then by names. */
export function pairNets(debts: readonly Debt[], nameOf: (id: string) => string): Debt[] {
  const pairs = new Map<string, Debt>();
  for (const debt of debts) {
    const [a, b] = debt.payerId < debt.payeeId ? [debt.payerId, debt.payeeId] : [debt.payeeId, debt.payerId];
    const key = `${a} ${b}`;
    const pair = pairs.get(key) ?? { payerId: a, payeeId: b, amount: 0 };
    pair.amount += debt.payerId === a ? debt.amount : -debt.amount;
    pairs.set(key, pair);
  }
  return [...pairs.values()]
    .filter((pair) => pair.amount !== 0)
    .map((pair) =>
      pair.amount > 0 ? pair : { payerId: pair.payeeId, payeeId: pair.payerId, amount: -pair.amount },
    )
    .sort(
      (x, y) =>
        y.amount - x.amount ||
        compareNames(x.payerId, y.payerId, nameOf) ||
        compareNames(x.payeeId, y.payeeId, nameOf),
    );
}

/** By name, then by id, so equal names still order the same way on every run. */
function compareNames(a: string, b: string, nameOf: (id: string) => string): number {
  const byName = nameOf(a).localeCompare(nameOf(b), 'en');
  return byName !== 0 ? byName : a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The simplified payments: the largest debtor pays the largest creditor the smaller of the two amounts,
 * repeatedly, until every net is zero; ties by name (then id). Each step zeroes one side at least and the
 * last zeroes both, so n people with a non-zero net need at most n − 1 payments.
 */
export function simplifyDebts(debts: readonly Debt[], nameOf: (id: string) => string): SimplifiedPayment[] {
  const nets = netsOf(debts);
  const byLargest = (sign: 1 | -1) =>
    [...nets]
      .filter(([, net]) => Math.sign(net) === sign)
      .sort(([a, x], [b, y]) => Math.abs(y) - Math.abs(x) || compareNames(a, b, nameOf));
  const payments: SimplifiedPayment[] = [];
  for (;;) {
    const [debtor] = byLargest(-1);
    const [creditor] = byLargest(1);
    if (!debtor || !creditor) return payments;
    const amount = Math.min(-debtor[1], creditor[1]);
    payments.push({ payerId: debtor[0], payeeId: creditor[0], amount });
    nets.set(debtor[0], debtor[1] + amount);
    nets.set(creditor[0], creditor[1] - amount);
    for (const id of [debtor[0], creditor[0]]) if (nets.get(id) === 0) nets.delete(id);
  }
}
