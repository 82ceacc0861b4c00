import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';

/*
 * `cn` resolves no conflicts (ADR 058): each part's base sets no spacing, and a className, when given,
 * carries all of it (the default stands for none given).
 */

/** `className` sets the gap and vertical padding (`gap-6 py-6` unless given). */
export function Card({ className = 'gap-6 py-6', ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex flex-col rounded-xl border bg-card text-card-foreground shadow-sm', className)}
      {...props}
    />
  );
}

/** `className` sets the direction, gap and inline padding (`flex-col gap-1.5 px-6` unless given). */
export function CardHeader({ className = 'flex-col gap-1.5 px-6', ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex', className)} {...props} />;
}

/**
 * Pass `asChild` with a heading element so each page keeps a real heading outline. `className` sets the
 * text size and line height (`text-xl leading-none` unless given).
 */
export function CardTitle({
  className = 'text-xl leading-none',
  asChild = false,
  ...props
}: ComponentProps<'div'> & { asChild?: boolean }) {
  const Comp = asChild ? Slot : 'div';
  return <Comp className={cn('font-semibold', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

/** `className` sets the inline padding (`px-6` unless given). */
export function CardContent({ className = 'px-6', ...props }: ComponentProps<'div'>) {
  return <div className={className} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex items-center px-6', className)} {...props} />;
}
