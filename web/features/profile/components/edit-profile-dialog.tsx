import type { MyProfile } from '#domain/profiles.ts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { EditProfileForm } from './edit-profile-form.tsx';

type EditProfileDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  profile: MyProfile;
};

export function EditProfileDialog({ open, onOpenChange, profile }: EditProfileDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="grid max-h-[90dvh] gap-4 overflow-y-auto p-6">
        <DialogHeader>
          <DialogTitle>Edit Profile</DialogTitle>
          <DialogDescription>Friends find you by your username and phone number.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from the saved profile. */}
        <EditProfileForm profile={profile} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
