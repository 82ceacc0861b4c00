import { expect, test, vi } from 'vitest';
import { lazyComponent } from './lazy-component.ts';

function Dialog() {
  return null;
}

test('preloading fetches the chunk once, however often it is asked for', async () => {
  const load = vi.fn(() => Promise.resolve(Dialog));
  const LazyDialog = lazyComponent(load);
  expect(load).not.toHaveBeenCalled();
  await Promise.all([LazyDialog.preload(), LazyDialog.preload()]);
  await LazyDialog.preload();
  expect(load).toHaveBeenCalledTimes(1);
});

test('a failed preload (offline) neither throws nor sticks: the next one fetches again', async () => {
  const load = vi
    .fn<() => Promise<typeof Dialog>>()
    .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
    .mockResolvedValueOnce(Dialog);
  const LazyDialog = lazyComponent(load);
  await expect(LazyDialog.preload()).resolves.toBeUndefined();
  await LazyDialog.preload();
  expect(load).toHaveBeenCalledTimes(2);
});
