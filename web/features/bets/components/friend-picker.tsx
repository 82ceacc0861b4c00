import { Check, ChevronsUpDown } from 'lucide-react';
import { useId, useState } from 'react';
import type { UserSummary } from '../../../../domain/profiles.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Command,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
} from '../../../components/ui/command.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { cn } from '../../../lib/utils.ts';

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
  const labelId = useId();
  const triggerId = useId();
  const selected = friends?.find((friend) => friend.id === value);

  return (
    <div className="grid gap-2">
      <Label id={labelId} htmlFor={triggerId}>
        {label}
      </Label>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            id={triggerId}
            type="button"
            variant="outline"
            role="combobox"
            aria-expanded={open}
            aria-labelledby={`${labelId} ${triggerId}`}
            aria-invalid={invalid ? true : undefined}
            disabled={disabled}
            className="h-11 w-full justify-between px-3 font-normal"
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
        </PopoverTrigger>
        <PopoverContent align="start" className="w-(--radix-popover-trigger-width) p-0">
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
                      setOpen(false);
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
    </div>
  );
}
