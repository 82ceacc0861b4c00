import { useId } from 'react';
import { refereeTexts } from '#domain/bet-referee.ts';
import { useRefereeCandidates } from '../api/bet-referee.ts';

type RefereeFieldProps = { opponentId: string | null; value: string; onChange: (refereeId: string) => void };

/** Place Bet's optional 'Referee': only friends of both parties are offered (ADR 061). */
export function RefereeField({ opponentId, value, onChange }: RefereeFieldProps) {
  const selectId = useId();
  const hintId = useId();
  const candidates = useRefereeCandidates(opponentId);
  const friends = candidates.data ?? [];
  return (
    <div className="grid gap-2">
      <label htmlFor={selectId} className="text-sm font-medium">
        {refereeTexts.field}
      </label>
      <select
        id={selectId}
        value={value}
        aria-describedby={hintId}
        disabled={opponentId === null}
        onChange={(event) => onChange(event.target.value)}
        className="h-9 w-full rounded-md border bg-background px-2 text-sm sm:w-56"
      >
        <option value="">{refereeTexts.none}</option>
        {friends.map((friend) => (
          <option key={friend.id} value={friend.id}>
            {friend.name}
          </option>
        ))}
      </select>
      <p id={hintId} className="text-xs text-muted-foreground">
        {opponentId !== null && candidates.isSuccess && friends.length === 0
          ? refereeTexts.pickerEmpty
          : 'Optional. A friend of both of you decides who won.'}
      </p>
    </div>
  );
}
