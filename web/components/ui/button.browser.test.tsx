import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Button } from './button.tsx';

// Guards the web test setup (web/testing/setup.ts): with Tailwind's CSS missing, visibility and
// layout checks in every other component test would pass on an unstyled page.
test("component tests run with the app's Tailwind CSS: a primary button is filled and a disabled one faded", async () => {
  await render(
    <>
      <Button>Save Changes</Button>
      <Button disabled>Cancel</Button>
    </>,
  );
  const save = page.getByRole('button', { name: 'Save Changes' }).element();
  const cancel = page.getByRole('button', { name: 'Cancel' }).element();
  expect(getComputedStyle(save).backgroundColor).not.toBe('rgba(0, 0, 0, 0)');
  expect(getComputedStyle(save).borderRadius).not.toBe('0px');
  expect(getComputedStyle(cancel).opacity).toBe('0.6');
});
