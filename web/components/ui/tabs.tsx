import * as TabsPrimitive from '@radix-ui/react-tabs';
import { createContext, useContext, useState, type ComponentProps } from 'react';
import { cn } from '../../lib/utils.ts';

const SelectedTab = createContext<string | undefined>(undefined);

/** Radix Tabs that also tell their triggers which tab is selected (see TabsTrigger). */
export function Tabs({
  value,
  defaultValue,
  onValueChange,
  ...props
}: ComponentProps<typeof TabsPrimitive.Root>) {
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const selected = value ?? uncontrolled;
  return (
    <SelectedTab.Provider value={selected}>
      <TabsPrimitive.Root
        value={selected}
        onValueChange={(next) => {
          setUncontrolled(next);
          onValueChange?.(next);
        }}
        {...props}
      />
    </SelectedTab.Provider>
  );
}

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        'inline-flex h-10 w-full items-center rounded-lg bg-muted p-1 text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  // Radix points every tab at its panel, but only the selected panel is in the page: a reference to
  // one that is not is invalid ARIA (axe: aria-valid-attr-value). Only the selected tab keeps it.
  const isSelected = useContext(SelectedTab) === props.value;
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex h-full flex-1 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors outline-none',
        'focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50',
        'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
      {...(isSelected ? {} : { 'aria-controls': undefined })}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={cn(
        'mt-4 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
      {...props}
    />
  );
}
