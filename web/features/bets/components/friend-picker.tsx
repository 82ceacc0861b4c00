import { ChevronsUpDown } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { UserSummary } from '#domain/profiles.ts';
import { Button } from '#web/components/ui/button.tsx';
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
      <Button
        ref={triggerRef}
        id={triggerId}
        type="button"
        variant="outline"
        role="combobox"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        aria-labelledby={`${labelId} ${triggerId}`}
        aria-invalid={invalid ? true : undefined}
        data-state={open ? 'open' : 'closed'}
        disabled={disabled}
        className="h-11 w-full justify-between px-3 font-normal"
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
      </Button>
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
