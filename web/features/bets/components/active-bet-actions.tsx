import { ThumbsDown, Trophy } from 'lucide-react';
import { toast } from '#web/lib/toast.ts';
import { viewerBetActions } from '#domain/bet-actions.ts';
import type { Bet } from '#domain/bets.ts';
import { useResolveBet } from '../api/resolve-bet.ts';
import { betToastForm, toastBetError } from '#web/lib/bet-toasts.ts';
import { ActionButton } from '#web/components/ui/action-button.tsx';
import { VoidBetActions } from './void-bet-actions.tsx';

/** Either party resolves the bet ('I Won' / 'I Lost') or asks to void it. */
export function ActiveBetActions({ bet, viewerId }: { bet: Bet; viewerId: string }) {
  const resolve = useResolveBet({
    onSuccess: (_bet, { outcome }) =>
      toast.success('Bet resolved', {
        description: outcome === 'won' ? 'You marked this bet as won!' : 'You marked this bet as lost!',
        form: betToastForm(bet.id),
      }),
    onError: (error) => toastBetError(error, { form: betToastForm(bet.id) }),
  });
  const busyOutcome = resolve.isPending ? resolve.variables.outcome : null;
  // After a dispute the bet ends only by a concession ('I Lost') or a void: 'concede', not 'resolve'.
  const isDisputed = bet.disputedAt !== null;
  // A refereed bet is decided by its referee; after a dispute a party may still concede (ADR 061).
  const actions = viewerBetActions(bet, viewerId);
  const mayClaim = actions.includes('resolve');
  const mayConcede = mayClaim || actions.includes('concede');

  return (
    <div className="grid gap-2">
      {isDisputed ? (
        <p className="text-sm text-muted-foreground">
          {bet.disputeReason ? `Disputed: “${bet.disputeReason}”. ` : 'This result was disputed. '}
          It can end with &apos;I Lost&apos; or a void.
        </p>
      ) : null}
      <div className={mayConcede ? 'flex gap-2' : 'hidden'}>
        {mayClaim ? (
          <ActionButton
            icon={Trophy}
            className="flex-1"
            isBusy={busyOutcome === 'won'}
            disabled={resolve.isPending}
            onClick={() => resolve.mutate({ betId: bet.id, outcome: 'won' })}
          >
            I Won
          </ActionButton>
        ) : null}
        <ActionButton
          icon={ThumbsDown}
          variant="outline"
          className="flex-1"
          isBusy={busyOutcome === 'lost'}
          disabled={resolve.isPending}
          onClick={() => resolve.mutate({ betId: bet.id, outcome: 'lost' })}
        >
          I Lost
        </ActionButton>
      </div>
      <VoidBetActions bet={bet} viewerId={viewerId} disabled={resolve.isPending} />
    </div>
  );
}
