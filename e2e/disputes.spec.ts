import { activitySentence } from '../domain/notifications.ts';
import type { Page } from '@playwright/test';
import { betCard, expectDot, friendOption, goToProfile, saveCardScreen, section } from './bet-pages.ts';
import { expect as baseExpect, expectNoHorizontalScroll, expectToastAndClose, saveScreen, test } from './fixtures.ts';
import { activeBet, befriend, wonBet } from './scenario.ts';

// These journeys run while other suites share the machine: allow slow first paints.
const expect = baseExpect.configure({ timeout: 20_000 });

/** Opens `path` and waits until this browser's event stream is answered (bet-pages.ts openLive, with room for a loaded machine). */
async function openLive(page: Page, path: string): Promise<void> {
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events', { timeout: 60_000 });
  await page.goto(path);
  expect((await stream).status()).toBe(200);
}

/* ADR 025: a false 'I Won' disputed end to end, and a void request refused. */

test("a false 'I Won' is disputed: the bet is active again, 'Disputed', and ends by 'I Lost'", async ({ poolUser }) => {
  test.slow();
  const [ivy, jon] = [await poolUser(), await poolUser()];
  await befriend(ivy, jon);
  const terms = { description: 'Jon finishes the crossword before lunch', amount: 15 };
  // Ivy claims a win she did not have.
  await wonBet(ivy, jon, ivy, terms);

  const ivyPage = await ivy.newPage();
  const jonPage = await jon.newPage();
  await openLive(ivyPage, '/profile');
  await openLive(jonPage, '/profile');

  // Jon, the named loser, sees Dispute beside paying.
  const jonCard = betCard(section(jonPage, 'Past Bets'), ivy, jon, terms.description);
  const dispute = jonCard.getByRole('button', { name: 'Dispute' });
  await expect(dispute).toBeVisible();
  await expect(jonCard.getByRole('button', { name: 'Mark Paid' })).toBeVisible();
  await saveCardScreen(jonCard, 'bet-dispute-button-390');
  // Ivy, the claimant, has no Dispute.
  const ivyPast = betCard(section(ivyPage, 'Past Bets'), ivy, jon, terms.description);
  await expect(ivyPast.getByText('Won', { exact: true })).toBeVisible();
  await expect(ivyPast.getByRole('button', { name: 'Dispute' })).toHaveCount(0);

  // The confirm dialog: Cancel changes nothing; then a reason and Dispute.
  await dispute.click();
  let dialog = jonPage.getByRole('dialog', { name: 'Dispute this result?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await dispute.click();
  dialog = jonPage.getByRole('dialog', { name: 'Dispute this result?' });
  await dialog.getByLabel('Reason (optional)').fill('I finished it at 11:40');
  await saveScreen(jonPage, 'bet-dispute-dialog-390', { fullPage: false });
  await dialog.getByRole('button', { name: 'Dispute' }).click();
  await expectToastAndClose(jonPage, 'Bet Disputed');

  // Back to active for both, with the 'Disputed' badge; 'I Won' is gone for both.
  for (const [page, who] of [
    [jonPage, 'jon'],
    [ivyPage, 'ivy'],
  ] as const) {
    const card = betCard(section(page, 'Active Bets'), ivy, jon, terms.description);
    await expect(card.getByText('Disputed', { exact: true })).toBeVisible();
    await expect(card.getByText('Disputed: “I finished it at 11:40”.', { exact: false })).toBeVisible();
    await expect(card.getByRole('button', { name: 'I Lost' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'I Won' })).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await saveCardScreen(card, `bet-disputed-${who}-390`);
  }
  await expect(section(ivyPage, 'Past Bets')).toHaveCount(0);

  // Ivy is told, in her inbox, with the dispute's sentence; the disputed bet waits on her.
  await expectDot(ivyPage, true);
  await ivyPage.goto('/activity');
  const line = activitySentence({ type: 'bet_disputed', actor: { id: jon.id, name: jon.name, image: null }, data: terms }, ivy.id);
  await expect(ivyPage.getByText(line)).toBeVisible();
  await saveScreen(ivyPage, 'activity-bet-disputed-390');

  // Ivy concedes: Jon won, and an 'I Lost' cannot be disputed.
  await goToProfile(ivyPage);
  await betCard(section(ivyPage, 'Active Bets'), ivy, jon, terms.description).getByRole('button', { name: 'I Lost' }).click();
  await expectToastAndClose(ivyPage, 'Bet resolved', 'You marked this bet as lost!');
  const ivyLost = betCard(section(ivyPage, 'Past Bets'), ivy, jon, terms.description);
  await expect(ivyLost.getByText('Lost', { exact: true })).toBeVisible();
  await expect(ivyLost.getByRole('button', { name: 'Mark Paid' })).toBeVisible();
  await expect(ivyLost.getByRole('button', { name: 'Dispute' })).toHaveCount(0);
  const jonWon = betCard(section(jonPage, 'Past Bets'), ivy, jon, terms.description);
  await expect(jonWon.getByText('Won', { exact: true })).toBeVisible();
});

test('the party asked to void keeps the bet; the requester is told', async ({ poolUser }) => {
  test.slow();
  const [kim, lou] = [await poolUser(), await poolUser()];
  await befriend(kim, lou);
  const terms = { description: 'Lou bikes to work every day this week', amount: 10 };
  const betId = await activeBet(kim, lou, terms);
  await kim.api.post(`/api/bets/${betId}/void`);

  const kimPage = await kim.newPage();
  const louPage = await lou.newPage();
  await openLive(kimPage, '/profile');
  await openLive(louPage, '/profile');

  const louCard = betCard(section(louPage, 'Active Bets'), kim, lou, terms.description);
  await expect(louCard.getByText(`${kim.name} asked to void this bet.`, { exact: true })).toBeVisible();
  const keep = louCard.getByRole('button', { name: 'Keep Bet' });
  await expect(keep).toBeVisible();
  await expect(louCard.getByRole('button', { name: 'Confirm Void' })).toBeVisible();
  await expectNoHorizontalScroll(louPage);
  await saveCardScreen(louCard, 'bet-keep-bet-390');
  await keep.click();
  await expectToastAndClose(louPage, 'Bet Kept');
  await expect(keep).toHaveCount(0);
  await expect(louCard.getByRole('button', { name: 'Request Void' })).toBeVisible();

  // Kim, live: her request is gone, and her inbox says why.
  const kimCard = betCard(section(kimPage, 'Active Bets'), kim, lou, terms.description);
  await expect(kimCard.getByRole('button', { name: 'Request Void' })).toBeVisible();
  await kimPage.goto('/activity');
  await expect(kimPage.getByText(`${lou.name} wants to keep the bet: ${terms.description}`, { exact: true })).toBeVisible();
});

test("Place Bet takes a 'Resolve by' date and the card shows 'Due <date>'", async ({ poolUser }) => {
  test.slow();
  const [max, ned] = [await poolUser(), await poolUser()];
  await befriend(max, ned);
  const page = await max.newPage();
  await page.goto('/home');
  await page.getByLabel("What's the bet?").fill('Ned reads two books this month');
  await page.getByRole('combobox', { name: /^Friend/ }).click();
  await page.getByPlaceholder('Search friends...').fill(ned.username);
  await friendOption(page, ned).click();
  await page.getByRole('button', { name: '$5', exact: true }).click();
  const resolveBy = page.getByLabel('Resolve by');
  await expect(resolveBy).toHaveAttribute('type', 'date');
  // Yesterday is refused in the form. Days as the browser counts them (its time zone is New York's,
  // the runner's UTC: between 00:00 and 05:00 UTC they disagree on the date).
  const day = (offset: number) =>
    page.evaluate((days) => {
      const d = new Date(Date.now() + days * 86_400_000);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    }, offset);
  const inAWeek = await day(7);
  await resolveBy.fill(await day(-1));
  await page.getByRole('button', { name: 'Place Bet' }).click();
  await expect(page.getByText('Please choose today or a later date.').first()).toBeVisible();
  await resolveBy.fill(inAWeek);
  await saveScreen(page, 'place-bet-resolve-by-390');
  await page.getByRole('button', { name: 'Place Bet' }).click();
  await expectToastAndClose(page, 'Bet Placed!');
  await page.goto('/profile');
  const card = betCard(section(page, 'Pending Bets'), max, ned, 'Ned reads two books this month');
  const due = new Date(`${inAWeek}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  await expect(card.getByText(`Due ${due}`, { exact: true })).toBeVisible();
  await saveCardScreen(card, 'bet-due-390');
});
