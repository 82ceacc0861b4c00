import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useUserCard } from '../api/get-user-card.ts';
import { UserCardView } from './user-card-view.tsx';
import { LoadError } from '#web/components/errors/load-error.tsx';

type UserProfileDialogProps = {
  /** The user shown; null closes the dialog. */
  userId: string | null;
  onClose: () => void;
  /** Opens another user's profile (one of their friends) in the same dialog. */
  onSelectUser: (userId: string) => void;
  onPlaceBet: (friendId: string) => void;
};

/** Anyone's profile, as much of it as the server lets the viewer see. */
export function UserProfileDialog({ userId, onClose, onSelectUser, onPlaceBet }: UserProfileDialogProps) {
  const card = useUserCard(userId);
  return (
    <Dialog open={userId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="grid max-h-[90dvh] grid-cols-1 gap-4 overflow-y-auto p-4 sm:p-6">
        {card.data ? (
          <UserCardView card={card.data} onSelectUser={onSelectUser} onPlaceBet={onPlaceBet} />
        ) : (
          <div className="flex min-h-40 flex-col items-center justify-center gap-3 text-center">
            {/* Radix wants a title and description in every dialog, loading or not. */}
            <DialogTitle className="sr-only text-lg leading-none">User profile</DialogTitle>
            {card.isError ? (
              <LoadError
                query={card}
                message="Failed to load user profile data."
                messageAs={DialogDescription}
                layout="plain"
              />
            ) : (
              <>
                <DialogDescription className="sr-only text-sm text-muted-foreground">
                  Loading this profile.
                </DialogDescription>
                <Spinner label="Loading profile" className="size-7 text-primary" />
              </>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
