import { useId, useState } from 'react';
import { formatDollars } from '#domain/money.ts';
import { formatDateTime } from '#domain/relative-time.ts';
import { useRenderTimeZone } from '#web/lib/render-clock.ts';
import {
  formatPotNumber,
  isPotNumber,
  potDeciderLabels,
  potMessages,
  potResultText,
  potPaymentLine,
  potStatusLabels,
  potTotalText,
  potPaymentNote,
} from '#domain/pot-rules.ts';
import { areEntriesClosed, availablePotActions, isAllPaid, potState } from '#domain/pots.ts';
import { PayButtons } from '#web/components/pay-buttons.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ChoiceGroup } from '#web/components/ui/choice-group.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { apiErrorMessage } from '#web/lib/api-error.ts';
import { toast } from '#web/lib/toast.ts';
import {
  useAcceptReferee,
  useCancelPot,
  useChangePick,
  useCloseEntries,
  useConfirmPotPayment,
  useDeclareResult,
  useDeclineInvitation,
  useDeclineReferee,
  useDisputePot,
  useVoteOnDispute,
  useJoinPot,
  useLeavePot,
  useMarkPotPaid,
  usePickReferee,
  useVote,
  type PickInput,
  type PotData,
} from '../api/pots.ts';

const onError = (fallback: string) => (error: Error) =>
  toast.error('Error', { description: apiErrorMessage(error, fallback) });

/** Choose one outcome (radio buttons), or type a number for Closest Guess / a result. */
function PickInputs({
  label,
  pot,
  optionId,
  onOptionChange,
  number,
  onNumberChange,
  numberLabel,
}: {
  label: string;
  pot: PotData;
  optionId: string | null;
  onOptionChange: (id: string) => void;
  number: string;
  onNumberChange: (value: string) => void;
  numberLabel: string | null;
}) {
  if (numberLabel !== null)
    return (
      <TextField
        label={numberLabel}
        inputMode="decimal"
        value={number}
        onChange={(event) => onNumberChange(event.target.value)}
      />
    );
  return (
    <ChoiceGroup
      label={label}
      options={pot.options.map((option) => ({ value: option.id, label: option.label }))}
      value={optionId}
      onChange={onOptionChange}
    />
  );
}

function toPick(pot: PotData, optionId: string | null, number: string): PickInput | null {
  if (pot.kind === 'closest') {
    const value = Number(number);
    return number.trim() !== '' && isPotNumber(value) ? { guess: value } : null;
  }
  return optionId === null ? null : { optionId };
}

/** A friend the creator may pick as the referee. */
export type RefereeChoice = { id: string; name: string };

/**
 * The pot page's card: the pot, its outcomes, entrants and payments, and the viewer's actions.
 * `friends`: the creator's friends, for picking another referee while waiting for the referee.
 */
