import { LoaderCircle } from 'lucide-react';
import { cn } from '#web/lib/utils.ts';

/** `className` sets the size and colour (`size-5 text-primary` unless given): the base sets neither (ADR 058). */
export function Spinner({
  className = 'size-5 text-primary',
  label = 'Loading',
}: {
  className?: string;
  label?: string;
}) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <LoaderCircle className={cn('animate-spin', className)} aria-hidden />
    </span>
  );
}
