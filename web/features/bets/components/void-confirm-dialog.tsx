import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog.tsx';
import { ActionButton } from './action-button.tsx';

type VoidConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: 'Request Void' | 'Confirm Void';
  isBusy: boolean;
  onConfirm: () => void;
};

/** "Are you sure?" before asking to void a bet, or before agreeing to (which deletes it for both). */
export function VoidConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  isBusy,
  onConfirm,
}: VoidConfirmDialogProps) {
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        // Stay open until the request settles, so its spinner and outcome are seen.
        if (!isBusy) onOpenChange(next);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isBusy}>Cancel</AlertDialogCancel>
          <ActionButton
            size="default"
            // Only confirming deletes the bet; a request can still be cancelled.
            variant={confirmLabel === 'Confirm Void' ? 'destructive' : 'default'}
            isBusy={isBusy}
            onClick={onConfirm}
          >
            {confirmLabel}
          </ActionButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
