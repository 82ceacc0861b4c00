import { expect, expectToast, saveScreen, test } from './fixtures.ts';
import { goToProfile } from './bet-pages.ts';
import { befriend } from './scenario.ts';

/*
 * A pot beyond its page (ADR 060): its card in the feed of everyone in it, liked and commented on, and the
 * profile's 'Open Pots' and decided pots.
 */

type Pot = { id: string; options: { id: string; label: string }[] };

test('a pot card in the feed with a like and a comment; the profile lists open and decided pots', async ({
  poolUser,
}) => {
  test.slow();
  const [ana, ben, cal] = [await poolUser(), await poolUser(), await poolUser()];
  for (const friend of [ben, cal]) await befriend(ana, friend);
  const newPot = (question: string) =>
    ana.api.post<Pot>('/api/pots', {
      question,
      kind: 'choices',
      options: ['Chiefs', 'Eagles'],
      line: null,
      stake: 10,
      closesAt: null,
      resolveBy: null,
      decider: 'me',
      refereeId: null,
      inviteeIds: [ben.id, cal.id],
      entry: { optionIndex: 0 },
    });
  const decided = await newPot('Who wins the Super Bowl?');
  const option = (label: string) => decided.options.find((o) => o.label === label)?.id ?? '';
  await ben.api.post(`/api/pots/${decided.id}/entry`, { optionId: option('Eagles') });
  await cal.api.post(`/api/pots/${decided.id}/entry`, { optionId: option('Chiefs') });
  await ana.api.post(`/api/pots/${decided.id}/result`, { optionId: option('Chiefs') });
  const open = await newPot('First snow before December?');

  const benPage = await ben.newPage();
  await benPage.goto('/feed');
  const card = benPage.getByRole('article', { name: `${ana.name} started a pot` });
  const decidedCard = card.filter({ hasText: 'Who wins the Super Bowl?' });
  await expect(decidedCard.getByText('Pot: $30')).toBeVisible({ timeout: 30_000 });
  await expect(decidedCard.getByText('3 entrants · $10 per person')).toBeVisible();
  await expect(decidedCard.getByText('Decided', { exact: true })).toBeVisible();
  await expect(decidedCard.getByText('Result: Chiefs')).toBeVisible();
  await expect(card.filter({ hasText: 'First snow before December?' }).getByText('Open', { exact: true })).toBeVisible();
  await decidedCard.getByRole('button', { name: 'Like' }).click();
  await expect(decidedCard.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
  await decidedCard.getByRole('button', { name: 'Comments' }).click();
  const dialog = benPage.getByRole('dialog', { name: 'Comments' });
  await dialog.getByRole('textbox').fill('Next year, Eagles');
  await dialog.getByRole('textbox').press('Enter');
  await expectToast(benPage, 'Comment added');
  await expect(dialog.getByText('Next year, Eagles')).toBeVisible();
  await benPage.keyboard.press('Escape');
  await expect(decidedCard.getByRole('button', { name: 'Comments' })).toHaveAccessibleDescription('1 comment');
  await saveScreen(benPage, 'feed-pot-card');

  // Ana sees Ben's like and comment on her own feed, live or on load.
  const page = await ana.newPage();
  await page.goto('/feed');
  const anasCard = page
    .getByRole('article', { name: `${ana.name} started a pot` })
    .filter({ hasText: 'Who wins the Super Bowl?' });
  await expect(anasCard.getByRole('button', { name: 'Like' })).toHaveAccessibleDescription('1 like');
  await expect(anasCard.getByRole('button', { name: 'Comments' })).toHaveAccessibleDescription('1 comment');

  await goToProfile(page);
  const openPots = page.getByRole('region', { name: /^Open Pots\b/ });
  await expect(openPots.getByRole('link', { name: 'First snow before December?' })).toHaveAttribute('href', `/pots/${open.id}`);
  const pastPots = page.getByRole('region', { name: /^Past Pots\b/ });
  await expect(pastPots.getByText('Result: Chiefs')).toBeVisible();
  await saveScreen(page, 'profile-open-pots');
});
