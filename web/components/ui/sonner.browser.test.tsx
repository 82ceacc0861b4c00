import { expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { toast } from '#web/lib/toast.ts';
import { Toaster } from './sonner.tsx';

const toasterSide = () => document.querySelector('[data-sonner-toaster]')?.getAttribute('data-y-position');

/*
 * Toasts keep clear of the focused control: above the bottom navigation, or at the top while the focused
 * control is low. A tap that moves focus must not move them under the finger before it lifts.
 */
test('a tap low on the screen moves the toasts only once it ends, so the toast never takes its release', async () => {
  const seenOnRelease: Array<string | null | undefined> = [];
  let taps = 0;
  await render(
    <>
      <Toaster />
      {/* In the bottom toasts' zone (just above a 4rem navigation): toasts go to the top while it has focus. */}
      <input aria-label="Amount" style={{ position: 'fixed', bottom: 100, left: 0 }} />
      {/* Below that zone, like the navigation's links: the toasts' own place is clear of it. */}
      <button
        type="button"
        style={{ position: 'fixed', bottom: 0, left: 0, height: 64 }}
        onPointerUp={() => seenOnRelease.push(toasterSide())}
        onClick={() => (taps += 1)}
      >
        Bet
      </button>
    </>,
  );
  page.getByLabelText('Amount').element().focus();
  toast.success('Bet Placed!');
  await expect.poll(toasterSide).toBe('top');

  await userEvent.click(page.getByRole('button', { name: 'Bet' }));

  // Without the wait, the press's focus had already moved the toasts down when the finger lifted.
  expect(seenOnRelease).toEqual(['top']);
  expect(taps).toBe(1);
  await expect.poll(toasterSide).toBe('bottom');
});

test('keyboard focus moves the toasts at once', async () => {
  await render(
    <>
      <Toaster />
      <input aria-label="Amount" style={{ position: 'fixed', bottom: 100, left: 0 }} />
      <input aria-label="Description" style={{ position: 'fixed', top: 200, left: 0 }} />
    </>,
  );
  page.getByLabelText('Description').element().focus();
  toast.success('Bet Placed!');
  await expect.poll(toasterSide).toBe('bottom');
  await userEvent.tab({ shift: true });
  await expect.poll(toasterSide).toBe('top');
});
