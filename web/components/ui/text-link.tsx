import type { ComponentProps } from 'react';
import { Link } from '#web/lib/router/router.tsx';
import { cn } from '#web/lib/utils.ts';

type TextLinkProps = ComponentProps<typeof Link> & { tone?: 'primary' | 'muted' };

/** An in-app text link with the shared focus ring. */
export function TextLink({ className, tone = 'primary', ...props }: TextLinkProps) {
  return (
    <Link
      className={cn(
        'rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50',
        tone === 'primary'
          ? 'text-sm font-medium text-primary'
          : 'text-xs text-muted-foreground hover:text-foreground',
        className,
      )}
      {...props}
    />
  );
}
