import { useLayoutEffect, useRef } from 'react';
import { commentAuthorLabel } from '#domain/feed.ts';
import { relativeTime } from '#domain/relative-time.ts';
import { useRenderNow } from '#web/lib/render-clock.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useComments, type CommentSubject } from '../api/get-comments.ts';
import { LoadError } from '#web/components/errors/load-error.tsx';

type CommentListProps = { betId: string; subject?: CommentSubject };

/** A bet's comments, oldest at the top; opens (and stays) scrolled to the newest. */
export function CommentList({ betId, subject = 'bet' }: CommentListProps) {
  const now = useRenderNow();
  const comments = useComments(betId, subject);
  const scroller = useRef<HTMLDivElement>(null);
  const items = comments.data?.items;
  const lastId = items?.at(-1)?.id;

  // Before paint, so the list never flashes at the top first.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && lastId) element.scrollTop = element.scrollHeight;
  }, [lastId]);

  return (
    <div
      ref={scroller}
      role="region"
      aria-label="Comment thread"
      aria-busy={comments.isPending}
      // Focusable so keyboard users can scroll a long thread.
      tabIndex={0}
      className="-mx-4 min-h-28 flex-1 overflow-y-auto overscroll-contain rounded-md px-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:-mx-6 sm:px-6"
    >
      {items ? (
        items.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">No comments yet. Be the first!</p>
        ) : (
          <ol className="grid grid-cols-1 gap-3 py-1">
            {items.map((comment) => (
              <li key={comment.id} className="grid gap-0.5">
                <p className="flex items-baseline gap-2 text-sm">
                  <span className="min-w-0 truncate font-semibold">{commentAuthorLabel(comment.author)}</span>
                  <time dateTime={comment.createdAt} className="shrink-0 text-xs text-muted-foreground">
                    {relativeTime(comment.createdAt, now)}
                  </time>
                </p>
                <p className="text-sm whitespace-pre-line wrap-anywhere">{comment.text}</p>
              </li>
            ))}
          </ol>
        )
      ) : comments.isError ? (
        // A list failure is not toasted (spec section 8); say so here, with a way out.
        <LoadError query={comments} message="Failed to load comments." layout="plain" />
      ) : (
        <div className="flex justify-center py-8">
          <Spinner label="Loading comments" />
        </div>
      )}
    </div>
  );
}
