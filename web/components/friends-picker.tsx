import { useId, useState } from 'react';
import type { UserSummary } from '#domain/profiles.ts';
import { Checkbox } from './ui/checkbox.tsx';
import { Input } from './ui/input.tsx';
import { Label } from './ui/label.tsx';
import { UserAvatar } from './ui/user-avatar.tsx';

type FriendsPickerProps = {
  friends: UserSummary[] | undefined;
  /** The list's heading ('Invite' on Start a Pot, 'Members' on New Group). */
  label?: string;
  /** The live count under the list, e.g. `3 invited`. */
  countText?: (count: number) => string;
  value: string[];
  onChange: (ids: string[]) => void;
  /** Not offered: the referee decides and does not enter. */
  excludedId?: string | null;
  errorId?: string | undefined;
};

/** Several friends at once, found by name or username, each a checkbox (Start a Pot's 'Invite', New Group). */
export function FriendsPicker({
  friends,
  label = 'Invite',
  countText = (count) => `${count} invited`,
  value,
  onChange,
  excludedId,
  errorId,
}: FriendsPickerProps) {
  const labelId = useId();
  const searchId = useId();
  const [term, setTerm] = useState('');
  const needle = term.trim().toLowerCase();
  const shown = (friends ?? []).filter(
    (friend) =>
      friend.id !== excludedId &&
      (needle === '' ||
        friend.name.toLowerCase().includes(needle) ||
        friend.username.toLowerCase().includes(needle)),
  );
  const selected = new Set(value);
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...value, id] : value.filter((other) => other !== id));

  return (
    <div className="grid gap-2">
      <p id={labelId} className="text-sm leading-none font-medium">
        {label}
      </p>
      <Label htmlFor={searchId} className="sr-only font-medium">
        Search friends
      </Label>
      <Input
        id={searchId}
        type="search"
        placeholder="Search friends"
        autoComplete="off"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
      />
      <div role="group" aria-labelledby={labelId} aria-describedby={errorId}>
        <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-lg border bg-card p-1">
          {shown.map((friend) => {
            const checkboxId = `${searchId}-${friend.id}`;
            return (
              <li key={friend.id} className="flex items-center gap-3 rounded-md px-2 py-1.5 hover:bg-accent">
                <Checkbox
                  id={checkboxId}
                  checked={selected.has(friend.id)}
                  onCheckedChange={(checked) => toggle(friend.id, checked)}
                />
                <UserAvatar name={friend.name} image={friend.image} className="size-7 text-sm" />
                <Label htmlFor={checkboxId} className="flex-1 cursor-pointer font-normal">
                  {friend.name} <span className="text-muted-foreground">@{friend.username}</span>
                </Label>
              </li>
            );
          })}
          {shown.length === 0 ? (
            <li className="px-2 py-1.5 text-sm text-muted-foreground">No friends found.</li>
          ) : null}
        </ul>
      </div>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {countText(value.length)}
      </p>
    </div>
  );
}
