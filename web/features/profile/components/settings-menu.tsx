import { Settings } from 'lucide-react';
import { useRef, useState, type ComponentType } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import type { SettingsMenuDropdownProps, SettingsMenuProps } from './settings-menu-dropdown.tsx';

type Dropdown = ComponentType<SettingsMenuDropdownProps>;
let loading: Promise<Dropdown> | undefined;
/** Fetches the menu's chunk once; a failed fetch (offline) may be tried again by the next intent. */
function loadDropdown(): Promise<Dropdown> {
  loading ??= import('./settings-menu-dropdown.tsx').then(
    (module) => module.SettingsMenuDropdown,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * The profile's settings menu. Radix DropdownMenu with floating-ui (~30 KiB gzip with its helpers) is not in /profile's first
 * load (ADR 044): this stand-in trigger looks and is named as the real one, and fetches the menu
 * when pointed at, focused or pressed. Once the chunk is there the real menu replaces it, open if the
 * stand-in was pressed meanwhile (as Radix's trigger, on pointerdown or Enter, Space, ArrowDown) and
 * focused if it had focus, so the swap is invisible to a mouse, touch or keyboard user.
 */
export function SettingsMenu(props: SettingsMenuProps) {
  const [menu, setMenu] = useState<{ Dropdown: Dropdown; focus: boolean } | null>(null);
  // Controlled, not a `defaultOpen` read when the chunk lands: a press may come after React has taken the
  // loaded menu in but before it has replaced the stand-in on screen.
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const load = () => {
    loadDropdown().then(
      (Dropdown) => {
        const focus = buttonRef.current !== null && document.activeElement === buttonRef.current;
        setMenu((current) => current ?? { Dropdown, focus });
      },
      // Offline: the stand-in stays, and the next pointer or key event tries again.
      () => undefined,
    );
  };
  const press = () => {
    setOpen(true);
    load();
  };

  if (menu) return <menu.Dropdown {...props} open={open} onOpenChange={setOpen} autoFocus={menu.focus} />;
  return (
    <Button
      ref={buttonRef}
      variant="ghost"
      size="icon"
      aria-label="Settings"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={load}
      onFocus={load}
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) press();
      }}
      onKeyDown={(event) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        press();
      }}
    >
      <Settings className="size-5" aria-hidden />
    </Button>
  );
}
