import { Check } from 'lucide-react';
import { useRef, type RefObject } from 'react';
import type { UserSummary } from '#domain/profiles.ts';
import {
  Command,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
} from '#web/components/ui/command.tsx';
import { Popover, PopoverAnchor, PopoverContent } from '#web/components/ui/popover.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { UserAvatar } from '#web/components/ui/user-avatar.tsx';
import { cn } from '#web/lib/utils.ts';

type FriendPickerPopoverProps = {
  /** The picker's own button (friend-picker.tsx): the popover sits under it and gives focus back to it. */
  triggerRef: RefObject<HTMLButtonElement | null>;
  contentId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  friends: UserSummary[] | undefined;
  value: string | null;
  onChange: (friendId: string) => void;
};

/**
 * The searchable list of friends (cmdk in a Radix popover), loaded apart from the picker's button so
 * neither is in /home's first download. The button is not a Radix trigger, so this does what
 * PopoverTrigger would: anchor to it, leave a click on it to the button's own toggle, and focus it on
 * close unless the user went elsewhere.
 */
export function FriendPickerPopover({
  triggerRef,
  contentId,
  open,
  onOpenChange,
  friends,
  value,
  onChange,
}: FriendPickerPopoverProps) {
  const hasInteractedOutside = useRef(false);
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverAnchor virtualRef={triggerRef} />
      <PopoverContent
        id={contentId}
        align="start"
        className="w-(--radix-popover-trigger-width) p-0"
        onInteractOutside={(event) => {
          const target = event.target;
          if (target instanceof Node && triggerRef.current?.contains(target)) event.preventDefault();
          else hasInteractedOutside.current = true;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (!hasInteractedOutside.current) triggerRef.current?.focus();
          hasInteractedOutside.current = false;
        }}
      >
        <Command>
          <CommandInput placeholder="Search friends..." aria-label="Search friends" />
          <CommandList>
            {friends ? (
              <CommandEmpty>No friends found.</CommandEmpty>
            ) : (
              <div className="flex justify-center py-6">
                <Spinner label="Loading friends" />
              </div>
            )}
            <CommandGroup>
              {friends?.map((friend) => (
                <CommandItem
                  key={friend.id}
                  // cmdk filters on the value and keywords; usernames are unique, so values are too.
                  value={`${friend.name} @${friend.username}`}
                  keywords={[friend.username]}
                  onSelect={() => {
                    onChange(friend.id);
                    onOpenChange(false);
                  }}
                >
                  <UserAvatar name={friend.name} image={friend.image} className="size-8 text-xs" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate">{friend.name}</span>
                    <span className="block truncate text-xs text-muted-foreground">@{friend.username}</span>
                  </span>
                  <Check
                    className={cn('ml-auto', friend.id === value ? 'opacity-100' : 'opacity-0')}
                    aria-hidden
                  />
                </CommandItem>
              ))}
            </CommandGroup>
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
