import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, expectToastAndClose, saveScreen, test } from './fixtures.ts';
import { friendOption, openLive } from './bet-pages.ts';
import { befriend } from './scenario.ts';

/*
 * A refereed one-on-one bet from 'Referee' on Place Bet to the referee's '<Name> Won' with a proof photo,
 * and a referee pot decided with proof (ADR 061).
 */

async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 140, b: 90 } } })
    .jpeg()
    .toBuffer();
}

/** 'Add Proof' opens the file chooser; the photo is chosen there, as a person would. */
async function addProof(page: Page) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add Proof' }).click();
  await (await chooser).setFiles({ name: 'proof.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  await expectToastAndClose(page, 'Proof added');
}

test('a refereed bet: accepted by both, decided by the referee with proof, seen by the parties', async ({ poolUser }) => {
  test.slow();
  const [ana, ben, cal] = [await poolUser(), await poolUser(), await poolUser()];
  await befriend(ana, ben);
  await befriend(ana, cal);
  await befriend(ben, cal);

  const anaPage = await ana.newPage();
  await openLive(anaPage, '/home');
  await anaPage.getByLabel("What's the bet?").fill('Ben runs a sub-25 5K');
  await anaPage.getByRole('combobox', { name: /^Friend/ }).click();
  await friendOption(anaPage, ben).click();
  await anaPage.getByRole('button', { name: '$10', exact: true }).click();
  const referee = anaPage.getByRole('combobox', { name: 'Referee' });
  await expect(referee.getByRole('option', { name: cal.name })).toBeAttached();
  await referee.selectOption({ label: cal.name });
  await saveScreen(anaPage, 'referee-place-bet');
  await anaPage.getByRole('button', { name: 'Place Bet', exact: true }).click();
  await expectToastAndClose(anaPage, 'Bet Placed!', `Your bet with ${ben.name} has been placed.`);
  const [bet] = (await ana.api.get<{ pending: { items: { id: string }[] } }>('/api/bets/mine')).pending.items;
  const betId = bet?.id ?? '';

  // The opponent accepts first: the bet waits for the referee.
  await ben.api.post(`/api/bets/${betId}/accept`, {});
  const calPage = await cal.newPage();
  await openLive(calPage, '/activity');
  await calPage.getByRole('link', { name: 'Ben runs a sub-25 5K' }).first().click();
  await expect(calPage.getByText(`Referee: ${cal.name}`)).toBeVisible();
  await saveScreen(calPage, 'referee-asked');
  await calPage.getByRole('button', { name: 'Accept Referee' }).click();
  const anaWon = calPage.getByRole('button', { name: `${ana.name} Won` });
  await expect(anaWon).toBeVisible();
  await expect(calPage.getByRole('button', { name: `${ben.name} Won` })).toBeVisible();

  // The parties no longer see 'I Won' / 'I Lost'.
  await anaPage.goto(`/bets/${betId}`);
  await expect(anaPage.getByRole('button', { name: 'Request Void' })).toBeVisible();
  await expect(anaPage.getByRole('button', { name: 'I Won' })).toBeHidden();
  await expect(anaPage.getByRole('button', { name: 'I Lost' })).toBeHidden();

  await anaWon.click();
  await expectToastAndClose(calPage, 'Bet decided', `${ana.name} won.`);
  await addProof(calPage);
  await expect(calPage.getByRole('img', { name: `Proof from ${cal.name}` })).toBeVisible();

  const benPage = await ben.newPage();
  await benPage.goto(`/bets/${betId}`);
  const proof = benPage.getByRole('img', { name: `Proof from ${cal.name}` });
  await expect(proof).toBeVisible();
  await expect.poll(() => proof.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  await expect(benPage.getByRole('button', { name: 'Add Proof' })).toBeHidden();
  await saveScreen(benPage, 'referee-bet-decided-with-proof');
  // The loser may dispute; the dialog shows the referee's proof.
  await benPage.getByRole('button', { name: 'Dispute' }).click();
  const dialog = benPage.getByRole('dialog', { name: 'Dispute this result?' });
  await expect(dialog.getByRole('img', { name: `Proof from ${cal.name}` })).toBeVisible();
  await saveScreen(benPage, 'referee-dispute-dialog', { fullPage: false });
});

test('a referee pot decided with proof', async ({ poolUser }) => {
  test.slow();
  const [ana, ben, cal, dee] = [await poolUser(), await poolUser(), await poolUser(), await poolUser()];
  for (const friend of [ben, cal, dee]) await befriend(ana, friend);
  const pot = await ana.api.post<{ id: string; options: { id: string; label: string }[] }>('/api/pots', {
    question: 'Who finishes the marathon first?',
    kind: 'choices',
    options: ['Ben', 'Cal'],
    line: null,
    stake: 5,
    closesAt: null,
    resolveBy: null,
    decider: 'referee',
    refereeId: dee.id,
    inviteeIds: [ben.id, cal.id],
    entry: null,
  });
  const option = (label: string) => pot.options.find((o) => o.label === label)?.id ?? '';
  await ben.api.post(`/api/pots/${pot.id}/entry`, { optionId: option('Ben') });
  await cal.api.post(`/api/pots/${pot.id}/entry`, { optionId: option('Cal') });
  await dee.api.post(`/api/pots/${pot.id}/referee`);
  await ana.api.post(`/api/pots/${pot.id}/close`);

  const deePage = await dee.newPage();
  await deePage.goto(`/pots/${pot.id}`);
  await addProof(deePage);
  await expect(deePage.getByRole('img', { name: `Proof from ${dee.name}` })).toBeVisible();
  await deePage.getByRole('radiogroup', { name: 'Winning outcome' }).getByRole('radio', { name: 'Cal' }).click();
  await deePage.getByRole('button', { name: 'Declare Result' }).click();
  await expect(deePage.locator('#main').getByText('Decided', { exact: true })).toBeVisible();

  const benPage = await ben.newPage();
  await benPage.goto(`/pots/${pot.id}`);
  await expect(benPage.getByRole('img', { name: `Proof from ${dee.name}` })).toBeVisible();
  await expect(benPage.getByRole('button', { name: 'Add Proof' })).toBeHidden();
  await saveScreen(benPage, 'referee-pot-decided-with-proof');
});
