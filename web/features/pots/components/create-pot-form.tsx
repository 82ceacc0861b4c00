import { useId, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { localToday } from '#domain/bet-rules.ts';
import {
  checkCreatePot,
  overUnderLabels,
  POT_OPTION_MAX,
  POT_OPTIONS_MAX,
  POT_QUESTION_MAX,
  potDeciderLabels,
  potKindLabels,
  potMessages,
  type CreatePotFields,
  type PotDecider,
  type PotKind,
} from '#domain/pot-rules.ts';
import type { UserSummary } from '#domain/profiles.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { ChoiceGroup } from '#web/components/ui/choice-group.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { FieldError, TextField } from '#web/components/ui/text-field.tsx';
import { apiErrorMessage } from '#web/lib/api-error.ts';
import { toast } from '#web/lib/toast.ts';
import { AmountPicker, type AmountChoice } from '#web/components/amount-picker.tsx';
import { useCreatePot, type PotData } from '../api/pots.ts';
import { FriendsPicker } from '#web/components/friends-picker.tsx';

const FORM = 'create-pot';

type Failure = { field: keyof CreatePotFields; message: string };

type CreatePotFormProps = {
  friends: UserSummary[] | undefined;
  onCreated: (pot: PotData) => void;
  /** Started from a group's page: every other member is invited (the referee aside), and no picker. */
  group?: { id: string; name: string; memberIds: string[] } | undefined;
  /** On Place Bet: the choice of one of my groups instead of friends, shown above who is invited. */
  inviteChoice?: ReactNode;
};

/** 'Start a Pot': one bet among friends with several outcomes (the Place Bet screen's third mode). */
export function CreatePotForm({ friends, onCreated, group, inviteChoice }: CreatePotFormProps) {
  const errorIdBase = useId();
  const questionRef = useRef<HTMLInputElement>(null);
  const [question, setQuestion] = useState('');
  const [kind, setKind] = useState<PotKind>('choices');
  const [options, setOptions] = useState<string[]>(['', '']);
  const [line, setLine] = useState('');
  const [stake, setStake] = useState<AmountChoice>(null);
  const [closesAt, setClosesAt] = useState('');
  const [resolveBy, setResolveBy] = useState('');
  const [decider, setDecider] = useState<PotDecider>('me');
  const [refereeId, setRefereeId] = useState('');
  const [invitees, setInvitees] = useState<string[]>([]);
  const [notEntering, setNotEntering] = useState(false);
  const [pick, setPick] = useState<number | null>(null);
  const [guess, setGuess] = useState('');
  const [failure, setFailure] = useState<Failure | null>(null);

  const createPot = useCreatePot({
    onSuccess: (pot) => {
      toast.success(potMessages.created.title, { description: potMessages.created.message, form: FORM });
      onCreated(pot);
    },
    onError: (error) =>
      toast.error('Error', {
        description: apiErrorMessage(error, 'Failed to create the pot. Please try again.'),
        form: FORM,
      }),
  });

  const lineNumber = line.trim() === '' ? null : Number(line);
  const outcomeLabels =
    kind === 'choices'
      ? options.map((option) => option.trim()).filter((option) => option !== '')
      : kind === 'over_under' && lineNumber !== null && Number.isFinite(lineNumber)
        ? overUnderLabels(lineNumber)
        : [];
  const errorFor = (field: keyof CreatePotFields) => (failure?.field === field ? failure.message : undefined);
  const errorIdFor = (field: keyof CreatePotFields) =>
    failure?.field === field ? `${errorIdBase}-${field}` : undefined;
  // A field's error goes once that field is changed.
  const clear = (field: keyof CreatePotFields) => {
    if (failure?.field === field) setFailure(null);
  };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const entry = notEntering
      ? null
      : kind === 'closest'
        ? { guess: guess.trim() === '' ? Number.NaN : Number(guess) }
        : { optionIndex: pick ?? -1 };
    const fields: CreatePotFields = {
      question,
      kind,
      options: kind === 'choices' ? options : [],
      line:
        kind === 'over_under' ? (lineNumber === null || Number.isNaN(lineNumber) ? null : lineNumber) : null,
      stake: stake?.amount ?? null,
      closesAt: closesAt === '' ? null : new Date(closesAt).toISOString(),
      resolveBy: resolveBy || null,
      decider,
      refereeId: decider === 'referee' ? refereeId || null : null,
      inviteeIds: group ? group.memberIds.filter((id) => id !== refereeId) : invitees,
      entry,
      ...(group ? { groupId: group.id } : {}),
    };
    const failed = checkCreatePot(fields);
    if (failed) {
      toast.error(failed.title, { description: failed.message, form: FORM });
      setFailure({ field: failed.field, message: failed.message });
      if (failed.field === 'question') questionRef.current?.focus();
      return;
    }
    setFailure(null);
    createPot.mutate(fields);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <TextField
        ref={questionRef}
        label="Question"
        placeholder="e.g. Who wins the Super Bowl?"
        autoComplete="off"
        maxLength={POT_QUESTION_MAX}
        value={question}
        error={errorFor('question')}
        onChange={(event) => {
          setQuestion(event.target.value);
          clear('question');
        }}
      />
      <ChoiceGroup
        label="Outcomes"
        options={(['choices', 'over_under', 'closest'] as const).map((value) => ({
          value,
          label: potKindLabels[value],
        }))}
        value={kind}
        onChange={(value) => {
          setKind(value);
          setPick(null);
          if (value !== 'choices' && decider === 'vote') setDecider('me');
        }}
      />
      {kind === 'choices' ? (
        <div className="grid gap-2">
          {options.map((option, index) => (
            <div key={index} className="flex gap-2">
              <Label htmlFor={`${errorIdBase}-option-${index}`} className="sr-only font-medium">
                {`Choice ${index + 1}`}
              </Label>
              <Input
                id={`${errorIdBase}-option-${index}`}
                placeholder={`Choice ${index + 1}`}
                autoComplete="off"
                maxLength={POT_OPTION_MAX}
                aria-invalid={failure?.field === 'options' ? true : undefined}
                aria-describedby={errorIdFor('options')}
                value={option}
                onChange={(event) => {
                  setOptions(options.map((other, i) => (i === index ? event.target.value : other)));
                  clear('options');
                }}
              />
              {options.length > 2 ? (
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => setOptions(options.filter((_, i) => i !== index))}
                >
                  Remove
                </Button>
              ) : null}
            </div>
          ))}
          {options.length < POT_OPTIONS_MAX ? (
            <Button type="button" variant="outline" onClick={() => setOptions([...options, ''])}>
              Add Choice
            </Button>
          ) : null}
          <FieldError id={errorIdFor('options')} message={errorFor('options')} />
        </div>
      ) : null}
      {kind === 'over_under' ? (
        <TextField
          label="Line"
          inputMode="decimal"
          placeholder="e.g. 45.5"
          value={line}
          error={errorFor('line')}
          onChange={(event) => {
            setLine(event.target.value);
            clear('line');
          }}
        />
      ) : null}
      <div className="grid gap-2">
        <AmountPicker
          label="Stake per person"
          value={stake}
          errorId={errorIdFor('stake')}
          onChange={(choice) => {
            setStake(choice);
            clear('stake');
          }}
        />
        <FieldError id={errorIdFor('stake')} message={errorFor('stake')} />
      </div>
      <TextField
        type="datetime-local"
        label="Entries close"
        hint="Optional. Without it, entries close when the result is declared."
        value={closesAt}
        error={errorFor('closesAt')}
        onChange={(event) => {
          setClosesAt(event.target.value);
          clear('closesAt');
        }}
      />
      <TextField
        type="date"
        label="Resolve by"
        hint="Optional."
        min={localToday()}
        value={resolveBy}
        error={errorFor('resolveBy')}
        className="w-full sm:w-56"
        onChange={(event) => {
          setResolveBy(event.target.value);
          clear('resolveBy');
        }}
      />
      <ChoiceGroup
        label="Decided by"
        options={(kind === 'choices'
          ? (['me', 'referee', 'vote'] as const)
          : (['me', 'referee'] as const)
        ).map((value) => ({
          value,
          label: potDeciderLabels[value],
        }))}
        value={decider}
        onChange={setDecider}
      />
      {decider === 'referee' ? (
        <div className="grid gap-2">
          <Label htmlFor={`${errorIdBase}-referee`}>Referee</Label>
          <select
            id={`${errorIdBase}-referee`}
            className="h-10 rounded-md border bg-card px-3 text-sm"
            aria-invalid={failure?.field === 'refereeId' ? true : undefined}
            aria-describedby={errorIdFor('refereeId')}
            value={refereeId}
            onChange={(event) => {
              setRefereeId(event.target.value);
              clear('refereeId');
              setInvitees(invitees.filter((id) => id !== event.target.value));
            }}
          >
            <option value="">Choose a friend</option>
            {(friends ?? []).map((friend) => (
              <option key={friend.id} value={friend.id}>
                {friend.name}
              </option>
            ))}
          </select>
          <FieldError id={errorIdFor('refereeId')} message={errorFor('refereeId')} />
        </div>
      ) : null}
      <div className="grid gap-2">
        {inviteChoice}
        {group ? (
          <p className="text-sm">{`Every member of ${group.name} is invited.`}</p>
        ) : (
          <FriendsPicker
            friends={friends}
            value={invitees}
            onChange={(ids) => {
              setInvitees(ids);
              clear('inviteeIds');
            }}
            excludedId={decider === 'referee' ? refereeId : null}
            errorId={errorIdFor('inviteeIds')}
          />
        )}
        <FieldError id={errorIdFor('inviteeIds')} message={errorFor('inviteeIds')} />
      </div>
      <div className="grid gap-3 rounded-lg border p-3">
        {!notEntering && kind !== 'closest' ? (
          <ChoiceGroup
            label="Your pick"
            options={outcomeLabels.map((label, index) => ({ value: String(index), label }))}
            value={pick === null ? null : String(pick)}
            onChange={(value) => {
              setPick(Number(value));
              clear('entry');
            }}
          />
        ) : null}
        {!notEntering && kind === 'closest' ? (
          <TextField
            label="Your guess"
            inputMode="decimal"
            value={guess}
            onChange={(event) => {
              setGuess(event.target.value);
              clear('entry');
            }}
          />
        ) : null}
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${errorIdBase}-not-entering`}
            checked={notEntering}
            onCheckedChange={(checked) => setNotEntering(checked)}
          />
          <Label htmlFor={`${errorIdBase}-not-entering`} className="font-normal">
            I'm not entering
          </Label>
        </div>
        <FieldError id={errorIdFor('entry')} message={errorFor('entry')} />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={createPot.isPending}>
        {createPot.isPending ? 'Creating Pot...' : 'Create Pot'}
      </Button>
    </form>
  );
}
