import { useEffect, useRef, useState } from 'react';

/*
 * Back with a dialog open closes the dialog instead of leaving the page
 *. Every open Dialog and AlertDialog registers here, top
 * one last; the app shell blocks the router's Back while one is open and asks
 * the top one to close (components/layouts/app-shell.tsx).
 */
const openDialogs: Array<{ close: () => void }> = [];

export function hasOpenDialog(): boolean {
  return openDialogs.length > 0;
}

/** Closes the dialog opened last; false when none is open. */
export function closeTopDialog(): boolean {
  const top = openDialogs.at(-1);
  top?.close();
  return top !== undefined;
}

/** Registers a dialog while `open`; `close` is how Back closes it. */
export function useCloseOnBack(open: boolean, close: () => void): void {
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const entry = { close: () => closeRef.current() };
    openDialogs.push(entry);
    return () => {
      const index = openDialogs.indexOf(entry);
      if (index !== -1) openDialogs.splice(index, 1);
    };
  }, [open]);
}

/**
 * A dialog root's open state, controlled (`open`) or not (`defaultOpen`), that Back closes like its
 * close button: what Dialog and AlertDialog pass to their Radix root.
 */
export function useBackClosableOpen(props: {
  open?: boolean | undefined;
  defaultOpen?: boolean | undefined;
  onOpenChange?: ((open: boolean) => void) | undefined;
}): { open: boolean; onOpenChange: (open: boolean) => void } {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(props.defaultOpen ?? false);
  const open = props.open ?? uncontrolledOpen;
  const onOpenChange = (next: boolean) => {
    if (props.open === undefined) setUncontrolledOpen(next);
    props.onOpenChange?.(next);
  };
  useCloseOnBack(open, () => onOpenChange(false));
  return { open, onOpenChange };
}
