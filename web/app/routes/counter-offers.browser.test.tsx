import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { counterMessages } from '#domain/bet-stakes.ts';
import type { Bet } from '#domain/bets.ts';
import { alex, bet, me, profileScreen } from '#web/testing/factories.ts';
import { apiError, profileHandlers, worker } from '#web/testing/msw.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { expectErrorToast, expectSuccessToast } from '#web/testing/toasts.ts';
import { Component as ProfileScreen } from './profile.tsx';

/*
 * Counter-offers on a pending bet's card (ADR 062): 'Counter' with 'Even' or 'Give Odds', whole dollars
 * of at least 1, an optional note; the body the server gets; a lost race's 409; the 5-counter cap; the
 * creator's 'Accept Counter'; and the opponent's Accept dialog naming what they risk (ADR 066).
 */

const renderProfile = () => renderScreen(<ProfileScreen />, { path: '/profile' });
const party = (summary: typeof me) => ({ ...summary, venmoHandle: summary.username });

/** A pending bet Alex offered me: $20 (his) vs $10 (mine) unless told otherwise. */
function offered(overrides: Partial<Bet> = {}): Bet {
  return bet({
    status: 'pending',
    creator: party(alex),
    opponent: party(me),
    description: 'Chiefs cover the spread',
    amount: 20,
    creatorStake: 20,
    opponentStake: 10,
    ...overrides,
  });
}

/** Answers the counter with the bet at the sent stakes, and keeps each body the screen sent. */
function recordCounters(pending: Bet): unknown[] {
  const bodies: unknown[] = [];
  worker.use(
    http.post(`/api/bets/${pending.id}/counter`, async ({ request }) => {
      const body = (await request.json()) as { creatorStake: number; opponentStake: number };
      bodies.push(body);
      return HttpResponse.json<Bet>({
        ...pending,
        amount: body.creatorStake,
        creatorStake: body.creatorStake,
        opponentStake: body.opponentStake,
        counterCount: pending.counterCount + 1,
      });
    }),
  );
  return bodies;
}

