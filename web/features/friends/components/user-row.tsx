import type { ReactNode } from 'react';
import type { UserSummary } from '#domain/profiles.ts';
import { UserAvatar } from '#web/components/ui/user-avatar.tsx';

type UserRowProps = {
  user: UserSummary;
  /** Opens the user profile dialog. */
  onSelect: (userId: string) => void;
  /** A muted note after the username, such as the age of a request. */
  meta?: string;
  actions?: ReactNode;
};

/** Avatar, name and @username (one button opening their profile), then the row's actions. */
export function UserRow({ user, onSelect, meta, actions }: UserRowProps) {
  return (
    <li className="flex items-center gap-2 py-2">
      <button
        type="button"
        onClick={() => onSelect(user.id)}
        className="-ml-1 flex min-w-0 flex-1 items-center gap-2.5 rounded-md p-1 text-left outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <UserAvatar name={user.name} image={user.image} className="size-9 text-sm" />
        <span className="min-w-0">
          <span className="block truncate text-sm font-medium">{user.name}</span>
          <span className="block truncate text-xs text-muted-foreground">
            @{user.username}
            {meta ? ` · ${meta}` : null}
          </span>
        </span>
      </button>
      {actions ? <div className="flex shrink-0 items-center gap-1.5">{actions}</div> : null}
    </li>
  );
}
