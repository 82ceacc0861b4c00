import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

// An unexpected console.error or console.warn is a bug the test did not catch.
let spies: MockInstance[] = [];

beforeEach(() => {
  spies = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
});

afterEach(() => {
  const calls = spies.flatMap((spy) => spy.mock.calls);
  for (const spy of spies) spy.mockRestore();
  if (calls.length > 0) {
    throw new Error(`Unexpected console output:\n${calls.map((args) => args.map(String).join(' ')).join('\n')}`);
  }
});
