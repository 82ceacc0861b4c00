import { createContext, useContext, useId, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { cn } from '#web/lib/utils.ts';

/*
 * The WAI-ARIA tabs pattern (automatic activation, horizontal), written here instead of Radix Tabs:
 * /home and /feed show tabs on first paint, and Radix's Tabs, roving-focus and collection modules were
 * ~8 KiB of their 150 KiB first load (ADR 037). Same markup as Radix's: role tablist/tab/
 * tabpanel, aria-selected, data-state active|inactive, a roving tabindex, arrows/Home/End to move
 * between tabs, and only the selected panel in the page.
 */

type TabsContextValue = { baseId: string; selected: string | undefined; select: (value: string) => void };

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabsContext(part: string): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error(`<${part}> must be inside <Tabs>`);
  return context;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

type TabsProps = Omit<ComponentProps<'div'>, 'defaultValue' | 'dir'> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

export function Tabs({ value, defaultValue, onValueChange, ...props }: TabsProps) {
  const baseId = useId();
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const selected = value ?? uncontrolled;
  const select = (next: string) => {
    if (next === selected) return;
    setUncontrolled(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ baseId, selected, select }}>
      <div dir="ltr" data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

/** Arrow keys, Home and End move to another tab (and so select it); the row wraps around. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
  if (!keys.includes(event.key) || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const current = tabs.findIndex((tab) => tab === document.activeElement);
  if (tabs.length === 0 || current === -1) return;
  event.preventDefault();
  const last = tabs.length - 1;
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? last
        : event.key === 'ArrowRight'
          ? (current + 1) % tabs.length
          : (current - 1 + tabs.length) % tabs.length;
  tabs[next]?.focus();
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn(
        // Below 380 px a label too long for the row wraps to a second line instead of widening the page.
        'inline-flex h-10 w-full items-center rounded-lg bg-muted p-1 text-muted-foreground max-[380px]:h-auto max-[380px]:min-h-10 max-[380px]:items-stretch',
        className,
      )}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

type TabsTriggerProps = Omit<ComponentProps<'button'>, 'value'> & { value: string };

export function TabsTrigger({
  value,
  className,
  disabled,
  onClick,
  onFocus,
  'aria-controls': ariaControls,
  ...props
}: TabsTriggerProps) {
  const { baseId, selected, select } = useTabsContext('TabsTrigger');
  const isSelected = selected === value;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(baseId, value)}
      aria-selected={isSelected}
      // Only the selected panel is in the page: pointing an unselected tab at a panel that is not there
      // is invalid ARIA (axe: aria-valid-attr-value).
      aria-controls={isSelected ? (ariaControls ?? contentId(baseId, value)) : undefined}
      data-state={isSelected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      disabled={disabled}
      tabIndex={isSelected ? 0 : -1}
      className={cn(
        'inline-flex h-full flex-1 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors outline-none',
        'max-[380px]:h-auto max-[380px]:min-w-0 max-[380px]:px-2 max-[380px]:py-1.5 max-[380px]:text-center max-[380px]:leading-tight max-[380px]:whitespace-normal',
        'focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50',
        'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        // Automatic activation: a tab reached with the arrow keys is selected.
        if (!event.defaultPrevented && !disabled) select(value);
      }}
      {...props}
    />
  );
}

type TabsContentProps = ComponentProps<'div'> & { value: string };

export function TabsContent({ value, className, ...props }: TabsContentProps) {
  const { baseId, selected } = useTabsContext('TabsContent');
  if (selected !== value) return null;
  return (
    <div
      role="tabpanel"
      id={contentId(baseId, value)}
      aria-labelledby={triggerId(baseId, value)}
      data-state="active"
      data-orientation="horizontal"
      tabIndex={0}
      className={cn(
        'mt-4 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
      {...props}
    />
  );
}
