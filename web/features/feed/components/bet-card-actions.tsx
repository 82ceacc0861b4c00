import { Heart, MessageCircle } from 'lucide-react';
import { useId } from 'react';
import { isFeedPot } from '#domain/feed-items.ts';
import type { FeedItem } from '#domain/feed.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';
import { useToggleBetLike } from '../api/toggle-bet-like.ts';

type BetCardActionsProps = {
  /** A bet, or a pot's feed card: both are liked and commented on alike (ADR 060). */
  bet: FeedItem;
  onOpenComments: (betId: string) => void;
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The like toggle and the comments button. Their names stay short ('Like',
 * 'Comments') and the counts are read as their descriptions, so screen
 * readers hear 'Like, toggle button, not pressed, 3 likes'. The like's name
 * never changes ('Unlike' would make it a different control each press).
 */
export function BetCardActions({ bet, onOpenComments }: BetCardActionsProps) {
  const likesId = useId();
  const commentsId = useId();
  const toggleLike = useToggleBetLike(bet.id);
  const liked = bet.likedByMe;
  return (
    <footer className="-mx-2 -mb-2 flex items-center gap-1 border-t pt-1">
      <Button
        variant={liked ? 'liked' : 'ghost'}
        size="compact"
        // One name whatever the state: a toggle button tells its state through aria-pressed.
        aria-label="Like"
        aria-pressed={liked}
        aria-describedby={likesId}
        onClick={() =>
          toggleLike.mutate({ betId: bet.id, like: !liked, subject: isFeedPot(bet) ? 'pot' : 'bet' })
        }
      >
        <Heart className={cn('size-4.5', liked && 'fill-current')} aria-hidden />
        <span aria-hidden className="tabular-nums">
          {bet.likeCount}
        </span>
      </Button>
      <span id={likesId} className="sr-only">
        {plural(bet.likeCount, 'like', 'likes')}
      </span>
      <Button
        variant="ghost"
        size="compact"
        aria-label="Comments"
        aria-describedby={commentsId}
        aria-haspopup="dialog"
        onClick={() => onOpenComments(bet.id)}
      >
        <MessageCircle className="size-4.5" aria-hidden />
        <span aria-hidden className="tabular-nums">
          {bet.commentCount}
        </span>
      </Button>
      <span id={commentsId} className="sr-only">
        {plural(bet.commentCount, 'comment', 'comments')}
      </span>
    </footer>
  );
}
