import { useState } from 'react';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { useRevealedCount } from './use-revealed-count.ts';

const FIRST = 3;

/** A list of `total` items; records how many items each of its renders shows once its data is there. */
function List({
  total,
  isReadyAtMount,
  renders,
}: {
  total: number;
  isReadyAtMount: boolean;
  renders: number[];
}) {
  const [isReady, setIsReady] = useState(isReadyAtMount);
  const shown = useRevealedCount(isReady, FIRST);
  const items = Array.from({ length: total }, (_, index) => index).slice(0, shown);
  if (isReady) renders.push(items.length);
  return (
    <>
      <button type="button" onClick={() => setIsReady(true)}>
        Data
      </button>
      <ul aria-label="Items">
        {items.map((item) => (
          <li key={item}>{`Item ${item}`}</li>
        ))}
      </ul>
    </>
  );
}

test('a list that arrives after the screen mounted shows its first items, then all in a deferred render', async () => {
  const renders: number[] = [];
  await render(<List total={10} isReadyAtMount={false} renders={renders} />);
  await page.getByRole('button', { name: 'Data' }).click();
  await expect.element(page.getByText('Item 9')).toBeVisible();
  // StrictMode renders twice in development: what matters is each render's count, in order.
  expect(renders[0]).toBe(FIRST);
  expect([...new Set(renders)]).toEqual([FIRST, 10]);
  // Once whole, it stays whole.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(renders.at(-1)).toBe(10);
});

test('a list that is there when the screen mounts (coming back) renders whole at once', async () => {
  const renders: number[] = [];
  await render(<List total={10} isReadyAtMount renders={renders} />);
  await expect.element(page.getByText('Item 9')).toBeVisible();
  expect(renders.every((count) => count === 10)).toBe(true);
});
