import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';

/**
 * A caller's className adds to these classes and never overrides one of them (ADR 058: `cn` resolves no
 * conflicts): the text size, gap and white-space live in the sizes, the flex-shrink in `grow`.
 */
export const buttonVariants = cva(
  "inline-flex items-center justify-center rounded-md font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-60 aria-invalid:ring-destructive/30 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive-hover',
        outline: 'border border-input bg-card shadow-xs hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        /** A ghost toggle that is on: the feed's like button once I like the bet. */
        liked: 'text-rose-600 hover:bg-accent hover:text-rose-600',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 gap-2 px-4 py-2 text-sm whitespace-nowrap',
        sm: 'h-8 gap-2 px-3 text-xs whitespace-nowrap',
        lg: 'h-11 gap-2 px-6 text-base whitespace-nowrap',
        /** A feed card's like and comment counts: a taller touch target than `sm`, with its small text. */
        compact: 'h-9 gap-1.5 px-2.5 text-xs whitespace-nowrap',
        /** A label that may wrap onto a second line (a person's name in it). */
        wrap: 'min-h-10 gap-2 px-4 py-2 text-sm whitespace-normal',
        icon: 'size-10 gap-2 text-sm whitespace-nowrap',
        'icon-sm': 'size-9 gap-2 text-sm whitespace-nowrap',
        'icon-lg': 'size-11 gap-2 text-sm whitespace-nowrap',
      },
      /** Shares a row's width with its siblings (`flex-1`) instead of keeping its own (`shrink-0`). */
      grow: { true: 'flex-1', false: 'shrink-0' },
    },
    defaultVariants: { variant: 'default', size: 'default', grow: false },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & { asChild?: boolean };

export function Button({ className, variant, size, grow, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return <Comp className={cn(buttonVariants({ variant, size, grow }), className)} {...props} />;
}
