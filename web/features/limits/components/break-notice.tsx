import { Coffee } from 'lucide-react';
import { limitMessages } from '#domain/limit-rules.ts';
import { useRenderTimeZone } from '#web/lib/render-clock.ts';

/** Instead of the Place Bet form while a break lasts. */
export function BreakNotice({ breakUntil }: { breakUntil: string }) {
  const timeZone = useRenderTimeZone();
  return (
    <div role="status" className="grid justify-items-center gap-3 rounded-lg border bg-card px-6 py-10 text-center">
      <Coffee className="size-8 text-muted-foreground" aria-hidden />
      <p className="font-medium">{limitMessages.onBreak(breakUntil, 'local', timeZone)}</p>
      <p className="text-sm text-muted-foreground">
        New bets wait until then. You can still resolve, pay and confirm the bets you have.
      </p>
    </div>
  );
}
