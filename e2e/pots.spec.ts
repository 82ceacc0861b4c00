import { expect, expectToastAndClose, saveScreen, test } from './fixtures.ts';
import { expectDot, goToProfile, openLive } from './bet-pages.ts';
import { befriend } from './scenario.ts';

/*
 * A four-person pot from 'Start a Pot' to 'All paid': created on the Place Bet screen, joined on its page,
 * closed, decided by its creator, and settled in the fewest payments (ADR 054).
 */

type Pot = {
  id: string;
  options: { id: string; label: string }[];
  payments: { id: string; payer: { id: string }; payee: { id: string } }[];
};

test('a four-person pot from creation to All paid', async ({ poolUser }) => {
  test.slow();
  const [ana, ben, cal, dee] = [await poolUser(), await poolUser(), await poolUser(), await poolUser()];
  for (const friend of [ben, cal, dee]) await befriend(ana, friend);

  const page = await ana.newPage();
  await page.goto('/home');
  await page.getByRole('tab', { name: 'Start a Pot' }).click();
  const create = page.getByRole('button', { name: 'Create Pot' });
  await expect(create).toBeVisible({ timeout: 30_000 });
  await create.click();
  await expectToastAndClose(page, 'Missing Question', 'Please say what the pot is about.');
  await page.getByLabel('Question').fill('Who wins the Super Bowl?');
  await create.click();
  await expectToastAndClose(page, 'Add Choices', 'A pot needs at least two different choices.');
  await page.getByPlaceholder('Choice 1').fill('Chiefs');
  await page.getByPlaceholder('Choice 2').fill('Eagles');
  await page.getByRole('group', { name: 'Stake per person' }).getByRole('button', { name: '$10' }).click();
  await create.click();
  await expectToastAndClose(page, 'Invite Friends', 'Invite at least two friends to a pot.');
  await page.getByPlaceholder('Search friends').fill(ben.name.slice(0, 4));
  await page.getByRole('checkbox', { name: new RegExp(ben.name) }).click();
  await page.getByPlaceholder('Search friends').fill('');
  for (const friend of [cal, dee])
    await page.getByRole('checkbox', { name: new RegExp(friend.name) }).click();
  await page.getByRole('radiogroup', { name: 'Your pick' }).getByRole('radio', { name: 'Chiefs' }).click();
  await saveScreen(page, 'pot-create');
  await create.click();
  await expectToastAndClose(page, 'Pot created!', 'Your pot is open for entries.');
  await expect(page).toHaveURL(/\/pots\/[0-9a-f-]{36}$/);
  const potId = page.url().split('/').at(-1) ?? '';
  await expect(page.locator('#main').getByText('Open', { exact: true })).toBeVisible();
  await expect(page.getByText('Pot: $10')).toBeVisible();

  // Ben joins on the page; Cal and Dee through the API.
  const benPage = await ben.newPage();
  await benPage.goto(`/pots/${potId}`);
  await benPage.getByRole('radiogroup', { name: 'Your pick' }).getByRole('radio', { name: 'Eagles' }).click();
  await saveScreen(benPage, 'pot-invited');
  await benPage.getByRole('button', { name: 'Join for $10' }).click();
  await expectToastAndClose(benPage, "You're in!");
  await expect(benPage.getByRole('button', { name: 'Change Pick' })).toBeVisible();
  await expect(benPage.getByRole('button', { name: 'Leave Pot' })).toBeVisible();
  const pot = await ana.api.get<Pot>(`/api/pots/${potId}`);
  const option = (label: string) => pot.options.find((o) => o.label === label)?.id ?? '';
  await cal.api.post(`/api/pots/${potId}/entry`, { optionId: option('Chiefs') });
  await dee.api.post(`/api/pots/${potId}/entry`, { optionId: option('Eagles') });

  await page.reload();
  await expect(page.getByText('Pot: $40')).toBeVisible();
  await page.getByRole('button', { name: 'Close Entries' }).click();
  await expect(page.locator('#main').getByText('Awaiting result', { exact: true })).toBeVisible();
  await expect(page.locator('#main').getByText('Entries closed', { exact: true })).toBeVisible();
  await page
    .getByRole('radiogroup', { name: 'Winning outcome' })
    .getByRole('radio', { name: 'Chiefs' })
    .click();
  await page.getByRole('button', { name: 'Declare Result' }).click();
  await expect(page.locator('#main').getByText('Decided', { exact: true })).toBeVisible();
  // $40 to the two on Chiefs, $20 each: Ben (joined first of the losers) pays Ana (first winner), Dee pays Cal.
  await expect(page.getByText(`${ben.name} pays ${ana.name} $10`)).toBeVisible();
  await expect(page.getByText(`${dee.name} pays ${cal.name} $10`)).toBeVisible();
  await saveScreen(page, 'pot-decided');

  await benPage.reload();
  const venmo = benPage.getByRole('link', { name: 'Pay with Venmo' });
  const href = new URL((await venmo.getAttribute('href')) ?? '');
  expect(href.pathname).toBe(`/${ana.venmoHandle.replace(/^@/, '')}`);
  expect(href.searchParams.get('amount')).toBe('10');
  expect(href.searchParams.get('note')).toBe('Sidepot pot: Who wins the Super Bowl?');
  await benPage.getByRole('button', { name: 'Mark Paid' }).click();
  await expect(benPage.getByRole('button', { name: 'Mark Paid' })).toHaveCount(0);

  await page.reload();
  await page.getByRole('button', { name: 'Confirm Payment Received' }).click();
  await expect(page.getByRole('button', { name: 'Confirm Payment Received' })).toHaveCount(0);
  const decided = await ana.api.get<Pot>(`/api/pots/${potId}`);
  const last = decided.payments.find((p) => p.payer.id === dee.id);
  if (!last) throw new Error('no payment from Dee');
  await dee.api.post(`/api/pots/${potId}/payments/${last.id}/sent`);
  await cal.api.post(`/api/pots/${potId}/payments/${last.id}/confirmed`);
  await page.reload();
  await expect(page.getByText('All paid')).toBeVisible();
  await saveScreen(page, 'pot-all-paid');

  // The invitation in Dee's inbox.
  const deePage = await dee.newPage();
  await deePage.goto('/activity');
  await expect(
    deePage.getByRole('link', {
      name: new RegExp(`${ana.name} invited you to a pot: Who wins the Super Bowl\\?`),
    }),
  ).toBeVisible({ timeout: 30_000 });

  // Cancelling asks first.
  const other = await ana.api.post<Pot>('/api/pots', {
    question: 'First snow before December?',
    kind: 'choices',
    options: ['Yes', 'No'],
    line: null,
    stake: 5,
    closesAt: null,
    resolveBy: null,
    decider: 'me',
    refereeId: null,
    inviteeIds: [ben.id, cal.id],
    entry: null,
  });
  await page.goto(`/pots/${other.id}`);
  await page.getByRole('button', { name: 'Cancel Pot' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this pot?' });
  await saveScreen(page, 'pot-cancel-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Cancel Pot' }).click();
  await expect(page.locator('#main').getByText('Cancelled', { exact: true })).toBeVisible();
});

test('an invitation lights the red dot until declined; a referee declines and the creator picks another', async ({
  poolUser,
}) => {
  test.slow();
  const [ana, ben, cal, dee, eve] = [
    await poolUser(),
    await poolUser(),
    await poolUser(),
    await poolUser(),
    await poolUser(),
  ];
  for (const friend of [ben, cal, dee, eve]) await befriend(ana, friend);
  const benPage = await ben.newPage();
  await openLive(benPage, '/profile');
  await expectDot(benPage, false);

  const question = 'Who gets engaged first?';
  const pot = await ana.api.post<Pot>('/api/pots', {
    question,
    kind: 'choices',
    options: ['Cal', 'Dee'],
    line: null,
    stake: 5,
    closesAt: null,
    resolveBy: null,
    decider: 'referee',
    refereeId: dee.id,
    inviteeIds: [ben.id, cal.id],
    entry: { optionIndex: 0 },
  });
  // Live, and still on once the line is read: the invitation waits on Ben.
  await expectDot(benPage, true);
  await goToProfile(benPage);
  await expectDot(benPage, true);

  await benPage.goto('/activity');
  const waiting = benPage.getByRole('list', { name: 'Pots waiting on you' });
  await expect(waiting.getByText(`${ana.name} invited you to a pot: ${question}`)).toBeVisible();
  await saveScreen(benPage, 'pot-waiting-on-you');
  await waiting.getByRole('link', { name: 'See Pot' }).click();
  await expect(benPage.getByText('Waiting for the referee')).toBeVisible();
  await benPage.getByRole('button', { name: "I'm not entering" }).click();
  await expectToastAndClose(benPage, 'You are not entering');
  await expect(benPage.getByRole('button', { name: "I'm not entering" })).toHaveCount(0);
  await goToProfile(benPage);
  await expectDot(benPage, false);

  // The referee declines from the request in their inbox.
  const deePage = await dee.newPage();
  await deePage.goto('/activity');
  await deePage
    .getByRole('list', { name: 'Pots waiting on you' })
    .getByRole('article', { name: question })
    .getByRole('link', { name: 'See Pot' })
    .click();
  await expect(deePage.getByRole('button', { name: 'Accept Referee' })).toBeVisible();
  await saveScreen(deePage, 'pot-referee-asked');
  await deePage.getByRole('button', { name: 'Decline Referee' }).click();
  await expectToastAndClose(deePage, 'You declined to referee');
  await expect(deePage).toHaveURL(/\/activity$/);

  // The creator picks another, who accepts.
  const page = await ana.newPage();
  await page.goto(`/pots/${pot.id}`);
  await expect(page.getByText('Waiting for the referee')).toBeVisible();
  await page.getByLabel('Your referee declined. Pick another').selectOption({ label: eve.name });
  await saveScreen(page, 'pot-pick-referee');
  await page.getByRole('button', { name: 'Pick Referee' }).click();
  await expectToastAndClose(page, 'Referee asked');
  await expect(page.getByText(`${eve.name} (referee)`)).toBeVisible();
  await eve.api.post(`/api/pots/${pot.id}/referee`);
  await cal.api.post(`/api/pots/${pot.id}/entry`, { optionId: pot.options[1]?.id ?? '' });
  await page.reload();
  await expect(page.getByText('Waiting for the referee')).toHaveCount(0);
  await page.getByRole('button', { name: 'Close Entries' }).click();
  await expect(page.locator('#main').getByText('Awaiting result', { exact: true })).toBeVisible();
  await expect(page.locator('#main').getByText('Entries closed', { exact: true })).toBeVisible();
  await saveScreen(page, 'pot-awaiting-result');
});

test('a result disputed and overturned by vote goes back to Awaiting result', async ({ poolUser }) => {
  test.slow();
  const [ana, ben, cal] = [await poolUser(), await poolUser(), await poolUser()];
  for (const friend of [ben, cal]) await befriend(ana, friend);
  const pot = await ana.api.post<Pot>('/api/pots', {
    question: 'Who finishes the marathon first?',
    kind: 'choices',
    options: ['Ana', 'Ben'],
    line: null,
    stake: 10,
    closesAt: null,
    resolveBy: null,
    decider: 'me',
    refereeId: null,
    inviteeIds: [ben.id, cal.id],
    entry: { optionIndex: 0 },
  });
  const option = (label: string) => pot.options.find((o) => o.label === label)?.id ?? '';
  await ben.api.post(`/api/pots/${pot.id}/entry`, { optionId: option('Ben') });
  await cal.api.post(`/api/pots/${pot.id}/entry`, { optionId: option('Ben') });
  await ana.api.post(`/api/pots/${pot.id}/result`, { optionId: option('Ana') });

  const benPage = await ben.newPage();
  await benPage.goto(`/pots/${pot.id}`);
  await expect(benPage.locator('#main').getByText('Decided', { exact: true })).toBeVisible();
  await benPage.getByLabel('Reason (optional)').fill('Ana took the subway');
  await benPage.getByRole('button', { name: 'Dispute', exact: true }).click();
  await expectToastAndClose(benPage, 'Result disputed');
  await expect(benPage.locator('#main').getByText('Disputed', { exact: true })).toBeVisible();
  // Payments are on hold.
  await expect(benPage.getByRole('button', { name: 'Mark Paid' })).toHaveCount(0);
  await benPage.getByRole('button', { name: 'Overturn' }).click();
  await expectToastAndClose(benPage, 'Vote saved');
  await expect(benPage.getByText('Keep Result: 0 · Overturn: 1')).toBeVisible();
  await saveScreen(benPage, 'pot-disputed');

  // Two of three entrants overturning is a strict majority.
  await cal.api.post(`/api/pots/${pot.id}/dispute/vote`, { overturn: true });
  const page = await ana.newPage();
  await page.goto(`/pots/${pot.id}`);
  await expect(page.locator('#main').getByText('Awaiting result', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Declare Result' })).toBeVisible();
});
