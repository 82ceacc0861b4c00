import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/utils.ts';

type EmptyStateProps = {
  icon: LucideIcon;
  title: string;
  description: string;
  action?: ReactNode;
  /** Sets the vertical padding (`py-10` unless given): `cn` resolves no conflicts (ADR 058). */
  className?: string;
};

export function EmptyState({ icon: Icon, title, description, action, className = 'py-10' }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center gap-2 px-6 text-center', className)}>
      <span className="mb-1 flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Icon className="size-6" aria-hidden />
      </span>
      <p className="font-semibold">{title}</p>
      <p className="text-sm text-muted-foreground">{description}</p>
      {action}
    </div>
  );
}
