import { afterEach, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { OFFLINE_MESSAGE, offlineError } from '#web/lib/api-error.ts';
import { LoadError, type FailedQuery } from './load-error.tsx';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

function failedQuery(overrides: Partial<FailedQuery> = {}): FailedQuery {
  return {
    error: new Error('500'),
    isFetching: false,
    refetch: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
}

afterEach(() => {
  setOnline(true);
});

test('Retry fetches the query again, and waits while it is fetching', async () => {
  const query = failedQuery();
  const { rerender } = await render(<LoadError query={query} message="Failed to load comments." />);
  await expect.element(page.getByRole('alert')).toHaveTextContent('Failed to load comments.');
  await userEvent.click(page.getByRole('button', { name: 'Retry' }));
  expect(query.refetch).toHaveBeenCalledTimes(1);

  await rerender(<LoadError query={{ ...query, isFetching: true }} message="Failed to load comments." />);
  await expect.element(page.getByRole('button', { name: 'Retry' })).toBeDisabled();
});

test('offline, it says so instead of the failure, and says the failure again once back online', async () => {
  await render(
    <LoadError
      query={failedQuery()}
      title="Error loading bets"
      message="Failed to load bets. Please try again."
    />,
  );
  await expect.element(page.getByText('Failed to load bets. Please try again.')).toBeVisible();

  setOnline(false);
  await expect.element(page.getByText(OFFLINE_MESSAGE)).toBeVisible();
  await expect.element(page.getByText('Failed to load bets. Please try again.')).not.toBeInTheDocument();
  // The title and the way to try again stay.
  await expect.element(page.getByText('Error loading bets')).toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Retry' })).toBeEnabled();

  setOnline(true);
  await expect.element(page.getByText('Failed to load bets. Please try again.')).toBeVisible();
});

test('a call that failed because the browser was offline shows the offline message', async () => {
  await render(
    <LoadError query={failedQuery({ error: offlineError() })} message="Failed to load activity." />,
  );
  await expect.element(page.getByRole('alert')).toHaveTextContent(OFFLINE_MESSAGE);
});
