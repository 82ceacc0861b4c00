import { expect, test } from 'vitest';
import { exactRegexText, literalsIn, suiteOf } from './spec-texts.ts';

test('a text counts as a whole literal or an anchored regex, never as a test title', () => {
  const source = `
    test("'Place Bet' reads 'Placing Bet...' while busy", async () => {
      await expect(page.getByRole('button', { name: 'Placing Bet...' })).toBeDisabled();
      await expect(page.getByText(/^Won$/)).toBeVisible();
      await expect(page.getByText(/^Friend/)).toBeVisible();
      expect(label).toBe(\`No streak\`);
    });
    test.step('Retry', () => undefined);
  `;
  const literals = literalsIn(source);
  expect(literals).toContain('Placing Bet...');
  expect(literals).toContain('Won');
  expect(literals).toContain('No streak');
  expect(literals).not.toContain("'Place Bet' reads 'Placing Bet...' while busy");
  expect(literals).not.toContain('Place Bet');
  expect(literals).not.toContain('Retry');
  expect(literals).not.toContain('Friend');
});

test('only anchored regexes of plain text spell a text', () => {
  expect(exactRegexText(String.raw`/^Oops! Page not found$/`)).toBe('Oops! Page not found');
  expect(exactRegexText(String.raw`/^Custom \(\d+\)$/`)).toBeNull();
  expect(exactRegexText(String.raw`/^Creating Account\.\.\.$/i`)).toBe('Creating Account...');
  expect(exactRegexText('/Won/')).toBeNull();
});

test('test sources are sorted into their suites; app code is not a test', () => {
  expect(suiteOf('e2e/fixtures.ts')).toBe('e2e');
  expect(suiteOf('web/app/routes/feed.browser.test.tsx')).toBe('web');
  expect(suiteOf('web/testing/toasts.ts')).toBe('web');
  expect(suiteOf('web/lib/query-keys.test.ts')).toBe('unit');
  expect(suiteOf('server/features/bets/bets.test.ts')).toBe('api');
  expect(suiteOf('domain/stats.test.ts')).toBe('unit');
  expect(suiteOf('web/features/feed/components/feed-list.tsx')).toBeNull();
  expect(suiteOf('server/features/bets/bets.service.ts')).toBeNull();
  expect(suiteOf('scripts/spec-texts.test.ts')).toBeNull();
});
