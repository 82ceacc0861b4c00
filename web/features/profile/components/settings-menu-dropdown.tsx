import { Download, LogOut, Pencil, Settings, SlidersHorizontal } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { Link } from '#web/lib/router/router.tsx';
import { HISTORY_CSV_PATH } from '#domain/history.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx';

export type SettingsMenuProps = {
  onEditProfile: () => void;
  /** Absent until the profile has loaded: there is nothing to edit yet. */
  canEditProfile: boolean;
  onLogout: () => void;
  isLoggingOut: boolean;
};

export type SettingsMenuDropdownProps = SettingsMenuProps & {
  /** Held by the stand-in trigger (settings-menu.tsx), which may have been pressed while this chunk loaded. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Takes focus at once: the stand-in trigger had it. */
  autoFocus: boolean;
};

/** The settings menu itself (Radix DropdownMenu), loaded apart from its trigger (ADR 044). */
export function SettingsMenuDropdown({
  onEditProfile,
  canEditProfile,
  onLogout,
  isLoggingOut,
  open,
  onOpenChange,
  autoFocus,
}: SettingsMenuDropdownProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  // In the commit that replaced the stand-in, not a frame later (a passive effect may run after a paint): in between
  // focus sat on <body>, where a Tab press or the focus rescue (web/lib/focus-rescue.ts) found it.
  useLayoutEffect(() => {
    // An open menu focuses itself (its content mounts first); a closed one gives focus back to its trigger.
    if (autoFocus && !open) triggerRef.current?.focus();
    // Once: what the stand-in handed over at mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, []);
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <Button ref={triggerRef} variant="ghost" size="icon" aria-label="Settings">
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
