import type { ReactNode } from 'react';

/** A one-line status for the viewer ("Waiting for Sam to accept"), where an action would otherwise be. */
export function BetNote({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}
