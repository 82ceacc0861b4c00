import { SendHorizontal } from 'lucide-react';
import { useId, useState, type Ref } from 'react';
import { toast } from '#web/lib/toast.ts';
import { COMMENT_MAX } from '#domain/bet-rules.ts';
import { commentMessages } from '#domain/feed.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { apiErrorMessage } from '#web/lib/api-error.ts';
import { useAddComment } from '../api/add-comment.ts';
import type { CommentSubject } from '../api/get-comments.ts';

type CommentFormProps = {
  betId: string;
  subject?: CommentSubject;
  inputRef?: Ref<HTMLInputElement>;
  onCommentAdded?: ((betId: string) => void) | undefined;
};

/** 'Add a comment...', sent with Enter or the send button; a failed send keeps the text. */
export function CommentForm({ betId, subject = 'bet', inputRef, onCommentAdded }: CommentFormProps) {
  const inputId = useId();
  const [text, setText] = useState('');
  const addComment = useAddComment({
    onSuccess: (_comment, variables) => {
      toast.success('Comment added', { form: `comment:${betId}` });
      setText('');
      onCommentAdded?.(variables.betId);
    },
    onError: (error) => {
      toast.error('Error', {
        description: apiErrorMessage(error, commentMessages.addFailed),
        form: `comment:${betId}`,
      });
    },
  });
  const trimmed = text.trim();
  const canSend = trimmed !== '' && !addComment.isPending;

  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) addComment.mutate({ betId, text: trimmed, subject });
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Add a comment
      </label>
      <Input
        id={inputId}
        ref={inputRef}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Add a comment..."
        maxLength={COMMENT_MAX}
        autoComplete="off"
        enterKeyHint="send"
      />
      <Button type="submit" size="icon-lg" aria-label="Send comment" disabled={!canSend}>
        <SendHorizontal aria-hidden />
      </Button>
    </form>
  );
}
