import { Ban } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { viewerBetActions } from '#domain/bet-actions.ts';
import type { Bet } from '#domain/bets.ts';
import { useCancelVoidRequest } from '../api/cancel-void-request.ts';
import { useKeepBet } from '../api/keep-bet.ts';
import { useRequestVoid } from '../api/request-void.ts';
import { betToastForm, toastBetError } from '#web/lib/bet-toasts.ts';
import { otherParty } from '../utils/bet-view.ts';
import { LazyConfirmDialog } from '#web/components/ui/lazy-confirm-dialog.ts';
import { LazyOverlay } from '#web/components/ui/lazy-overlay.tsx';
import { ActionButton } from '#web/components/ui/action-button.tsx';

const voidFailure = { fallback: 'Failed to process void request' };

type VoidBetActionsProps = { bet: Bet; viewerId: string; disabled: boolean };

/** 'Request Void', 'Cancel' of my own request, or 'Confirm Void' of the other party's. */
export function VoidBetActions({ bet, viewerId, disabled }: VoidBetActionsProps) {
  const noteId = useId();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const other = otherParty(bet, viewerId);
  const actions = viewerBetActions(bet, viewerId);
  const requestOrConfirm = useRequestVoid({
    onSuccess: (result) => {
      setIsConfirmOpen(false);
      if (result.deleted)
        toast.success('Bet Voided', { description: result.message, form: betToastForm(bet.id) });
      else toast.success('Void Requested', { description: result.message, form: betToastForm(bet.id) });
    },
    onError: (error) => {
      setIsConfirmOpen(false);
      toastBetError(error, { ...voidFailure, form: betToastForm(bet.id) });
    },
  });
  const keep = useKeepBet({
    onSuccess: () =>
      toast.success('Bet Kept', {
        description: `${other.name} will be told you want to keep the bet.`,
        form: betToastForm(bet.id),
      }),
    onError: (error) => toastBetError(error, { ...voidFailure, form: betToastForm(bet.id) }),
  });
  const cancel = useCancelVoidRequest({
    onSuccess: (result) =>
      toast.success('Void Cancelled', { description: result.message, form: betToastForm(bet.id) }),
    onError: (error) => toastBetError(error, { ...voidFailure, form: betToastForm(bet.id) }),
  });

  if (actions.includes('cancelVoid')) {
    return (
      <div
        data-focus-home="actions"
        data-focus-key={`void-${bet.id}`}
        className="flex items-center justify-between gap-2 rounded-lg bg-muted px-3 py-2"
      >
        <p id={noteId} className="text-sm text-muted-foreground">
          You asked to void this bet. Waiting for {other.name}.
        </p>
        <ActionButton
          variant="outline"
          aria-describedby={noteId}
          isBusy={cancel.isPending}
          disabled={disabled}
          onClick={() => cancel.mutate(bet.id)}
        >
          Cancel
        </ActionButton>
      </div>
    );
  }

  const isConfirming = actions.includes('confirmVoid');
  if (!isConfirming && !actions.includes('requestVoid')) return null;
  return (
    <div
      data-focus-home="actions"
      data-focus-key={`void-${bet.id}`}
      className={
        isConfirming ? 'flex items-center justify-between gap-2 rounded-lg bg-amber-50 px-3 py-2' : ''
      }
    >
      {isConfirming ? (
        <p id={noteId} className="text-sm text-amber-900">
          {other.name} asked to void this bet.
        </p>
      ) : null}
      <div className={isConfirming ? 'flex flex-wrap justify-end gap-2' : undefined}>
        {actions.includes('keepBet') ? (
          <ActionButton
            variant="outline"
            aria-describedby={noteId}
            isBusy={keep.isPending}
            disabled={disabled || requestOrConfirm.isPending}
            onClick={() => keep.mutate(bet.id)}
          >
            Keep Bet
          </ActionButton>
        ) : null}
        <ActionButton
          icon={Ban}
          variant={isConfirming ? 'destructive' : 'ghost'}
          className={isConfirming ? undefined : 'w-full text-muted-foreground'}
          aria-describedby={isConfirming ? noteId : undefined}
          aria-haspopup="dialog"
          disabled={disabled || requestOrConfirm.isPending || keep.isPending}
          onClick={() => setIsConfirmOpen(true)}
        >
          {isConfirming ? 'Confirm Void' : 'Request Void'}
        </ActionButton>
      </div>
      <LazyOverlay open={isConfirmOpen}>
        <LazyConfirmDialog
          open={isConfirmOpen}
          onOpenChange={setIsConfirmOpen}
          title={isConfirming ? 'Void this bet?' : 'Ask to void this bet?'}
          description={
            isConfirming
              ? `${other.name} asked to void it. Confirming permanently deletes the bet for both of you.`
              : `${other.name} will be asked to confirm. If they do, the bet is deleted for both of you.`
          }
          confirmLabel={isConfirming ? 'Confirm Void' : 'Request Void'}
          // Only confirming deletes the bet; a request can still be cancelled.
          confirmVariant={isConfirming ? 'destructive' : 'default'}
          isBusy={requestOrConfirm.isPending}
          onConfirm={() => requestOrConfirm.mutate(bet.id)}
        />
      </LazyOverlay>
    </div>
  );
}
