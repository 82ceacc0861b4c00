import '../index.css';
import { afterAll, afterEach, beforeAll, beforeEach, vi, type MockInstance } from 'vitest';
import { cleanup } from 'vitest-browser-react';
import { loadSonner } from '../lib/toast.ts';
import { worker } from './msw.ts';

/*
 * Every web component test: Tailwind's CSS is loaded (visibility is real), MSW answers the API and
 * any request without a handler fails the test, and an unexpected console.error/warn fails it too.
 */

/*
 * Requests the page has sent and not yet had answered, counted at fetch() itself: the service worker
 * hands a request to MSW a moment after the call, so MSW's own events start too late to count on.
 */
let fetchesInFlight = 0;
const pageFetch = globalThis.fetch.bind(globalThis);
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  fetchesInFlight += 1;
  try {
    return await pageFetch(input, init);
  } finally {
    fetchesInFlight -= 1;
  }
};

beforeAll(async () => {
  await worker.start({ quiet: true, onUnhandledRequest: 'error' });
});

/**
 * Waits (up to a second) for requests still on their way through the service worker when a test ends,
 * such as a query a dialog started just before the last assertion passed: with its handlers reset
 * first, it would be an "unhandled request" after the test, or inside the next one.
 */
async function settleRequests(): Promise<void> {
  const deadline = Date.now() + 1000;
  while (fetchesInFlight > 0 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 10));
}

let spies: MockInstance[] = [];

beforeEach(() => {
  spies = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
});

afterEach(async () => {
  await cleanup();
  await settleRequests();
  // Toasts live in sonner's module state, beyond the rendered tree: none may leak into the next test.
  (await loadSonner()).toast.dismiss();
  worker.resetHandlers();
  const calls = spies.flatMap((spy) => spy.mock.calls);
  for (const spy of spies) spy.mockRestore();
  if (calls.length > 0) {
    throw new Error(
      `Unexpected console output:\n${calls.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});

afterAll(() => {
  worker.stop();
});
