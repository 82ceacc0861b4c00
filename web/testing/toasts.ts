import { expect } from 'vitest';
import { page, type Locator } from 'vitest/browser';

/** The toast (sonner's list item) showing `title`, and `description` when given. */
export function toastWith(title: string, description?: string): Locator {
  const withTitle = page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ has: page.getByText(title, { exact: true }) });
  return description === undefined
    ? withTitle
    : withTitle.filter({ has: page.getByText(description, { exact: true }) });
}

/** A destructive (error) toast with exactly these texts is on screen. */
export async function expectErrorToast(title: string, description?: string): Promise<void> {
  const toast = toastWith(title, description);
  await expect.element(toast).toBeVisible();
  await expect.element(toast).toHaveAttribute('data-type', 'error');
}

/** A success toast with exactly these texts is on screen. */
export async function expectSuccessToast(title: string, description?: string): Promise<void> {
  const toast = toastWith(title, description);
  await expect.element(toast).toBeVisible();
  await expect.element(toast).toHaveAttribute('data-type', 'success');
}
