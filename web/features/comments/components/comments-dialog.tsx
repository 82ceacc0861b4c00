import { useRef } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import type { CommentSubject } from '../api/get-comments.ts';
import { CommentForm } from './comment-form.tsx';
import { CommentList } from './comment-list.tsx';

type CommentsDialogProps = {
  /** The bet whose comments are shown; null renders nothing (closed). */
  betId: string | null;
  /** A pot's feed card has comments too (ADR 060). */
  subject?: CommentSubject;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the viewer's comment is saved, e.g. to count it on the bet's card. */
  onCommentAdded?: (betId: string) => void;
};

/** A bet's comments and a field to add one; used from the feed and from profile bet cards. */
export function CommentsDialog({
  betId,
  subject = 'bet',
  open,
  onOpenChange,
  onCommentAdded,
}: CommentsDialogProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <Dialog open={open && betId !== null} onOpenChange={onOpenChange}>
      <DialogContent
        className="flex max-h-[min(85dvh,40rem)] flex-col gap-3 p-4 sm:p-6"
        onOpenAutoFocus={(event) => {
          // With a mouse, start in the field; on touch screens don't pop the
          // keyboard over the thread (focus goes to the list instead).
          if (window.matchMedia('(pointer: fine)').matches) {
            event.preventDefault();
            inputRef.current?.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>Comments</DialogTitle>
          <DialogDescription className="sr-only text-sm text-muted-foreground">
            {subject === 'pot'
              ? 'Read the comments on this pot and add your own.'
              : 'Read the comments on this bet and add your own.'}
          </DialogDescription>
        </DialogHeader>
        {betId ? (
          <>
            <CommentList betId={betId} subject={subject} />
            <CommentForm betId={betId} subject={subject} inputRef={inputRef} onCommentAdded={onCommentAdded} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
