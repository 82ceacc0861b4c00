import { MessageCircle } from 'lucide-react';
import { memo } from 'react';
import type { Bet } from '#domain/bets.ts';
import { BetCardFrame } from '#web/components/bet-card-frame.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { BetActions } from './bet-actions.tsx';
import { BetStatusBadge } from './bet-status-badge.tsx';

type ProfileBetCardProps = {
  bet: Bet;
  viewerId: string;
  onOpenComments: (betId: string) => void;
};

/**
 * One of my bets on the profile, with what I can do about it now. Memoised: the profile re-renders its
 * lists whenever one of its queries changes, and re-rendering every card took hundreds of ms at 4x CPU;
 * a bet that did not change keeps its object (TanStack Query's structural sharing), so its card is skipped.
 */
export const ProfileBetCard = memo(function ProfileBetCard({
  bet,
  viewerId,
  onOpenComments,
}: ProfileBetCardProps) {
  return (
    <BetCardFrame
      bet={bet}
      title={
        <>
          {bet.creator.name} <span className="font-normal text-muted-foreground">vs</span> {bet.opponent.name}
        </>
      }
      titleAs="h3"
      badges={<BetStatusBadge bet={bet} viewerId={viewerId} />}
      // Off screen, the card's layout and paint wait until it nears the viewport (a profile lists dozens;
      // ~260 px is a typical card). On the card, not its <li>: its own focus ring is outside the clip.
      className="[contain-intrinsic-size:auto_260px] [content-visibility:auto]"
    >
      {bet.acceptanceComment ? (
        <blockquote className="rounded-lg bg-muted px-3 py-2 text-sm break-words">
          <span className="block text-xs font-medium text-muted-foreground">
            {bet.opponent.name}&apos;s prediction
          </span>
          {bet.acceptanceComment}
        </blockquote>
      ) : null}
      <BetActions bet={bet} viewerId={viewerId} />
      <footer className="-mx-2 -mb-2 flex items-center border-t pt-1">
        <Button variant="ghost" size="compact" aria-haspopup="dialog" onClick={() => onOpenComments(bet.id)}>
          <MessageCircle className="size-4.5" aria-hidden />
          Comments
        </Button>
      </footer>
    </BetCardFrame>
  );
});
