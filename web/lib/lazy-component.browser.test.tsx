import { Suspense, useState } from 'react';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { useIsLoaded } from '#web/hooks/use-is-loaded.ts';
import { lazyComponent, type LazyComponent } from './lazy-component.ts';

function Card({ label }: { label: string }) {
  return <p>{label}</p>;
}

function Fallback({ fallbacks }: { fallbacks: string[] }) {
  fallbacks.push('fallback');
  return <p>Loading</p>;
}

/** Shows the lazy card once it is asked for, recording each fallback it rendered. */
function Screen({
  LazyCard,
  fallbacks,
}: {
  LazyCard: LazyComponent<{ label: string }>;
  fallbacks: string[];
}) {
  const [isShown, setIsShown] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsShown(true)}>
        Show
      </button>
      {isShown ? (
        <Suspense fallback={<Fallback fallbacks={fallbacks} />}>
          <LazyCard label="The card" />
        </Suspense>
      ) : null}
    </>
  );
}

test('a lazy component whose chunk is in renders at once, without suspending', async () => {
  const LazyCard = lazyComponent(() => Promise.resolve(Card));
  await LazyCard.preload();
  expect(LazyCard.isLoaded()).toBe(true);
  const fallbacks: string[] = [];
  await render(<Screen LazyCard={LazyCard} fallbacks={fallbacks} />);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect.element(page.getByText('The card')).toBeVisible();
  // Through React.lazy alone it suspended once all the same (ADR 068).
  expect(fallbacks).toEqual([]);
});

test('a lazy component not loaded yet suspends until its chunk is in', async () => {
  let resolve: (component: typeof Card) => void = () => {};
  const LazyCard = lazyComponent(() => new Promise<typeof Card>((done) => (resolve = done)));
  const fallbacks: string[] = [];
  await render(<Screen LazyCard={LazyCard} fallbacks={fallbacks} />);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect.element(page.getByText('Loading')).toBeVisible();
  resolve(Card);
  await expect.element(page.getByText('The card')).toBeVisible();
  expect(LazyCard.isLoaded()).toBe(true);
});

function LoadedProbe({ LazyCard }: { LazyCard: LazyComponent<{ label: string }> }) {
  const isLoaded = useIsLoaded(LazyCard);
  return isLoaded ? <LazyCard label="Loaded card" /> : <p>Waiting for the chunk</p>;
}

test('useIsLoaded fetches the chunk as the caller mounts and says when it is in; a failed fetch lets the component try itself', async () => {
  let resolve: (component: typeof Card) => void = () => {};
  const LazyCard = lazyComponent(() => new Promise<typeof Card>((done) => (resolve = done)));
  await render(<LoadedProbe LazyCard={LazyCard} />);
  await expect.element(page.getByText('Waiting for the chunk')).toBeVisible();
  resolve(Card);
  await expect.element(page.getByText('Loaded card')).toBeVisible();

  // Fails once (offline), then is still on its way.
  let fetches = 0;
  const Failing = lazyComponent<{ label: string }>(() =>
    fetches++ === 0 ? Promise.reject(new Error('offline')) : new Promise(() => {}),
  );
  await render(
    <Suspense fallback={<p>Loading</p>}>
      <LoadedProbe LazyCard={Failing} />
    </Suspense>,
  );
  // Settled by the failure: rendered (in a transition, so what was shown stays while it loads), the component
  // fetches again, and a second failure would reach its error boundary.
  await expect.poll(() => fetches).toBe(2);
  await expect.element(page.getByText('Waiting for the chunk')).toBeVisible();
});
