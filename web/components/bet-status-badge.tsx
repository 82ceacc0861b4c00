import type { BetStatus } from '#domain/profiles.ts';
import { Badge } from './ui/badge.tsx';

const badges = {
  pending: { label: 'Pending', variant: 'warning', className: undefined },
  active: { label: 'Active', variant: 'default', className: undefined },
  completed: { label: 'Completed', variant: 'secondary', className: undefined },
  won: { label: 'Won', variant: 'success', className: undefined },
  lost: { label: 'Lost', variant: 'muted', className: undefined },
} as const;

/**
 * The one mapping from a bet's status to its badge. A completed bet reads Won or Lost
 * when the card speaks for one party (`won`), and Completed when it does not.
 */
export function StatusBadge({ status, won }: { status: BetStatus; won?: boolean }) {
  const badge = status === 'completed' && won !== undefined ? badges[won ? 'won' : 'lost'] : badges[status];
  return (
    <Badge variant={badge.variant} className={badge.className}>
      {badge.label}
    </Badge>
  );
}
