import { Download, LogOut, Pencil, Settings, SlidersHorizontal } from 'lucide-react';
import { Link } from 'react-router';
import { HISTORY_CSV_PATH } from '../../../../domain/history.ts';
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
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <SlidersHorizontal aria-hidden />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          {/* A plain download: the server streams the file as an attachment, the browser saves it. */}
          <a href={HISTORY_CSV_PATH} download>
            <Download aria-hidden />
            Download History (CSV)
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" disabled={isLoggingOut} onSelect={onLogout}>
          <LogOut aria-hidden />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
