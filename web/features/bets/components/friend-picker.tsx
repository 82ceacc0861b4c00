import { ChevronsUpDown } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { UserSummary } from '#domain/profiles.ts';
import { Label } from '#web/components/ui/label.tsx';
import { LazyOverlay } from '#web/components/ui/lazy-overlay.tsx';
import { UserAvatar } from '#web/components/ui/user-avatar.tsx';
import { lazyComponent } from '#web/lib/lazy-component.ts';

// Radix Popover, floating-ui and cmdk load when the picker is pointed at, focused or pressed, not with
// /home; the button itself is here, so the form never shifts or flashes.
const FriendPickerPopover = lazyComponent(
  async () => (await import('./friend-picker-popover.tsx')).FriendPickerPopover,
);

type FriendPickerProps = {
  /** My friends; undefined while they load. */
  friends: UserSummary[] | undefined;
  value: string | null;
  onChange: (friendId: string) => void;
  label?: string;
  invalid?: boolean;
  disabled?: boolean;
};

/** Searchable choice of opponent among my friends (cmdk in a popover). */
export function FriendPicker({
  friends,
  value,
  onChange,
  label = 'Friend',
  invalid,
  disabled,
}: FriendPickerProps) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  const triggerId = useId();
  const contentId = useId();
  const selected = friends?.find((friend) => friend.id === value);
  const preload = () => void FriendPickerPopover.preload();

  return (
    <div className="grid gap-2">
      <Label id={labelId} htmlFor={triggerId}>
        {label}
      </Label>
      {/* A combobox that looks like a field, not a Button: its alignment, weight and padding differ from
          every button size, and `cn` resolves no conflicts (ADR 058). */}
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        role="combobox"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        aria-labelledby={`${labelId} ${triggerId}`}
        aria-invalid={invalid ? true : undefined}
        data-state={open ? 'open' : 'closed'}
        disabled={disabled}
        className="inline-flex h-11 w-full shrink-0 items-center justify-between gap-2 rounded-md border border-input bg-card px-3 py-2 text-sm font-normal whitespace-nowrap shadow-xs transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-60 aria-invalid:ring-destructive/30 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4"
        onPointerEnter={preload}
        onPointerDown={preload}
        onFocus={preload}
        onClick={() => setOpen(!open)}
      >
        {selected ? (
          <span className="flex min-w-0 items-center gap-2">
            <UserAvatar name={selected.name} image={selected.image} className="size-6 text-[10px]" />
            <span className="truncate">{selected.name}</span>
            <span className="truncate text-muted-foreground">@{selected.username}</span>
          </span>
        ) : (
          <span className="text-muted-foreground">Select a friend</span>
        )}
        <ChevronsUpDown className="opacity-50" aria-hidden />
      </button>
      {/* The popover mounts on the first opening and stays, so it can close on its own terms. */}
      <LazyOverlay open={open}>
        <FriendPickerPopover
          triggerRef={triggerRef}
          contentId={contentId}
          open={open}
          onOpenChange={setOpen}
          friends={friends}
          value={value}
          onChange={onChange}
        />
      </LazyOverlay>
    </div>
  );
}
