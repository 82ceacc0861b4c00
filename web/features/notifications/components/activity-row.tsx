import { Link } from '#web/lib/router/router.tsx';
import { activitySentence, activityTarget, type ActivityItem } from '#domain/notifications.ts';
import { relativeTime } from '#domain/relative-time.ts';
import { useRenderNow } from '#web/lib/render-clock.ts';
import { UserAvatar } from '#web/components/ui/user-avatar.tsx';
import { cn } from '#web/lib/utils.ts';

type ActivityRowProps = {
  item: ActivityItem;
  viewerId: string;
  /** Unread when the inbox was opened: marked for this visit. */
  isUnread: boolean;
  onOpenUser: (userId: string) => void;
};

const rowClass =
  'flex w-full items-start gap-3 rounded-lg px-2 py-2.5 text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

/** One inbox line: who, what, when; it leads to the bet, pot or group page, or to the actor's profile dialog. */
export function ActivityRow({ item, viewerId, isUnread, onOpenUser }: ActivityRowProps) {
  const now = useRenderNow();
  const content = (
    <>
      <UserAvatar
        name={item.actor?.name ?? '?'}
        image={item.actor?.image ?? null}
        className="size-10 text-sm"
      />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className={cn('text-sm wrap-anywhere', isUnread && 'font-semibold')}>
          {activitySentence(item, viewerId)}
        </span>
        <time dateTime={item.createdAt} className="text-xs text-muted-foreground">
          {relativeTime(item.createdAt, now)}
        </time>
      </span>
      {isUnread ? (
        <span role="img" aria-label="Unread" className="mt-1.5 size-2.5 shrink-0 rounded-full bg-primary" />
      ) : null}
    </>
  );
  const target = activityTarget(item.type);
  if (target === 'bet' && item.betId) {
    return (
      <Link to={`/bets/${item.betId}`} className={cn(rowClass, 'hover:bg-accent')}>
        {content}
      </Link>
    );
  }
  if (target === 'pot' && item.data.potId) {
    return (
      <Link to={`/pots/${item.data.potId}`} className={cn(rowClass, 'hover:bg-accent')}>
        {content}
      </Link>
    );
  }
  if (target === 'group' && item.data.groupId) {
    return (
      <Link to={`/groups/${item.data.groupId}`} className={cn(rowClass, 'hover:bg-accent')}>
        {content}
      </Link>
    );
  }
  if (target === 'user' && item.actor) {
    const actorId = item.actor.id;
    return (
      <button
        type="button"
        aria-haspopup="dialog"
        className={cn(rowClass, 'hover:bg-accent')}
        onClick={() => onOpenUser(actorId)}
      >
        {content}
      </button>
    );
  }
  // The bet is gone (declined, voided): there is nothing to open.
  return <div className={rowClass}>{content}</div>;
}
