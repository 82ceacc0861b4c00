import { http } from 'msw';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { alex, bet, completedBet, me, profileScreen } from '#web/testing/factories.ts';
import { deferred } from '#web/testing/deferred.ts';
import { apiError, networkFailure, profileHandlers, worker } from '#web/testing/msw.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { expectErrorToast } from '#web/testing/toasts.ts';
import { Component as ProfileScreen } from './profile.tsx';

/*
 * The bet cards' actions on /profile, each with its failure toast (spec section 8): the server's message,
 * or the action's fallback when the request failed without one.
 */

const renderProfile = () => renderScreen(<ProfileScreen />, { path: '/profile' });
const party = (summary: typeof me) => ({ ...summary, venmoHandle: summary.username });

test("a failed accept shows 'Error accepting bet' and keeps the prediction dialog open", async () => {
  const pending = bet({ status: 'pending', creator: party(alex), opponent: party(me) });
  worker.use(
    http.post(`/api/bets/${pending.id}/accept`, () => apiError('CONFLICT', 'This bet was cancelled.')),
    ...profileHandlers(profileScreen(), { pending: [pending] }),
  );
  await renderProfile();
  await page.getByRole('button', { name: 'Accept' }).click();
  const dialog = page.getByRole('dialog');
  await expect.element(dialog.getByText('Share your prediction before accepting this bet:')).toBeVisible();
  await dialog.getByLabelText('Share your prediction before accepting this bet:').fill('Easy money');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expectErrorToast('Error accepting bet', 'This bet was cancelled.');
  await expect.element(dialog.getByRole('textbox')).toHaveValue('Easy money');
});

test("a failed decline shows the server's message in an 'Error' toast", async () => {
  const pending = bet({ status: 'pending', creator: party(alex), opponent: party(me) });
  worker.use(
    http.post(`/api/bets/${pending.id}/decline`, () =>
      apiError('CONFLICT', 'This bet was already accepted.'),
    ),
    ...profileHandlers(profileScreen(), { pending: [pending] }),
  );
  await renderProfile();
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Decline' }).click();
  await expectErrorToast('Error', 'This bet was already accepted.');
});

test("'I Won' is busy while the bet resolves, and a refusal shows the server's message", async () => {
  const active = bet();
  const response = deferred();
  worker.use(
    http.post(`/api/bets/${active.id}/resolve`, async () => {
      await response.promise;
      return apiError('CONFLICT', 'This bet was already resolved.');
    }),
    ...profileHandlers(profileScreen(), { active: [active] }),
  );
  await renderProfile();
  await page.getByRole('button', { name: 'I Won' }).click();
  await expect.element(page.getByRole('button', { name: 'I Won' })).toHaveAttribute('aria-busy', 'true');
  await expect.element(page.getByRole('button', { name: 'I Lost' })).toBeDisabled();
  response.resolve();
  await expectErrorToast('Error', 'This bet was already resolved.');
});

test("a void request that fails without a message shows 'Failed to process void request'", async () => {
  const active = bet();
  worker.use(
    http.post(`/api/bets/${active.id}/void`, () => networkFailure()),
    ...profileHandlers(profileScreen(), { active: [active] }),
  );
  await renderProfile();
  await page.getByRole('button', { name: 'Request Void' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Request Void' }).click();
  await expectErrorToast('Error', 'Failed to process void request');
});

test("a failed 'Mark Paid' shows the server's message in an 'Error' toast", async () => {
  const lost = completedBet(alex.id);
  worker.use(
    http.post(`/api/bets/${lost.id}/payment-sent`, () =>
      apiError('CONFLICT', 'Payment was already marked as sent.'),
    ),
    ...profileHandlers(profileScreen(), { past: [lost] }),
  );
  await renderProfile();
  await page.getByRole('button', { name: 'Mark Paid' }).click();
  await expectErrorToast('Error', 'Payment was already marked as sent.');
});

test("'Confirm Payment Received' is busy while it runs, and a refusal shows the server's message", async () => {
  const won = completedBet(me.id, { paymentSent: true });
  const response = deferred();
  worker.use(
    http.post(`/api/bets/${won.id}/payment-confirmed`, async () => {
      await response.promise;
      return apiError('CONFLICT', 'Payment was already confirmed.');
    }),
    ...profileHandlers(profileScreen(), { past: [won] }),
  );
  await renderProfile();
  const confirm = page.getByRole('button', { name: 'Confirm Payment Received' });
  await confirm.click();
  await expect.element(confirm).toHaveAttribute('aria-busy', 'true');
  await expect.element(confirm).toBeDisabled();
  response.resolve();
  await expectErrorToast('Error', 'Payment was already confirmed.');
  await expect.element(confirm).toBeEnabled();
});

test("a bet action button ('Mark Paid') is busy at once and a second tap sends nothing", async () => {
  const lost = completedBet(alex.id);
  const response = deferred();
  let sends = 0;
  worker.use(
    http.post(`/api/bets/${lost.id}/payment-sent`, async () => {
      sends += 1;
      await response.promise;
      return apiError('CONFLICT', 'Payment was already marked as sent.');
    }),
    ...profileHandlers(profileScreen(), { past: [lost] }),
  );
  await renderProfile();
  const markPaid = page.getByRole('button', { name: 'Mark Paid' });
  await markPaid.click();
  await expect.element(markPaid).toBeDisabled();
  await expect.element(markPaid).toHaveAttribute('aria-busy', 'true');
  await markPaid.click({ force: true }).catch(() => undefined);
  response.resolve();
  await expectErrorToast('Error', 'Payment was already marked as sent.');
  expect(sends).toBe(1);
});
