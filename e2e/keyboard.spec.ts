import type { Locator, Page } from '@playwright/test';
import { betCard, friendOption, section } from './bet-pages.ts';
import {
  expect,
  expectToast,
  ownClientAddress,
  saveScreen,
  signUpFields,
  test,
  type Mailbox,
  type TestUser,
} from './fixtures.ts';
import { befriend } from './scenario.ts';

/*
 * ADR 032: a person with only a keyboard signs up, places a bet and answers one. Every
 * stop on the way shows where focus is, dialogs keep focus inside until closed and then give it back to
 * what opened them, and an action that replaces the focused button moves focus to the next action.
 */

/** What the focused element is, and whether it draws a focus indicator (an outline or a ring). */
async function focusedState(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body)
      return { name: '<body>', isShown: false };
    const style = getComputedStyle(element);
    const hasOutline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const label = element.getAttribute('aria-label') ?? element.textContent.trim().slice(0, 40);
    return {
      name: `<${element.tagName.toLowerCase()}> ${label}`,
      isShown: hasOutline || style.boxShadow !== 'none',
    };
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking at every stop on the way that
 * focus is visible; fails after `limit` presses.
 */
async function tabTo(target: Locator, { back = false, limit = 25 } = {}): Promise<void> {
  const page = target.page();
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const state = await focusedState(page);
    expect(state.isShown, `focus is visible on ${state.name}`).toBe(true);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${limit} presses of ${back ? 'Shift+Tab' : 'Tab'} did not reach ${String(target)}`);
}

/**
 * The dialog has taken focus, as a person waits to see before pressing on: it moves focus in after a paint,
 * and a key pressed before that still acts on the page behind it.
 */
async function expectFocusIn(dialog: Locator): Promise<void> {
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
}

/** Tabs round a dialog more times than it has controls: focus never leaves it. */
async function expectFocusTrapped(dialog: Locator, presses = 8): Promise<void> {
  await expectFocusIn(dialog);
  for (let press = 0; press < presses; press += 1) {
    await dialog.page().keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
}

async function signUpByKeyboard(page: Page, mailbox: Mailbox, user: TestUser): Promise<void> {
  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  // The first stop is the skip link, shown when focused, and it moves focus to the screen's main.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  expect((await focusedState(page)).isShown).toBe(true);
  await saveScreen(page, 'skip-link-focused-390', { fullPage: false });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(skip).not.toBeInViewport();

  for (const [label, value] of signUpFields(user)) {
    await tabTo(page.getByLabel(label, { exact: true }));
    await page.keyboard.type(value);
  }
  const adult = page.getByRole('checkbox', { name: 'I am 18 or older' });
  await tabTo(adult);
  await page.keyboard.press('Space');
  await expect(adult).toBeChecked();
  await tabTo(page.getByRole('button', { name: 'Create Account' }));
  await page.keyboard.press('Enter');
  await expectToast(
    page,
    'Check Your Email',
    "We've sent you a verification link. Please check your email to verify your account.",
  );
  const mail = await mailbox.waitForMail(user.email, 'Verify');
  expect(mail.links.some((link) => link.includes('/verify-email'))).toBe(true);
}

test('a keyboard-only visitor skips to the form and signs up', async ({ page, mailbox, uniqueUser }) => {
  // Its own address: signing up through the UI must not spend the suite's shared sign-up budget.
  await ownClientAddress(page);
  await signUpByKeyboard(page, mailbox, uniqueUser());
});

test('with the keyboard alone a bet is placed, accepted, sent to void and back, and resolved', async ({
  poolUser,
}) => {
  test.slow();
  const [ana, ben] = [await poolUser(), await poolUser()];
  await befriend(ana, ben);
  const description = 'Ana types this whole bet without a mouse';

  // Ana places the bet: the description, the friend picker (a popover), an amount, then Place Bet.
  const anaPage = await ana.newPage();
  await anaPage.goto('/home');
  const what = anaPage.getByLabel("What's the bet?");
  await expect(what).toBeVisible();
  await tabTo(what);
  await anaPage.keyboard.type(description);
  const picker = anaPage.getByRole('combobox', { name: /^Friend/ });
  await tabTo(picker);
  await anaPage.keyboard.press('Enter');
  await anaPage.keyboard.type(ben.username);
  await expect(friendOption(anaPage, ben)).toBeVisible();
  await anaPage.keyboard.press('Enter');
  await expect(picker).toContainText(ben.name);
  await expect(picker).toBeFocused();
  const fifteen = anaPage.getByRole('button', { name: '$15', exact: true });
  await tabTo(fifteen);
  await anaPage.keyboard.press('Space');
  await expect(fifteen).toHaveAttribute('aria-pressed', 'true');
  await tabTo(anaPage.getByRole('button', { name: 'Place Bet', exact: true }));
  await anaPage.keyboard.press('Enter');
  await expectToast(anaPage, 'Bet Placed!', `Your bet with ${ben.name} has been placed.`);
  await expect(anaPage).toHaveURL(/\/feed$/);

  // Ben accepts from his profile. The dialog keeps focus, Escape gives it back to 'Accept'.
  const benPage = await ben.newPage();
  await benPage.goto('/profile');
  const pending = betCard(section(benPage, 'Pending Bets'), ana, ben, description);
  const accept = pending.getByRole('button', { name: 'Accept' });
  await expect(accept).toBeVisible();
  await tabTo(accept, { limit: 40 });
  await benPage.keyboard.press('Enter');
  const dialog = benPage.getByRole('dialog', { name: 'Accept Bet' });
  await expect(dialog).toBeVisible();
  await expectFocusTrapped(dialog);
  await benPage.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(accept).toBeFocused();
  await benPage.keyboard.press('Enter');
  await expectFocusIn(dialog);
  await tabTo(dialog.getByLabel('Share your prediction before accepting this bet:'));
  await benPage.keyboard.type('No chance');
  await tabTo(dialog.getByRole('button', { name: 'Accept' }));
  await benPage.keyboard.press('Enter');
  // Toasts are left to time out: closing one takes a pointer (or F6 into their region).
  await expectToast(benPage, 'Bet accepted', 'The bet is now active!');
  await expect(dialog).toBeHidden();

  // 'Accept' is gone; the bet is now a card under Active Bets, and focus is on its first action.
  const active = betCard(section(benPage, 'Active Bets'), ana, ben, description);
  await expect(active.getByRole('button', { name: 'I Won' })).toBeFocused();

  // Asking to void: Escape returns focus to 'Request Void'; confirming replaces it with 'Cancel'.
  const requestVoid = active.getByRole('button', { name: 'Request Void' });
  await tabTo(requestVoid);
  await benPage.keyboard.press('Enter');
  const confirm = benPage.getByRole('alertdialog', { name: 'Ask to void this bet?' });
  await expect(confirm).toBeVisible();
  await expectFocusTrapped(confirm, 4);
  await benPage.keyboard.press('Escape');
  await expect(requestVoid).toBeFocused();
  await benPage.keyboard.press('Enter');
  await expectFocusIn(confirm);
  await tabTo(confirm.getByRole('button', { name: 'Request Void' }));
  await benPage.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  const cancelVoid = active.getByRole('button', { name: 'Cancel' });
  await expect(cancelVoid).toBeFocused();
  expect((await focusedState(benPage)).isShown).toBe(true);
  await benPage.keyboard.press('Enter');
  await expect(requestVoid).toBeFocused();

  // Resolving moves the bet to Past Bets: focus follows it there.
  await tabTo(active.getByRole('button', { name: 'I Won' }), { back: true });
  await benPage.keyboard.press('Enter');
  const past = betCard(section(benPage, 'Past Bets'), ana, ben, description);
  await expect(past).toBeVisible();
  expect(await past.evaluate((card) => card.contains(document.activeElement))).toBe(true);
  expect((await focusedState(benPage)).isShown).toBe(true);
  await past.evaluate((card) => card.scrollIntoView({ block: 'center' }));
  await saveScreen(benPage, 'focus-after-resolve-390', { fullPage: false });
});

test('with the keyboard alone a pot is started: the mode tabs, its kind, choices, stake, friends and a pick', async ({
  poolUser,
}) => {
  test.slow();
  const [ana, ben, cal] = [await poolUser(), await poolUser(), await poolUser()];
  for (const friend of [ben, cal]) await befriend(ana, friend);
  const page = await ana.newPage();
  await page.goto('/home');

  // The mode tabs are one stop; the arrow keys move between them.
  const pickAFriend = page.getByRole('tab', { name: 'Pick a Friend' });
  await expect(pickAFriend).toBeVisible();
  await tabTo(pickAFriend);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const startAPot = page.getByRole('tab', { name: 'Start a Pot' });
  await expect(startAPot).toHaveAttribute('aria-selected', 'true');
  // The pot form swaps in with its own tabs: focus follows to the selected one, and back again.
  await expect(startAPot).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  const byLink = page.getByRole('tab', { name: 'Challenge by Link' });
  await expect(byLink).toHaveAttribute('aria-selected', 'true');
  await expect(byLink).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(startAPot).toBeFocused();

  const question = page.getByLabel('Question');
  await expect(question).toBeVisible({ timeout: 30_000 });
  await tabTo(question);
  await page.keyboard.type('Who wins the derby?');
  // 'Choices' is the kind's one stop; an arrow would change it.
  await tabTo(page.getByRole('radio', { name: 'Choices', exact: true }));
  await tabTo(page.getByLabel('Choice 1'));
  await page.keyboard.type('Red');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Choice 2')).toBeFocused();
  await page.keyboard.type('Blue');
  await tabTo(page.getByRole('button', { name: '$10', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: '$10', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Both friends, in the list's order.
  const invite = page.getByRole('group', { name: 'Invite' }).getByRole('checkbox');
  await expect(invite).toHaveCount(2);
  for (const box of await invite.all()) {
    await tabTo(box);
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  await expect(page.getByText('2 invited')).toBeVisible();
  // My pick: the row is one stop, on its first choice until one is checked; the arrow checks the next.
  const red = page.getByRole('radiogroup', { name: 'Your pick' }).getByRole('radio', { name: 'Red' });
  await tabTo(red);
  await page.keyboard.press('ArrowRight');
  const blue = page.getByRole('radiogroup', { name: 'Your pick' }).getByRole('radio', { name: 'Blue' });
  await expect(blue).toBeFocused();
  await expect(blue).toHaveAttribute('aria-checked', 'true');
  await saveScreen(page, 'pot-create-keyboard-390', { fullPage: false });

  await tabTo(page.getByRole('button', { name: 'Create Pot' }));
  await page.keyboard.press('Enter');
  await expectToast(page, 'Pot created!', 'Your pot is open for entries.');
  await expect(page).toHaveURL(/\/pots\/[0-9a-f-]{36}$/);
});
