import { CircleDollarSign, Newspaper, User } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/utils.ts';

const items = [
  { to: '/feed', label: 'Feed', icon: Newspaper },
  { to: '/home', label: 'Bet', icon: CircleDollarSign },
  { to: '/profile', label: 'Profile', icon: User },
] as const;

/** Fixed to the bottom, 4rem tall: the shell reserves pb-16 for it. NavLink sets aria-current. */
export function BottomNav() {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto grid h-16 max-w-md grid-cols-3">
        {items.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  'flex h-full flex-col items-center justify-center gap-1 text-xs font-medium transition-colors outline-none focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset',
                  isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                )
              }
            >
              <Icon className="size-5" aria-hidden />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
