import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { stats } from '#web/testing/factories.ts';
import { UserCardStats } from './user-card-stats.tsx';

const streakTile = () => page.getByLabelText('Stats').getByRole('definition').nth(5);

test("the profile dialog's Streak tile says 'N loss streak' for a losing run, as the profile page does (ADR 052)", async () => {
  const { rerender } = await render(<UserCardStats stats={stats({ losses: 3, totalBets: 3, streak: -3 })} />);
  await expect.element(streakTile()).toHaveTextContent('3 loss streak');
  await rerender(<UserCardStats stats={stats({ wins: 2, totalBets: 2, winRate: 100, streak: 2 })} />);
  await expect.element(streakTile()).toHaveTextContent('2 win streak');
  await rerender(<UserCardStats stats={stats()} />);
  await expect.element(streakTile()).toHaveTextContent('No streak');
});
