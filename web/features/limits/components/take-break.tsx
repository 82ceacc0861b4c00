import { useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import {
  breakEnd,
  breakDurationLabels,
  breakDurations,
  formatLimitTime,
  limitMessages,
  type BreakDuration,
} from '#domain/limits.ts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { apiErrorMessage } from '#web/lib/api-error.ts';
import { useStartBreak } from '../api/start-break.ts';

const HEADING_ID = 'take-break-heading';

/** 'Take a Break': three lengths, each behind a confirm dialog; a break in progress only shows its end. */
export function TakeBreak({ breakUntil }: { breakUntil: string | null }) {
  // The end shown in the dialog is computed when the length is picked (an event, not a render).
  const [choice, setChoice] = useState<{ duration: BreakDuration; endsAt: string } | null>(null);
  const start = useStartBreak({
    onSuccess: () => {
      setChoice(null);
      toast.success(limitMessages.breakStarted);
    },
    onError: (failure) => toast.error('Could not start the break', { description: apiErrorMessage(failure, 'Please try again.') }),
  });
  const pick = (duration: BreakDuration) =>
    setChoice({ duration, endsAt: breakEnd(duration) });

  return (
    <section aria-labelledby={HEADING_ID} className="grid gap-3 border-t pt-5">
      <h3 id={HEADING_ID} className="font-medium">
        Take a Break
      </h3>
      {breakUntil ? (
        <p className="text-sm" role="status">
          {limitMessages.onBreak(breakUntil)} Until then you cannot place or accept bets; resolving and paying still work.
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            Pause placing and accepting bets. A break cannot be ended early; resolving and paying your bets keep working.
          </p>
          <div className="flex flex-wrap gap-2">
            {breakDurations.map((duration) => (
              <Button key={duration} variant="outline" onClick={() => pick(duration)}>
                {breakDurationLabels[duration]}
              </Button>
            ))}
          </div>
        </>
      )}
      <AlertDialog
        open={choice !== null}
        onOpenChange={(open) => {
          if (!open && !start.isPending) setChoice(null);
        }}
      >
        {choice ? (
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Take a break for {breakDurationLabels[choice.duration]}?</AlertDialogTitle>
              <AlertDialogDescription>
                Until {formatLimitTime(choice.endsAt)} you will not be able to place or accept bets. The break cannot be ended early.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={start.isPending}>Cancel</AlertDialogCancel>
              <Button variant="destructive" disabled={start.isPending} onClick={() => start.mutate({ duration: choice.duration })}>
                Start Break
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        ) : null}
      </AlertDialog>
    </section>
  );
}
