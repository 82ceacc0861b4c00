import { Search } from 'lucide-react';
import { isPartialPhoneTerm } from '#domain/friends.ts';
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useSearchUsers } from '../api/search-users.ts';
import { AddFriendButton } from './add-friend-button.tsx';
import { UserRow } from './user-row.tsx';

const DEBOUNCE_MS = 250;

export function UserSearchTab({ onSelectUser }: { onSelectUser: (userId: string) => void }) {
  const inputId = useId();
  const [term, setTerm] = useState('');
  const [searchedTerm, setSearchedTerm] = useState('');
  const search = useSearchUsers(searchedTerm);

  useEffect(() => {
    const timer = setTimeout(() => setSearchedTerm(term.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term]);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = term.trim();
    if (trimmed === '') return;
    // Enter searches at once; pressing it again for the same term asks the server again.
    if (trimmed === searchedTerm) void search.refetch();
    else setSearchedTerm(trimmed);
  };

  const results = searchedTerm === '' ? undefined : search.data?.items;
  return (
    <div className="flex flex-col gap-3">
      <form role="search" onSubmit={onSubmit} className="flex gap-2">
        <Label htmlFor={inputId} className="sr-only font-medium">
          Search users
        </Label>
        <Input
          id={inputId}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="Search by username or phone..."
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
        <Button type="submit" size="icon-lg" variant="outline" aria-label="Search">
          <Search aria-hidden />
        </Button>
      </form>
      {isPartialPhoneTerm(searchedTerm) ? (
        <p className="text-sm text-muted-foreground">
          Enter the full 10-digit phone number to find someone by phone.
        </p>
      ) : null}
      {search.isFetching && !results ? (
        <div className="flex justify-center py-6">
          <Spinner label="Searching" />
        </div>
      ) : null}
      {results && results.length === 0 ? (
        <p role="status" className="py-6 text-center text-sm text-muted-foreground">
          No users found
        </p>
      ) : null}
      {results && results.length > 0 ? (
        <ul aria-label="Search results" aria-busy={search.isFetching} className="divide-y">
          {results.map((user) => (
            <UserRow
              key={user.id}
              user={user}
              onSelect={onSelectUser}
              actions={<AddFriendButton userId={user.id} relationship={user.relationship} size="sm" />}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