export function PotCard({
  pot,
  viewerId,
  friends = [],
  onRefereeDeclined,
}: {
  pot: PotData;
  viewerId: string;
  friends?: RefereeChoice[];
  onRefereeDeclined?: () => void;
}) {
  const timeZone = useRenderTimeZone();
  const state = potState(pot);
  const actions = availablePotActions(pot, viewerId);
  const mine = pot.entrants.find((entrant) => entrant.user.id === viewerId);
  const [optionId, setOptionId] = useState<string | null>(mine?.optionId ?? null);
  const [number, setNumber] = useState(
    mine?.guess === null || mine?.guess === undefined ? '' : String(mine.guess),
  );
  const [resultOptionId, setResultOptionId] = useState<string | null>(null);
  const [resultNumber, setResultNumber] = useState('');
  const [isCancelOpen, setIsCancelOpen] = useState(false);

  const join = useJoinPot(pot.id, {
    onSuccess: () => toast.success(potMessages.joined),
    onError: onError('Failed to join. Please try again.'),
  });
  const changePick = useChangePick(pot.id, {
    onSuccess: () => toast.success('Pick changed'),
    onError: onError('Failed to change your pick.'),
  });
  const leave = useLeavePot(pot.id, {
    onSuccess: () => toast.success('You left the pot'),
    onError: onError('Failed to leave the pot.'),
  });
  const close = useCloseEntries(pot.id, {
    onSuccess: () => toast.success('Entries closed'),
    onError: onError('Failed to close entries.'),
  });
  const cancel = useCancelPot(pot.id, {
    onSuccess: () => {
      setIsCancelOpen(false);
      toast.success('Pot cancelled');
    },
    onError: onError('Failed to cancel the pot.'),
  });
  const acceptReferee = useAcceptReferee(pot.id, { onError: onError('Failed to accept the referee role.') });
  const declineReferee = useDeclineReferee(pot.id, {
    onSuccess: () => {
      toast.success('You declined to referee');
      onRefereeDeclined?.();
    },
    onError: onError('Failed to decline the referee role.'),
  });
  const decline = useDeclineInvitation(pot.id, {
    onSuccess: () => toast.success('You are not entering'),
    onError: onError('Failed to decline the pot.'),
  });
  const [disputeReason, setDisputeReason] = useState('');
  const dispute = useDisputePot(pot.id, {
    onSuccess: () => toast.success('Result disputed'),
    onError: onError('Failed to dispute the result.'),
  });
  const disputeVote = useVoteOnDispute(pot.id, {
    onSuccess: () => toast.success('Vote saved'),
    onError: onError('Failed to save your vote.'),
  });
  const myDisputeVote = pot.disputeVotes.find((v) => v.userId === viewerId)?.overturn ?? null;
  const overturnVotes = pot.disputeVotes.filter((v) => v.overturn).length;
  const keepVotes = pot.disputeVotes.length - overturnVotes;
  const disputer = pot.entrants.find((entrant) => entrant.user.id === pot.disputedBy)?.user.name;
  const [newRefereeId, setNewRefereeId] = useState('');
  const refereeSelectId = useId();
  const pickReferee = usePickReferee(pot.id, {
    onSuccess: () => {
      setNewRefereeId('');
      toast.success('Referee asked');
    },
    onError: onError('Failed to pick the referee.'),
  });
  // Friends who may referee: not the current referee, not invited, not entered.
  const takingPart = new Set([
    ...pot.invitees.map((invitee) => invitee.id),
    ...pot.entrants.map((entrant) => entrant.user.id),
    pot.referee?.id ?? '',
  ]);
  const refereeChoices = friends.filter((friend) => !takingPart.has(friend.id));
  const declare = useDeclareResult(pot.id, {
    onSuccess: () => toast.success('Result declared'),
    onError: onError('Failed to declare the result.'),
  });
  const vote = useVote(pot.id, {
    onSuccess: () => toast.success('Vote saved'),
    onError: onError('Failed to save your vote.'),
  });
  const myVote = pot.votes.find((v) => v.userId === viewerId)?.optionId ?? null;
  const markPaid = useMarkPotPaid(pot.id, { onError: onError('Failed to mark the payment as paid.') });
  const confirmPayment = useConfirmPotPayment(pot.id, { onError: onError('Failed to confirm the payment.') });

  const total = pot.stake * pot.entrants.length;
  const pick = toPick(pot, optionId, number);
  const guessLabel = pot.kind === 'closest' ? 'Your guess' : null;
  const resultLabel = pot.kind === 'choices' ? null : 'Actual number';
  const result: { optionId: string } | { number: number } | null =
    pot.kind === 'choices'
      ? resultOptionId === null
        ? null
        : { optionId: resultOptionId }
      : resultNumber.trim() !== '' && isPotNumber(Number(resultNumber))
        ? { number: Number(resultNumber) }
        : null;
  const winningLabel = pot.options.find((option) => option.id === pot.resultOptionId)?.label;

  return (
    <article className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs">
      <header className="grid gap-1">
        <p className="text-sm font-medium text-muted-foreground">{potStatusLabels[state]}</p>
        <h2 className="text-lg font-semibold">{pot.question}</h2>
        <p className="text-2xl font-bold tabular-nums">{potTotalText(total)}</p>
        <p className="text-sm text-muted-foreground">
          {formatDollars(pot.stake)} per person · Decided by{' '}
          {pot.decider === 'referee' && pot.referee
            ? `${pot.referee.name} (referee)`
            : pot.decider === 'me'
              ? pot.creator.name
              : potDeciderLabels[pot.decider]}
          {pot.closesAt ? ` · Entries close ${formatDateTime(pot.closesAt, timeZone)}` : ''}
        </p>
        {pot.decider === 'referee' && !pot.refereeAccepted && state !== 'cancelled' && state !== 'decided' ? (
          <p className="text-sm font-medium">Waiting for the referee</p>
        ) : null}
      </header>

      {pot.status === 'decided' || pot.status === 'disputed' ? (
        <p className="rounded-lg bg-muted px-3 py-2 font-medium">
          {potResultText({
            outcome: pot.outcome,
            winningLabel: winningLabel ?? null,
            resultNumber: pot.resultNumber,
          })}
        </p>
      ) : null}

      {pot.kind !== 'closest' ? (
        <section aria-label="Outcomes" className="grid gap-1">
          <h3 className="text-sm font-semibold">Outcomes</h3>
          <ul className="grid gap-1">
            {pot.options.map((option) => {
              const count = pot.entrants.filter((entrant) => entrant.optionId === option.id).length;
              return (
                <li key={option.id} className="flex justify-between rounded-md border px-3 py-2 text-sm">
                  <span>{option.label}</span>
                  <span className="text-muted-foreground tabular-nums">
                    {count} {count === 1 ? 'entrant' : 'entrants'} · {formatDollars(count * pot.stake)}
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      <section aria-label="Entrants" className="grid gap-1">
        <h3 className="text-sm font-semibold">Entrants ({pot.entrants.length})</h3>
        {areEntriesClosed(pot) ? <p className="text-sm text-muted-foreground">Entries closed</p> : null}
        <ul className="grid gap-1 text-sm">
          {pot.entrants.map((entrant) => (
            <li key={entrant.user.id} className="flex justify-between">
              <span>{entrant.user.name}</span>
              <span className="text-muted-foreground">
                {pot.kind === 'closest'
                  ? entrant.guess === null
                    ? 'Guess hidden'
                    : formatPotNumber(entrant.guess)
                  : (pot.options.find((option) => option.id === entrant.optionId)?.label ?? '')}
              </span>
            </li>
          ))}
        </ul>
      </section>

      {actions.includes('join') ? (
        <div className="grid gap-2">
          <PickInputs
            label="Your pick"
            pot={pot}
            optionId={optionId}
            onOptionChange={setOptionId}
            number={number}
            onNumberChange={setNumber}
            numberLabel={guessLabel}
          />
          <Button disabled={pick === null || join.isPending} onClick={() => pick && join.mutate(pick)}>
            {`Join for ${formatDollars(pot.stake)}`}
          </Button>
          {actions.includes('decline') ? (
            <Button variant="outline" disabled={decline.isPending} onClick={() => decline.mutate()}>
              I'm not entering
            </Button>
          ) : null}
        </div>
      ) : null}
      {actions.includes('changePick') ? (
        <div className="grid gap-2">
          <PickInputs
            label="Your pick"
            pot={pot}
            optionId={optionId}
            onOptionChange={setOptionId}
            number={number}
            onNumberChange={setNumber}
            numberLabel={guessLabel}
          />
          <div className="flex gap-2">
            <Button
              variant="outline"
              grow
              disabled={pick === null || changePick.isPending}
              onClick={() => pick && changePick.mutate(pick)}
            >
              Change Pick
            </Button>
            <Button variant="outline" grow disabled={leave.isPending} onClick={() => leave.mutate()}>
              Leave Pot
            </Button>
          </div>
        </div>
      ) : null}
      {actions.includes('acceptReferee') ? (
        <div className="flex gap-2">
          <Button grow disabled={acceptReferee.isPending} onClick={() => acceptReferee.mutate()}>
            Accept Referee
          </Button>
          {actions.includes('declineReferee') ? (
            <Button
              variant="outline"
              grow
              disabled={declineReferee.isPending}
              onClick={() => declineReferee.mutate()}
            >
              Decline Referee
            </Button>
          ) : null}
        </div>
      ) : null}
      {actions.includes('pickReferee') ? (
        <div className="grid gap-2 rounded-lg border p-3">
          <label htmlFor={refereeSelectId} className="text-sm font-medium">
            {pot.referee === null ? 'Your referee declined. Pick another' : 'Pick another referee'}
          </label>
          <select
            id={refereeSelectId}
            className="h-10 rounded-md border bg-card px-3 text-sm"
            value={newRefereeId}
            onChange={(event) => setNewRefereeId(event.target.value)}
          >
            <option value="">Choose a friend</option>
            {refereeChoices.map((friend) => (
              <option key={friend.id} value={friend.id}>
                {friend.name}
              </option>
            ))}
          </select>
          <Button
            variant="outline"
            disabled={newRefereeId === '' || pickReferee.isPending}
            onClick={() => pickReferee.mutate(newRefereeId)}
          >
            Pick Referee
          </Button>
        </div>
      ) : null}
      {actions.includes('declare') ? (
        <div className="grid gap-2 rounded-lg border p-3">
          <PickInputs
            label="Winning outcome"
            pot={pot}
            optionId={resultOptionId}
            onOptionChange={setResultOptionId}
            number={resultNumber}
            onNumberChange={setResultNumber}
            numberLabel={resultLabel}
          />
          <Button
            disabled={result === null || declare.isPending}
            onClick={() => result && declare.mutate(result)}
          >
            Declare Result
          </Button>
        </div>
      ) : null}
      {actions.includes('vote') ? (
        <div className="grid gap-2 rounded-lg border p-3">
          <p className="text-sm text-muted-foreground">
            The result stands when more than half of the {pot.entrants.length} entrants vote for the same
            outcome.
          </p>
          <PickInputs
            label="Your vote"
            pot={pot}
            optionId={resultOptionId ?? myVote}
            onOptionChange={setResultOptionId}
            number=""
            onNumberChange={() => undefined}
            numberLabel={null}
          />
          <ul className="grid gap-1 text-sm">
            {pot.options.map((option) => (
              <li key={option.id} className="flex justify-between">
                <span>{option.label}</span>
                <span className="text-muted-foreground tabular-nums">
                  {pot.votes.filter((v) => v.optionId === option.id).length} votes
                </span>
              </li>
            ))}
          </ul>
          <Button
            disabled={(resultOptionId ?? myVote) === null || vote.isPending}
            onClick={() => {
              const choice = resultOptionId ?? myVote;
              if (choice !== null) vote.mutate(choice);
            }}
          >
            Vote
          </Button>
        </div>
      ) : null}
      {actions.includes('dispute') ? (
        <div className="grid gap-2 rounded-lg border p-3">
          <TextField
            label="Reason (optional)"
            value={disputeReason}
            maxLength={280}
            onChange={(event) => setDisputeReason(event.target.value)}
          />
          <Button
            variant="outline"
            disabled={dispute.isPending}
            onClick={() => dispute.mutate(disputeReason.trim() === '' ? null : disputeReason)}
          >
            Dispute
          </Button>
        </div>
      ) : null}
      {pot.status === 'disputed' ? (
        <section aria-label="Dispute" className="grid gap-2 rounded-lg border p-3">
          <p className="text-sm">
            {disputer ?? 'An entrant'} disputed the result
            {pot.disputeReason ? `: ${pot.disputeReason.replace(/[.!?]$/, '')}.` : '.'} Payments are on hold
            until more than half of the {pot.entrants.length} entrants agree.
          </p>
          <p className="text-sm text-muted-foreground tabular-nums">
            Keep Result: {keepVotes} · Overturn: {overturnVotes}
          </p>
          {actions.includes('disputeVote') ? (
            <div className="flex gap-2">
              <Button
                variant={myDisputeVote === false ? 'default' : 'outline'}
                aria-pressed={myDisputeVote === false}
                grow
                disabled={disputeVote.isPending}
                onClick={() => disputeVote.mutate(false)}
              >
                Keep Result
              </Button>
              <Button
                variant={myDisputeVote === true ? 'default' : 'outline'}
                aria-pressed={myDisputeVote === true}
                grow
                disabled={disputeVote.isPending}
                onClick={() => disputeVote.mutate(true)}
              >
                Overturn
              </Button>
            </div>
          ) : null}
        </section>
      ) : null}
      {actions.includes('close') || actions.includes('cancel') ? (
        <div className="flex gap-2">
          {actions.includes('close') ? (
            <Button variant="outline" grow disabled={close.isPending} onClick={() => close.mutate()}>
              Close Entries
            </Button>
          ) : null}
          {actions.includes('cancel') ? (
            <Button variant="outline" grow onClick={() => setIsCancelOpen(true)}>
              Cancel Pot
            </Button>
          ) : null}
        </div>
      ) : null}

      {pot.payments.length > 0 ? (
        <section aria-label="Payments" className="grid gap-2">
          <h3 className="text-sm font-semibold">Payments</h3>
          <ul className="grid gap-2">
            {pot.payments.map((payment) => {
              const isPayer = payment.payer.id === viewerId;
              const isPayee = payment.payee.id === viewerId;
              return (
                <li key={payment.id} className="grid gap-2 rounded-md border px-3 py-2 text-sm">
                  <div className="flex justify-between gap-2">
                    <span>{potPaymentLine(payment.payer.name, payment.payee.name, payment.amount)}</span>
                    <span className="text-muted-foreground">
                      {payment.confirmed ? 'Confirmed' : payment.sent ? 'Paid' : 'Unpaid'}
                    </span>
                  </div>
                  {isPayer && !payment.sent && pot.status === 'decided' ? (
                    <div className="flex flex-wrap gap-2">
                      <PayButtons
                        // Only the payer gets the payee's apps; the Venmo handle is on every person.
                        payee={
                          payment.payTo ?? {
                            venmoHandle: payment.payee.venmoHandle,
                            cashtag: null,
                            paypalMe: null,
                          }
                        }
                        amount={payment.amount}
                        note={potPaymentNote(pot.question)}
                        grow
                      />
                      <Button
                        size="sm"
                        variant="outline"
                        grow
                        disabled={markPaid.isPending}
                        onClick={() => markPaid.mutate(payment.id)}
                      >
                        Mark Paid
                      </Button>
                    </div>
                  ) : null}
                  {isPayee &&
                  payment.sent &&
                  !payment.confirmed &&
                  !payment.settled &&
                  pot.status === 'decided' ? (
                    <Button
                      size="sm"
                      disabled={confirmPayment.isPending}
                      onClick={() => confirmPayment.mutate(payment.id)}
                    >
                      Confirm Payment Received
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {isAllPaid(pot) ? <p className="font-medium">All paid</p> : null}
        </section>
      ) : null}

      <ConfirmDialog
        open={isCancelOpen}
        onOpenChange={setIsCancelOpen}
        title="Cancel this pot?"
        description="Everyone in it is told, and no one owes anything."
        confirmLabel="Cancel Pot"
        cancelLabel="Keep Pot"
        isBusy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
      />
    </article>
  );
}
