import { Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FeedBet } from '#domain/feed.ts';
import { BetCardFrame } from '#web/components/bet-card-frame.tsx';
import { StatusBadge } from '#web/components/bet-status-badge.tsx';
import { BetCardActions } from './bet-card-actions.tsx';
import { PartyButton } from './party-button.tsx';

type BetCardProps = {
  bet: FeedBet;
  onOpenUser: (userId: string) => void;
  onOpenComments: (betId: string) => void;
  /** The viewer's actions (the bet page); the feed shows none. */
  actions?: ReactNode;
  /** More badges beside the status (the bet page: 'Disputed', 'Due <date>'). */
  badges?: ReactNode;
  /** The description links to the bet page, except on the bet page itself. */
  isOnBetPage?: boolean;
};

/** One bet in the feed: who against whom, for how much, and how it ended. */
export function BetCard({
  bet,
  onOpenUser,
  onOpenComments,
  actions,
  badges,
  isOnBetPage = false,
}: BetCardProps) {
  return (
    <BetCardFrame
      bet={bet}
      title={
        <>
          <PartyButton party={bet.creator} onOpenUser={onOpenUser} />{' '}
          <span className="font-normal text-muted-foreground">vs</span>{' '}
          <PartyButton party={bet.opponent} onOpenUser={onOpenUser} />
        </>
      }
      badges={
        <>
          {/* A completed bet says who won below instead. */}
          {bet.status === 'completed' ? null : <StatusBadge status={bet.status} />}
          {badges}
        </>
      }
      isOnBetPage={isOnBetPage}
    >
      {bet.winner ? (
        <p className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          {/* An icon, not the 🏆 emoji: phones without an emoji font showed a box. */}
          <Trophy className="size-4 shrink-0 text-amber-600" aria-hidden />
          <span className="min-w-0 wrap-anywhere">{bet.winner.name} won</span>
        </p>
      ) : null}
      {actions}
      <BetCardActions bet={bet} onOpenComments={onOpenComments} />
    </BetCardFrame>
  );
}
