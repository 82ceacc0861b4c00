import {
  expect,
  expectNoHorizontalScroll,
  expectToastAndClose,
  saveScreen,
  test,
  type Actor,
} from './fixtures.ts';
import { befriend, startPot } from './scenario.ts';

/*
 * 'Simplify Debts' (issue 27 §3, ADR 064): two decided group pots leave Ana owing Ben $10 and Ben owing
 * Cal $10; the Balances tab simplifies that to Ana pays Cal $10. Ana marks it paid, Cal confirms it, and
 * both pot payments are complete.
 */

type Pot = {
  id: string;
  options: { id: string; label: string }[];
  payments: {
    payer: { id: string };
    payee: { id: string };
    sent: boolean;
    confirmed: boolean;
    settled: boolean;
  }[];
};

/** A decided group pot of two entrants at $10: `loser` pays `winner`. */
async function decidedPot(groupId: string, winner: Actor, loser: Actor, question: string, invitees: Actor[]) {
  const potId = await startPot(winner, {
    question,
    choices: ['Yes', 'No'],
    stake: 10,
    inviteeIds: invitees.map((invitee) => invitee.id),
    groupId,
  });
  const pot = await winner.api.get<Pot>(`/api/pots/${potId}`);
  const option = (label: string) => pot.options.find((o) => o.label === label)?.id ?? '';
  await loser.api.post(`/api/pots/${pot.id}/entry`, { optionId: option('No') });
  await winner.api.post(`/api/pots/${pot.id}/result`, { optionId: option('Yes') });
  return pot;
}

test('a group simplifies two pots into one payment, marked paid and confirmed, completing both pot payments', async ({
  poolUser,
}) => {
  test.slow();
  const [ana, ben, cal] = [await poolUser(), await poolUser(), await poolUser()];
  for (const friend of [ben, cal]) await befriend(ana, friend);
  const group = await ana.api.post<{ id: string }>('/api/groups', {
    name: 'Simplify Crew',
    memberIds: [ben.id, cal.id],
  });
  const first = await decidedPot(group.id, ben, ana, 'Ana makes the putt?', [ana, cal]);
  const second = await decidedPot(group.id, cal, ben, 'Ben breaks 90?', [ana, ben]);

  const anaPage = await ana.newPage();
  await anaPage.goto(`/groups/${group.id}`);
  await anaPage.getByRole('tab', { name: 'Balances' }).click();
  await expect(anaPage.getByRole('heading', { name: 'Simplify Debts' })).toBeVisible({ timeout: 30_000 });
  await expect(anaPage.getByText(`${ana.name} owes ${ben.name} $10`)).toBeVisible();
  await expect(anaPage.getByText(`${ben.name} owes ${cal.name} $10`)).toBeVisible();
  const payment = anaPage.getByRole('listitem', { name: `You pay ${cal.name} $10` });
  await expect(payment).toBeVisible();
  const venmo = new URL(
    (await payment.getByRole('link', { name: 'Pay with Venmo' }).getAttribute('href')) ?? '',
  );
  expect(venmo.searchParams.get('amount')).toBe('10');
  await expectNoHorizontalScroll(anaPage);
  await saveScreen(anaPage, 'group-simplify-debts');
  await payment.getByRole('button', { name: 'Mark Paid' }).click();
  await expectToastAndClose(anaPage, 'Payment Marked as Sent', `Waiting for ${cal.name} to confirm receipt.`);
  await expect(payment.getByText('Marked paid, waiting for confirmation')).toBeVisible();

  const calPage = await cal.newPage();
  await calPage.goto(`/groups/${group.id}`);
  await calPage.getByRole('tab', { name: 'Balances' }).click();
  const owed = calPage.getByRole('listitem', { name: `${ana.name} pays you $10` });
  await expect(owed).toBeVisible({ timeout: 30_000 });
  await saveScreen(calPage, 'group-simplify-confirm');
  await owed.getByRole('button', { name: 'Confirm Payment Received' }).click();
  await expectToastAndClose(calPage, 'Payment Confirmed');
  await expect(calPage.getByText('All settled up.')).toBeVisible();

  // Both pot payments the simplified payment replaced are complete.
  for (const pot of [first, second]) {
    const view = await cal.api.get<Pot>(`/api/pots/${pot.id}`);
    expect(view.payments).toHaveLength(1);
    expect(view.payments[0]).toMatchObject({ sent: true, confirmed: true, settled: true });
  }
});
