import { CircleDollarSign, Newspaper, User } from 'lucide-react';
import { NavLink } from '#web/lib/router/router.tsx';
import { cn } from '#web/lib/utils.ts';

type BottomNavProps = {
  /** The red dot on Profile: unread notifications, or a bet waiting on me (spec section 4). */
  profileNeedsAttention?: boolean;
  onProfileClick?: () => void;
};

/** Fixed to the bottom, 4rem tall: the shell reserves pb-16 for it. NavLink sets aria-current. */
export function BottomNav({ profileNeedsAttention = false, onProfileClick }: BottomNavProps) {
  const items = [
    { to: '/feed', label: 'Feed', icon: Newspaper, hasDot: false, onClick: undefined },
    { to: '/home', label: 'Bet', icon: CircleDollarSign, hasDot: false, onClick: undefined },
    { to: '/profile', label: 'Profile', icon: User, hasDot: profileNeedsAttention, onClick: onProfileClick },
  ];
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto grid h-16 max-w-md grid-cols-3">
        {items.map(({ to, label, icon: Icon, hasDot, onClick }) => (
          <li key={to}>
            <NavLink
              to={to}
              onClick={onClick}
              // The dot itself is decorative; the link's name carries it for screen readers.
              aria-label={hasDot ? `${label}, needs attention` : undefined}
              className={(isActive) =>
                cn(
                  'flex h-full flex-col items-center justify-center gap-1 text-xs font-medium transition-colors outline-none focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset',
                  isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                )
              }
            >
              <span className="relative">
                <Icon className="size-5" aria-hidden />
                {hasDot ? (
                  <span
                    data-testid="attention-dot"
                    aria-hidden
                    className="absolute -top-0.5 -right-1 size-2.5 rounded-full bg-red-600 ring-2 ring-card"
                  />
                ) : null}
              </span>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
