import type { WinRateTone } from '#domain/stats.ts';
import { cn } from '#web/lib/utils.ts';

const toneClasses: Record<WinRateTone, string> = {
  good: 'text-emerald-700',
  fair: 'text-amber-800',
  poor: 'text-red-700',
};

type StatTileProps = {
  label: string;
  value: string | number;
  tone?: WinRateTone | undefined;
  className?: string;
  /** For values longer than a number, such as '3 win streak'; sets the text size (`text-lg` unless given). */
  valueClassName?: string;
};

/** One number with its label; a definition pair so screen readers read 'Wins, 3'. */
export function StatTile({ label, value, tone, className, valueClassName = 'text-lg' }: StatTileProps) {
  return (
    <div
      className={cn(
        'flex flex-col-reverse items-center justify-end gap-0.5 rounded-lg bg-muted px-2 py-3 text-center',
        className,
      )}
    >
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('font-semibold tabular-nums', tone && toneClasses[tone], valueClassName)}>{value}</dd>
    </div>
  );
}
