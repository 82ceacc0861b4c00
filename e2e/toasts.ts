import { expect, type Page } from '@playwright/test';

/** The toast showing every one of `texts` exactly (a title, a message, or both). */
export function toast(page: Page, ...texts: [string, ...string[]]) {
  // No includeHidden: a toast raised while a modal dialog is open (Manage Friends' 'Add Friend') must stay
  // in the accessibility tree, announced (web/components/ui/lazy-toaster.tsx).
  let item = page.getByRole('region', { name: /notifications/i }).getByRole('listitem');
  for (const text of texts) item = item.filter({ has: page.getByText(text, { exact: true }) });
  return item.first();
}

export async function expectToast(page: Page, ...texts: [string, ...string[]]): Promise<void> {
  await expect(toast(page, ...texts)).toBeVisible();
}

/**
 * Asserts the toast, then closes it with its close button, as a person does
 * when it covers what they want to press next: toasts stack just above the
 * bottom navigation, over the last card's buttons, and stay while hovered.
 */
export async function expectToastAndClose(page: Page, ...texts: [string, ...string[]]): Promise<void> {
  const shown = toast(page, ...texts);
  await expect(shown).toBeVisible();
  await shown.getByRole('button', { name: 'Close toast' }).click();
  await expect(shown).toHaveCount(0);
}

/**
 * Closes every toast still shown (for those that could not be closed at once,
 * e.g. one that came up over a modal dialog). A toast may also time out on its
 * own meanwhile, so this retries until none is left.
 */
export async function closeToasts(page: Page): Promise<void> {
  const shown = page.getByRole('region', { name: /notifications/i }).getByRole('listitem');
  await expect(async () => {
    for (const item of await shown.all()) {
      await item
        .getByRole('button', { name: 'Close toast' })
        .click({ timeout: 1_000 })
        .catch(() => {
          // Gone already, or under a newer one: the next round sees.
        });
    }
    await expect(shown).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}
