import { Suspense, useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import type { ChallengeView } from '#domain/challenges.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useDeclineChallenge } from '../api/decline-challenge.ts';
import { useTakeChallenge } from '../api/take-challenge.ts';
import { toastBetError } from '#web/lib/bet-toasts.ts';
import { ActionButton } from '#web/components/ui/action-button.tsx';
import { lazyComponent } from '#web/lib/lazy-component.ts';

// Radix Dialog loads when 'Accept Challenge' is pointed at, focused or pressed, not with the public
// challenge page.
const PredictionDialog = lazyComponent(
  async () => (await import('#web/components/prediction-dialog.tsx')).PredictionDialog,
);

type ChallengeAnswerProps = { challenge: ChallengeView; onTaken: (betId: string) => void };

/** A signed-in visitor's answer to an open challenge: take it (the accept dialog) or decline it. */
export function ChallengeAnswer({ challenge, onTaken }: ChallengeAnswerProps) {
  const [isAcceptOpen, setIsAcceptOpen] = useState(false);
  // Stays mounted once opened, so closing animates and returns focus to the button.
  const [hasOpenedAccept, setHasOpenedAccept] = useState(false);
  const preload = () => void PredictionDialog.preload();
  const take = useTakeChallenge({
    onSuccess: (bet) => {
      toast.success('Bet accepted', { description: 'The bet is now active!' });
      setIsAcceptOpen(false);
      onTaken(bet.id);
    },
    onError: (error) => {
      setIsAcceptOpen(false);
      toastBetError(error, { title: 'Error accepting bet' });
    },
  });
  const decline = useDeclineChallenge({
    onError: (error) => toastBetError(error, { title: 'Error declining challenge' }),
  });

  return (
    <div className="grid gap-2">
      <Button
        size="lg"
        className="w-full"
        onPointerEnter={preload}
        onPointerDown={preload}
        onFocus={preload}
        onClick={() => {
          setHasOpenedAccept(true);
          setIsAcceptOpen(true);
        }}
        disabled={decline.isPending}
      >
        Accept Challenge
      </Button>
      <ActionButton
        variant="outline"
        size="lg"
        className="w-full"
        isBusy={decline.isPending}
        disabled={take.isPending}
        onClick={() => decline.mutate(challenge.code)}
      >
        Decline
      </ActionButton>
      {hasOpenedAccept ? (
        <Suspense fallback={null}>
          <PredictionDialog
            terms={{
              creatorName: challenge.creator.name,
              amount: challenge.amount,
              description: challenge.description,
            }}
            open={isAcceptOpen}
            onOpenChange={setIsAcceptOpen}
            isPending={take.isPending}
            onAccept={(prediction) => take.mutate({ code: challenge.code, prediction })}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
