import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { useFriendRequests } from '../api/get-friend-requests.ts';
import { useFriendsPages } from '../api/get-friends.ts';
import { useSentFriendRequests } from '../api/get-sent-friend-requests.ts';
import { FriendRequestsTab } from './friend-requests-tab.tsx';
import { FriendsTab } from './friends-tab.tsx';
import { UserSearchTab } from './user-search-tab.tsx';

type FriendsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelectUser: (userId: string) => void;
  onPlaceBet: (friendId: string) => void;
  /** Counts already known from the profile, shown in the tabs until the lists arrive. */
  knownCounts?: { friends: number; requests: number };
};

export function FriendsDialog({
  open,
  onOpenChange,
  onSelectUser,
  onPlaceBet,
  knownCounts,
}: FriendsDialogProps) {
  const friends = useFriendsPages({ enabled: open });
  const requests = useFriendRequests({ enabled: open });
  const sent = useSentFriendRequests({ enabled: open });
  // The full count: the list itself arrives 50 at a time (ADR 043).
  const friendsCount = friends.data?.total ?? knownCounts?.friends ?? 0;
  const requestsCount = requests.data?.items.length ?? knownCounts?.requests ?? 0;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[85dvh] flex-col gap-4 p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>Friends</DialogTitle>
          <DialogDescription className="sr-only text-sm text-muted-foreground">
            Your friends, friend requests and user search.
          </DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="friends" className="flex min-h-0 flex-1 flex-col">
          <TabsList>
            <TabsTrigger value="friends">Friends ({friendsCount})</TabsTrigger>
            <TabsTrigger value="requests">Requests ({requestsCount})</TabsTrigger>
            <TabsTrigger value="search">Add</TabsTrigger>
          </TabsList>
          <TabsContent value="friends" className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1">
            <FriendsTab
              friends={friends.data?.items}
              query={friends}
              hasMore={friends.data?.hasMore ?? false}
              isLoadingMore={friends.isFetchingNextPage}
              onLoadMore={() => void friends.fetchNextPage()}
              onSelectUser={onSelectUser}
              onPlaceBet={onPlaceBet}
            />
          </TabsContent>
          <TabsContent value="requests" className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1">
            <FriendRequestsTab
              requests={requests.data?.items}
              sent={sent.data?.items}
              query={requests}
              onSelectUser={onSelectUser}
            />
          </TabsContent>
          <TabsContent value="search" className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1">
            <UserSearchTab onSelectUser={onSelectUser} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
