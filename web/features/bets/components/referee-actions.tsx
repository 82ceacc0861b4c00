import { Check, Gavel, Trophy, X } from 'lucide-react';
import { useId, useState } from 'react';
import { refereeTexts } from '#domain/bet-referee.ts';
import type { Bet } from '#domain/bets.ts';
import { ActionButton } from '#web/components/ui/action-button.tsx';
import { betToastForm, toastBetError } from '#web/lib/bet-toasts.ts';
import { toast } from '#web/lib/toast.ts';
import {
  useAcceptReferee,
  useDecideBet,
  useDeclineReferee,
  usePickReferee,
  useRefereeCandidates,
  useRemoveReferee,
} from '../api/bet-referee.ts';
import { BetNote } from './bet-note.tsx';

type Props = { bet: Bet; viewerId: string };

/**
 * A refereed bet's referee line and the referee's own controls (ADR 061): 'Accept Referee' / 'Decline
 * Referee' while asked, '<Name> Won' for each party once the bet is active; the creator picks another
 * referee after a decline, or removes the role.
 */
export function RefereeActions({ bet, viewerId }: Props) {
  const referee = bet.referee;
  if (!referee) return null;
  const isReferee = referee.user?.id === viewerId;
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">
        {referee.user ? refereeTexts.refereedBy(referee.user.name) : refereeTexts.declined}
        {bet.status === 'pending' && referee.user && !referee.accepted ? ` · ${refereeTexts.waiting}` : null}
      </p>
      {isReferee && bet.status === 'pending' && !referee.accepted ? <AnswerReferee bet={bet} /> : null}
      {isReferee && referee.accepted && bet.status === 'active' && bet.disputedAt === null ? <DecideBet bet={bet} /> : null}
      {bet.creator.id === viewerId && bet.status === 'pending' && !referee.accepted ? <ChangeReferee bet={bet} /> : null}
    </div>
  );
}

function AnswerReferee({ bet }: { bet: Bet }) {
  const form = betToastForm(bet.id);
  const accept = useAcceptReferee({ onError: (error) => toastBetError(error, { form }) });
  const decline = useDeclineReferee({
    onSuccess: () => toast.success('Referee declined', { description: `${bet.creator.name} is told.`, form }),
    onError: (error) => toastBetError(error, { form }),
  });
  const busy = accept.isPending || decline.isPending;
  return (
    <div className="flex gap-2">
      <ActionButton icon={Check} className="flex-1" isBusy={accept.isPending} disabled={busy} onClick={() => accept.mutate(bet.id)}>
        {refereeTexts.accept}
      </ActionButton>
      <ActionButton icon={X} variant="outline" className="flex-1" isBusy={decline.isPending} disabled={busy} onClick={() => decline.mutate(bet.id)}>
        {refereeTexts.decline}
      </ActionButton>
    </div>
  );
}

function DecideBet({ bet }: { bet: Bet }) {
  const form = betToastForm(bet.id);
  const decide = useDecideBet({
    onSuccess: (_bet, { winnerId }) =>
      toast.success('Bet decided', {
        description: `${winnerId === bet.creator.id ? bet.creator.name : bet.opponent.name} won.`,
        form,
      }),
    onError: (error) => toastBetError(error, { form }),
  });
  const busyWinner = decide.isPending ? decide.variables.winnerId : null;
  return (
    <div className="flex gap-2">
      {[bet.creator, bet.opponent].map((party) => (
        <ActionButton
          key={party.id}
          icon={Trophy}
          className="flex-1"
          isBusy={busyWinner === party.id}
          disabled={decide.isPending}
          onClick={() => decide.mutate({ betId: bet.id, winnerId: party.id })}
        >
          {refereeTexts.wonButton(party.name)}
        </ActionButton>
      ))}
    </div>
  );
}

function ChangeReferee({ bet }: { bet: Bet }) {
  const form = betToastForm(bet.id);
  const selectId = useId();
  const [choice, setChoice] = useState('');
  const candidates = useRefereeCandidates(bet.opponent.id);
  const pick = usePickReferee({ onError: (error) => toastBetError(error, { form }) });
  const remove = useRemoveReferee({ onError: (error) => toastBetError(error, { form }) });
  const options = (candidates.data ?? []).filter((friend) => friend.id !== bet.referee?.user?.id);
  return (
    <div className="grid gap-2">
      <label htmlFor={selectId} className="text-sm">
        {refereeTexts.field}
      </label>
      <select
        id={selectId}
        value={choice}
        onChange={(event) => setChoice(event.target.value)}
        className="h-9 rounded-md border bg-background px-2 text-sm"
      >
        <option value="">{options.length === 0 ? refereeTexts.pickerEmpty : 'Choose a friend of both of you'}</option>
        {options.map((friend) => (
          <option key={friend.id} value={friend.id}>
            {friend.name}
          </option>
        ))}
      </select>
      <div className="flex gap-2">
        <ActionButton
          icon={Gavel}
          className="flex-1"
          isBusy={pick.isPending}
          disabled={choice === '' || remove.isPending}
          onClick={() => pick.mutate({ betId: bet.id, refereeId: choice })}
        >
          {refereeTexts.pick}
        </ActionButton>
        <ActionButton variant="outline" className="flex-1" isBusy={remove.isPending} disabled={pick.isPending} onClick={() => remove.mutate(bet.id)}>
          {refereeTexts.remove}
        </ActionButton>
      </div>
    </div>
  );
}

/** For the parties: the bet waits for the referee after the opponent accepted. */
export function RefereeWaitingNote({ bet }: { bet: Bet }) {
  return <BetNote>{refereeTexts.waiting}{bet.referee?.user ? ` (${bet.referee.user.name})` : ''}</BetNote>;
}
