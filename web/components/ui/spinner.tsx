import { LoaderCircle } from 'lucide-react';
import { cn } from '#web/lib/utils.ts';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <LoaderCircle className={cn('size-5 animate-spin text-primary', className)} aria-hidden />
    </span>
  );
}
