import { useState, type SyntheticEvent } from 'react';
import { toast } from '#web/lib/toast.ts';
import {
  formatLimitTime,
  isOnBreak,
  LIMIT_RAISE_DELAY_HOURS,
  limitMessages,
  parseLossLimit,
  type Limits,
} from '#domain/limits.ts';
import { formatDollars } from '#domain/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { apiErrorMessage } from '#web/lib/api-error.ts';
import { useLimits } from '../api/get-limits.ts';
import { useUpdateLossLimit } from '../api/update-loss-limit.ts';
import { TakeBreak } from './take-break.tsx';
import { LoadError } from '#web/components/errors/load-error.tsx';

const HEADING_ID = 'limit-settings-heading';

/** The 'Limits' section of /settings: a weekly loss limit and Take a Break. */
export function LimitSettings() {
  const limits = useLimits();
  return (
    <Card className="gap-4 py-6">
      <CardHeader>
        <CardTitle asChild>
          <h2 id={HEADING_ID}>Limits</h2>
        </CardTitle>
        <CardDescription>
          Limits you set for yourself. A new or lower limit applies at once; raising or removing one applies
          after {LIMIT_RAISE_DELAY_HOURS} hours.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 px-6">
        {limits.data ? (
          <>
            {/* Keyed by the saved value, so the field shows what the server stored after each save. */}
            <LossLimitForm
              key={`${limits.data.weeklyLossLimit}:${limits.data.scheduled?.appliesAt}`}
              limits={limits.data}
            />
            <TakeBreak breakUntil={isOnBreak(limits.data.breakUntil) ? limits.data.breakUntil : null} />
          </>
        ) : limits.isError ? (
          <LoadError
            query={limits}
            message={apiErrorMessage(limits.error, 'Could not load your limits.')}
            layout="plain"
            className="py-2"
          />
        ) : (
          <div role="status" aria-label="Loading limits" className="grid gap-2">
            <span className="h-4 w-32 animate-pulse rounded bg-muted" />
            <span className="h-10 w-full animate-pulse rounded bg-muted" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function scheduledNote(scheduled: NonNullable<Limits['scheduled']>): string {
  const when = formatLimitTime(scheduled.appliesAt);
  return scheduled.weeklyLossLimit === null
    ? `Your limit will be removed on ${when}.`
    : `Your limit rises to ${formatDollars(scheduled.weeklyLossLimit)} on ${when}.`;
}

function LossLimitForm({ limits }: { limits: Limits }) {
  // A waiting raise is what the user last asked for: the field shows it, the note says when it applies.
  const saved = limits.scheduled ? limits.scheduled.weeklyLossLimit : limits.weeklyLossLimit;
  const [text, setText] = useState(saved === null ? '' : String(saved));
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateLossLimit({
    onSuccess: () => toast.success(limitMessages.saved),
    onError: (failure) =>
      toast.error('Could not save the limit', { description: apiErrorMessage(failure, 'Please try again.') }),
  });

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = parseLossLimit(text);
    if (value === undefined) {
      setError(limitMessages.invalidLimit);
      return;
    }
    setError(undefined);
    update.mutate({ weeklyLossLimit: value });
  };

  const hint = [
    limits.weeklyLossLimit === null
      ? 'No limit now.'
      : `In force now: ${formatDollars(limits.weeklyLossLimit)}.`,
    `This week: ${formatDollars(limits.committed)} lost or at stake.`,
  ].join(' ');

  return (
    <form onSubmit={onSubmit} className="grid gap-3" noValidate>
      <TextField
        label="Weekly loss limit"
        inputMode="numeric"
        autoComplete="off"
        placeholder="No limit"
        value={text}
        onChange={(event) => setText(event.target.value)}
        hint={hint}
        error={error}
      />
      {limits.scheduled ? (
        <p className="text-sm" role="status">
          {scheduledNote(limits.scheduled)}
        </p>
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={update.isPending}>
        Save
      </Button>
    </form>
  );
}
