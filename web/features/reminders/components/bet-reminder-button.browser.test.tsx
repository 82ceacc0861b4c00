import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { deferred } from '#web/testing/deferred.ts';
import { worker } from '#web/testing/msw.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { expectSuccessToast } from '#web/testing/toasts.ts';
import { BetReminderButton } from './bet-reminder-button.tsx';

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

test("a bet's 'Send Reminder' is busy at once, is sent once, and reads 'Reminder sent' from the server's answer", async () => {
  const answer = deferred();
  let sends = 0;
  worker.use(
    http.post('/api/bets/bet-1/remind', async () => {
      sends += 1;
      await answer.promise;
      return HttpResponse.json({ reminder: { availableAt: tomorrow() } });
    }),
  );
  await renderScreen(<BetReminderButton betId="bet-1" loserName="Alex Rivera" availableAt={null} />);
  const send = page.getByRole('button', { name: 'Send Reminder' });
  await send.click();
  await expect.element(send).toBeDisabled();
  await expect.element(send).toHaveAttribute('aria-busy', 'true');
  await send.click({ force: true }).catch(() => undefined);
  answer.resolve();
  await expectSuccessToast('Reminder sent', 'We let Alex Rivera know.');
  // The card's own data is not re-read here: the answer alone turns the button.
  await expect.element(page.getByRole('button', { name: 'Reminder sent' })).toBeDisabled();
  expect(sends).toBe(1);
});
