import { useState } from 'react';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { useRevealedCount } from './use-revealed-count.ts';

const REVEAL = { first: 3, perTask: 2 };

/** A list of `total` items; records how many items each of its renders shows. */
function List({
  total,
  isReadyAtMount,
  renders,
  gradually = false,
}: {
  total: number;
  isReadyAtMount: boolean;
  renders: number[];
  gradually?: boolean;
}) {
  const [isReady, setIsReady] = useState(isReadyAtMount);
  const shown = useRevealedCount(isReady, total, { ...REVEAL, gradually });
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

test('a list that arrives after the screen mounted shows a few items first, then a few more per task, then all', async () => {
  const renders: number[] = [];
  await render(<List total={10} isReadyAtMount={false} renders={renders} />);
  await page.getByRole('button', { name: 'Data' }).click();
  await expect.element(page.getByText('Item 9')).toBeVisible();
  expect(renders[0]).toBe(3);
  expect(renders).toEqual([3, 5, 7, 9, 10]);
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

test('on the page’s first screen, a list there as it mounts (its data came with the page) is revealed all the same', async () => {
  const renders: number[] = [];
  await render(<List total={10} isReadyAtMount gradually renders={renders} />);
  await expect.element(page.getByText('Item 9')).toBeVisible();
  expect(renders[0]).toBe(3);
  expect(renders.at(-1)).toBe(10);
});
