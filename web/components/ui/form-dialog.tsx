import type { ReactNode, SyntheticEvent } from 'react';
import { Button } from './button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './dialog.tsx';
import { ActionButton } from './action-button.tsx';

type FormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  onSubmit: (event: SyntheticEvent<HTMLFormElement>) => void;
  submitLabel: string;
  submitVariant?: 'default' | 'destructive';
  /** The request is running: the submit button is busy and the dialog stays open, so its outcome is seen. */
  isPending?: boolean;
  /** Leave the field checks to `onSubmit` (it shows the spec's own messages). */
  noValidate?: boolean;
  /** The form's fields. */
  children: ReactNode;
};

/** A dialog around one small form: title, description, fields, then 'Cancel' and the submit button. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  onSubmit,
  submitLabel,
  submitVariant = 'default',
  isPending = false,
  noValidate,
  children,
}: FormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!isPending) onOpenChange(next);
      }}
    >
      <DialogContent>
        <form noValidate={noValidate} onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">{children}</div>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <ActionButton type="submit" size="default" variant={submitVariant} isBusy={isPending}>
              {submitLabel}
            </ActionButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