async function openCounter() {
  await page.getByRole('button', { name: 'Counter', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Counter this bet' });
  await expect.element(dialog).toBeVisible();
  return dialog;
}

test("'Give Odds' opens on the bet's stakes as I see them, and sends mine as the opponent's with the note", async () => {
  const pending = offered();
  const bodies = recordCounters(pending);
  worker.use(...profileHandlers(profileScreen(), { pending: [pending] }));
  await renderProfile();
  // The card shows the terms on the table, the creator's stake first.
  await expect.element(page.getByRole('article').getByText('$20 vs $10', { exact: true })).toBeVisible();
  const dialog = await openCounter();
  await expect
    .element(dialog.getByRole('tab', { name: 'Give Odds' }))
    .toHaveAttribute('aria-selected', 'true');
  // I am the opponent: 'You risk' is my $10, 'They risk' Alex's $20.
  await expect.element(dialog.getByLabelText('You risk')).toHaveValue('10');
  await expect.element(dialog.getByLabelText('They risk')).toHaveValue('20');
  await dialog.getByLabelText('They risk').fill('15');
  await dialog.getByLabelText('Note (optional)').fill('Make it $15 and you are on');
  await dialog.getByRole('button', { name: 'Send Counter' }).click();
  await expectSuccessToast('Counter sent', 'The bet now waits on their answer.');
  await expect.element(dialog).not.toBeInTheDocument();
  expect(bodies).toEqual([
    { creatorStake: 15, opponentStake: 10, seenCounters: 0, note: 'Make it $15 and you are on' },
  ]);
});

test("'Even' sends one amount for both sides, and no note when none was typed", async () => {
  const pending = offered();
  const bodies = recordCounters(pending);
  worker.use(...profileHandlers(profileScreen(), { pending: [pending] }));
  await renderProfile();
  const dialog = await openCounter();
  await dialog.getByRole('tab', { name: 'Even' }).click();
  await expect.element(dialog.getByRole('tab', { name: 'Even' })).toHaveAttribute('aria-selected', 'true');
  await expect.element(dialog.getByLabelText('You risk')).not.toBeInTheDocument();
  const amount = dialog.getByLabelText('Amount');
  await expect.element(amount).toHaveValue('10');
  await amount.fill('12');
  await dialog.getByRole('button', { name: 'Send Counter' }).click();
  await expectSuccessToast('Counter sent');
  expect(bodies).toEqual([{ creatorStake: 12, opponentStake: 12, seenCounters: 0 }]);
});

test('a stake that is not whole dollars of at least 1 is refused inline, and nothing is sent', async () => {
  const pending = offered();
  const bodies = recordCounters(pending);
  worker.use(...profileHandlers(profileScreen(), { pending: [pending] }));
  await renderProfile();
  const dialog = await openCounter();
  const send = dialog.getByRole('button', { name: 'Send Counter' });
  const mine = dialog.getByLabelText('You risk');
  const theirs = dialog.getByLabelText('They risk');
  for (const [myText, theirText] of [
    ['0', '20'],
    ['10', '2.50'],
    ['-5', '20'],
    ['10', 'ten'],
  ] as const) {
    await mine.fill(myText);
    await theirs.fill(theirText);
    await send.click();
    const bad = myText === '10' ? theirs : mine;
    await expect.element(bad).toHaveAttribute('aria-invalid', 'true');
    await expect.element(dialog.getByText('Please enter a valid amount.')).toBeVisible();
  }
  // An empty amount asks for one.
  await mine.fill('');
  await theirs.fill('20');
  await send.click();
  await expect.element(dialog.getByText('Select how much you want to bet.')).toBeVisible();
  // Even: the one amount is checked the same way.
  await dialog.getByRole('tab', { name: 'Even' }).click();
  await dialog.getByLabelText('Amount').fill('0');
  await send.click();
  await expect.element(dialog.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
  expect(bodies).toEqual([]);
  // Fixed, it goes.
  await dialog.getByLabelText('Amount').fill('1');
  await send.click();
  await expectSuccessToast('Counter sent');
  expect(bodies).toEqual([{ creatorStake: 1, opponentStake: 1, seenCounters: 0 }]);
});

/** Sends a counter of $15 (theirs) vs my $10 that the server refuses with 409 `message`; answers what reads the body sent. */
async function refusedCounter(pending: Bet, message: string): Promise<() => unknown> {
  let sent: unknown = null;
  worker.use(
    http.post(`/api/bets/${pending.id}/counter`, async ({ request }) => {
      sent = await request.json();
      return apiError('CONFLICT', message);
    }),
    ...profileHandlers(profileScreen(), { pending: [pending] }),
  );
  await renderProfile();
  const dialog = await openCounter();
  await dialog.getByLabelText('They risk').fill('15');
  await dialog.getByRole('button', { name: 'Send Counter' }).click();
  return () => sent;
}

test("a counter that lost a race shows 'This bet changed. Please review it again.'", async () => {
  const sent = await refusedCounter(
    offered({ counterCount: 2, creatorStake: 18, amount: 18 }),
    counterMessages.changed,
  );
  await expectErrorToast('Error', 'This bet changed. Please review it again.');
  // It names the count it saw: the server refuses it once the bet moved on.
  expect(sent()).toEqual({ creatorStake: 15, opponentStake: 10, seenCounters: 2 });
});

test("after 5 counters there is no 'Counter': the bet can only be accepted or declined", async () => {
  worker.use(
    ...profileHandlers(profileScreen(), {
      pending: [
        offered({ counterCount: 4 }),
        offered({ counterCount: 5, creator: party(me), opponent: party(alex) }),
      ],
    }),
  );
  await renderProfile();
  const [fourth, fifth] = [page.getByRole('article').nth(0), page.getByRole('article').nth(1)];
  await expect.element(fourth.getByRole('button', { name: 'Counter', exact: true })).toBeVisible();
  await expect.element(fifth.getByRole('button', { name: 'Accept Counter' })).toBeVisible();
  await expect.element(fifth.getByRole('button', { name: 'Decline' })).toBeVisible();
  await expect.element(fifth.getByRole('button', { name: 'Counter', exact: true })).not.toBeInTheDocument();
});

test("the server's 5-counter refusal is shown as it says", async () => {
  await refusedCounter(offered({ counterCount: 4 }), counterMessages.tooMany);
  await expectErrorToast('Error', 'This bet already has 5 counters. Accept or decline it.');
});

test("'Accept Counter' takes the opponent's counter as seen and makes the bet active", async () => {
  // I offered $20 vs $10; Alex countered $15 vs $10: the bet waits on me.
  const countered = offered({
    creator: party(me),
    opponent: party(alex),
    counterCount: 1,
    amount: 15,
    creatorStake: 15,
  });
  let sent: unknown = null;
  worker.use(
    http.post(`/api/bets/${countered.id}/accept-counter`, async ({ request }) => {
      sent = await request.json();
      return HttpResponse.json<Bet>({ ...countered, status: 'active' });
    }),
    ...profileHandlers(profileScreen(), { pending: [countered] }),
  );
  await renderProfile();
  const card = page.getByRole('article').filter({ hasText: 'Chiefs cover the spread' });
  await expect.element(card.getByText('$15 vs $10', { exact: true })).toBeVisible();
  // The creator answers a counter: no plain 'Accept' (that is the opponent's).
  await expect.element(card.getByRole('button', { name: 'Accept', exact: true })).not.toBeInTheDocument();
  await card.getByRole('button', { name: 'Accept Counter' }).click();
  await expectSuccessToast('Bet accepted', 'The bet is now active!');
  expect(sent).toEqual({ seenCounters: 1 });
});

test("an 'Accept Counter' that lost a race shows the server's message under 'Error accepting bet'", async () => {
  const countered = offered({ creator: party(me), opponent: party(alex), counterCount: 1 });
  worker.use(
    http.post(`/api/bets/${countered.id}/accept-counter`, () =>
      apiError('CONFLICT', counterMessages.changed),
    ),
    ...profileHandlers(profileScreen(), { pending: [countered] }),
  );
  await renderProfile();
  await page.getByRole('button', { name: 'Accept Counter' }).click();
  await expectErrorToast('Error accepting bet', 'This bet changed. Please review it again.');
});

/** Opens the Accept dialog on Alex's offer of $20 against my `myStake`. */
async function openAccept(myStake: number) {
  worker.use(...profileHandlers(profileScreen(), { pending: [offered({ opponentStake: myStake })] }));
  await renderProfile();
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  return page.getByRole('dialog', { name: 'Accept Bet' });
}

test('the Accept dialog of an uneven bet shows both stakes and what the opponent risks (ADR 066)', async () => {
  const dialog = await openAccept(10);
  await expect
    .element(dialog.getByText('Alex Rivera bets you $20 vs $10: Chiefs cover the spread', { exact: true }))
    .toBeVisible();
  await expect.element(dialog.getByText('You risk $10 to win $20.', { exact: true })).toBeVisible();
});

test('the Accept dialog of an even bet keeps the single amount and says nothing more', async () => {
  const dialog = await openAccept(20);
  await expect
    .element(dialog.getByText('Alex Rivera bets you $20: Chiefs cover the spread', { exact: true }))
    .toBeVisible();
  await expect.element(dialog.getByText(/You risk/)).not.toBeInTheDocument();
});
