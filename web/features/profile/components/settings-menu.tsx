import { LogOut, Pencil, Settings } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';

type SettingsMenuProps = {
  onEditProfile: () => void;
  /** Absent until the profile has loaded: there is nothing to edit yet. */
  canEditProfile: boolean;
  onLogout: () => void;
  isLoggingOut: boolean;
};

export function SettingsMenu({ onEditProfile, canEditProfile, onLogout, isLoggingOut }: SettingsMenuProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Settings">
          <Settings className="size-5" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem disabled={!canEditProfile} onSelect={onEditProfile}>
          <Pencil aria-hidden />
          Edit Profile
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" disabled={isLoggingOut} onSelect={onLogout}>
          <LogOut aria-hidden />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
