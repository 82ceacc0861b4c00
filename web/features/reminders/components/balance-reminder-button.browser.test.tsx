import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { deferred } from '#web/testing/deferred.ts';
import { worker } from '#web/testing/msw.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { BalanceReminderButton } from './balance-reminder-button.tsx';

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

test("a balance's 'Send Reminder' is busy at once, is sent once, and reads 'Reminder sent' from the server's answer", async () => {
  const answer = deferred();
  let sends = 0;
  worker.use(
    http.post('/api/balances/alex/remind', async () => {
      sends += 1;
      await answer.promise;
      return HttpResponse.json({ reminder: { availableAt: tomorrow() } });
    }),
  );
  await renderScreen(
    <BalanceReminderButton friend={{ id: 'alex', name: 'Alex Rivera' }} availableAt={null} />,
  );
  const send = page.getByRole('button', { name: 'Send Reminder to Alex Rivera' });
  await send.click();
  await expect.element(send).toBeDisabled();
  await expect.element(send).toHaveAttribute('aria-busy', 'true');
  answer.resolve();
  await expect.element(page.getByRole('button', { name: 'Reminder sent to Alex Rivera' })).toBeDisabled();
  expect(sends).toBe(1);
});
