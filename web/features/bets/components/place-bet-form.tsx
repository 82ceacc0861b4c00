import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState, type SyntheticEvent } from 'react';
import { toast } from '#web/lib/toast.ts';
import type { UserSummary } from '#domain/profiles.ts';
import {
  BET_DESCRIPTION_MAX,
  betMessages,
  checkBetAmount,
  checkBetDescription,
  checkPlaceBet,
  localToday,
  type PlaceBetFields,
} from '#domain/bet-rules.ts';
import type { Bet } from '#domain/bets.ts';
import type { CreateChallengeInput, MyChallenge } from '#domain/challenges.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Tabs, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { TextField, FieldError } from '#web/components/ui/text-field.tsx';
import { ApiError, apiErrorMessage } from '#web/lib/api-error.ts';
import { useCreateBet } from '../api/create-bet.ts';
import { AmountPicker, type AmountChoice } from '#web/components/amount-picker.tsx';
import { FriendPicker } from './friend-picker.tsx';
import { RefereeField } from './referee-field.tsx';
import { OddsFields, OddsTabs, parseStake, type OddsDraft } from './stakes-fields.tsx';
import { NoFriendsHint } from './no-friends-hint.tsx';
import { useRenderToday } from '#web/lib/render-clock.ts';
import { saveBetDraft, type BetDraft, type OpponentMode } from '../utils/bet-draft.ts';
import { betErrorTitle } from '#web/lib/bet-toasts.ts';

/** The form's toasts (lib/toast.ts): placing the bet clears its earlier errors. */
const FORM = 'place-bet';

type PlaceBetFormProps = {
  /** My friends; undefined while they load. */
  friends: UserSummary[] | undefined;
  friendId: string | null;
  onFriendChange: (friendId: string) => void;
  onPlaced: (bet: Bet) => void;
  /** A challenge link was made instead. */
  onChallengeCreated: (challenge: MyChallenge) => void;
  /** The challenges feature's mutation, composed by the route (features do not import each other). */
  createChallenge: Pick<UseMutationResult<MyChallenge, Error, CreateChallengeInput>, 'mutate' | 'isPending'>;
  /** Where friends are found, for the hint shown to a user who has none. */
  friendsPath: string;
  /** What the form starts with: the draft left earlier in this tab's session. */
  initialDraft: BetDraft;
  /** Where the draft is kept while typing (utils/bet-draft.ts); null keeps none. */
  draftKey: string | null;
  /** The third mode, 'Start a Pot': the screen swaps this form for the pot form. */
  onStartPot?: () => void;
};

type Failure = { field: keyof PlaceBetFields; message: string };

/**
 * Describe the bet, pick a friend and a wager. Plain state rather than a form
 * library: two of the three fields are custom widgets, and the spec's checks
 * (checkPlaceBet, shared with the server) already say which one fails first.
 */
export function PlaceBetForm({
  friends,
  friendId,
  onFriendChange,
  onPlaced,
  onChallengeCreated,
  createChallenge,
  friendsPath,
  initialDraft,
  draftKey,
  onStartPot,
}: PlaceBetFormProps) {
  const today = useRenderToday();
  const errorIdBase = useId();
  // The tabs switch what follows them (picker or link note), not a Radix panel: point them at that.
  const modePanelId = useId();
  const descriptionRef = useRef<HTMLInputElement>(null);
  const friendRef = useRef<HTMLDivElement>(null);
  const amountRef = useRef<HTMLButtonElement>(null);
  const resolveByRef = useRef<HTMLInputElement>(null);
  const stakesPanelId = useId();
  const mineRef = useRef<HTMLInputElement>(null);
  const theirsRef = useRef<HTMLInputElement>(null);
  // 'Give Odds' (ADR 062): what each side risks, instead of one amount.
  const [isOdds, setIsOdds] = useState(false);
  const [odds, setOdds] = useState<OddsDraft>({ mine: '', theirs: '' });
  const [description, setDescription] = useState(initialDraft.description);
  const [resolveBy, setResolveBy] = useState(initialDraft.resolveBy);
  const [amount, setAmount] = useState<AmountChoice>(initialDraft.amount);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [refereeId, setRefereeId] = useState('');
  // Without friends the form is still the one people learn (spec), with a hint and 'Place Bet' off;
  // a challenge link stays one tab away.
  const hasNoFriends = friends?.length === 0;
  const [mode, setMode] = useState<OpponentMode>(initialDraft.mode);
  // A friend passed in navigation state who is not (or no longer) my friend leaves the picker empty.
  const opponentId = friends?.some((friend) => friend.id === friendId) ? friendId : null;
  // Placed: the draft is gone, and must not be written back while the screen is leaving.
  const isPlaced = useRef(false);

  // The server renders this form (ADR 067): what was typed into it before the app ran stays in the fields
  // (hydration keeps it), and the form takes it as typed, or its next render would clear it.
  useLayoutEffect(() => {
    const typed = descriptionRef.current?.value;
    if (typed && typed !== description) setDescription(typed);
    const date = resolveByRef.current?.value;
    if (date && date !== resolveBy) setResolveBy(date);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the form mounts
  }, []);

  useEffect(() => {
    if (draftKey === null || isPlaced.current) return;
    saveBetDraft(draftKey, { description, friendId, amount, resolveBy, mode });
  }, [draftKey, description, friendId, amount, resolveBy, mode]);

  const createBet = useCreateBet({
    onSuccess: (bet) => {
      isPlaced.current = true;
      if (draftKey !== null)
        saveBetDraft(draftKey, {
          description: '',
          friendId: null,
          amount: null,
          resolveBy: '',
          mode: 'friend',
        });
      toast.success('Bet Placed!', {
        description: `Your bet with ${bet.opponent.name} has been placed.`,
        form: FORM,
      });
      onPlaced(bet);
    },
    // Everything typed stays in place for another try. A 401 means the session ended (expired, or
    // signed out in another tab): the route guard goes to /login, and after signing in the draft is
    // back on this form.
    onError: (error) =>
      error instanceof ApiError && error.status === 401
        ? toast.error(betMessages.authRequired.title, {
            description: betMessages.authRequired.message,
            form: FORM,
          })
        : toast.error(betErrorTitle(error, 'Error'), {
            description: apiErrorMessage(error, 'Failed to place bet. Please try again.'),
            form: FORM,
          }),
  });

  const challengeCallbacks = {
    onSuccess: (challenge: MyChallenge) => {
      // Done: the next bet starts from a clean form (and an empty draft).
      setDescription('');
      setAmount(null);
      setMode('friend');
      onChallengeCreated(challenge);
    },
    onError: (error: Error) =>
      toast.error(betErrorTitle(error, 'Error'), {
        description: apiErrorMessage(error, 'Failed to create the challenge link. Please try again.'),
        form: FORM,
      }),
  };

  const errorFor = (field: keyof PlaceBetFields) => (failure?.field === field ? failure.message : undefined);
  const errorIdFor = (field: keyof PlaceBetFields) =>
    failure?.field === field ? `${errorIdBase}-${field}` : undefined;
  const clearFailure = (field: keyof PlaceBetFields) => {
    if (failure?.field === field) setFailure(null);
  };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const withOdds = isOdds && mode === 'friend';
    const fields: PlaceBetFields = {
      description,
      opponentId,
      amount: withOdds ? parseStake(odds.mine) : (amount?.amount ?? null),
      // An empty 'They risk' is no amount at all, not an even bet.
      opponentStake: withOdds ? (parseStake(odds.theirs) ?? Number.NaN) : null,
      resolveBy: resolveBy || null,
    };
    const failed =
      mode === 'link'
        ? (checkBetDescription(fields.description) ?? checkBetAmount(fields.amount))
        : checkPlaceBet(fields, localToday());
    if (failed) {
      toast.error(failed.title, { description: failed.message, form: FORM });
      setFailure({ field: failed.field, message: failed.message });
      if (failed.field === 'description') descriptionRef.current?.focus();
      else if (failed.field === 'opponentId') friendRef.current?.querySelector('button')?.focus();
      else if (failed.field === 'resolveBy') resolveByRef.current?.focus();
      else if (failed.field === 'opponentStake') theirsRef.current?.focus();
      else if (withOdds) mineRef.current?.focus();
      else amountRef.current?.focus();
      return;
    }
    setFailure(null);
    if (mode === 'link') {
      createChallenge.mutate(
        { description: description.trim(), amount: amount?.amount ?? 0 },
        challengeCallbacks,
      );
      return;
    }
    createBet.mutate({
      description: description.trim(),
      opponentId: opponentId ?? '',
      amount: fields.amount ?? 0,
      opponentStake: fields.opponentStake ?? fields.amount ?? 0,
      resolveBy: resolveBy || null,
      refereeId: refereeId || null,
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <TextField
        ref={descriptionRef}
        label="What's the bet?"
        placeholder="e.g. Lakers beat the Celtics tonight"
        autoComplete="off"
        maxLength={BET_DESCRIPTION_MAX}
        value={description}
        error={errorFor('description')}
        onChange={(event) => {
          setDescription(event.target.value);
          clearFailure('description');
        }}
      />
      <div ref={friendRef} className="grid gap-2">
        <Tabs
          value={mode}
          onValueChange={(value) => {
            if (value === 'pot') {
              onStartPot?.();
              return;
            }
            setMode(value === 'link' ? 'link' : 'friend');
            clearFailure('opponentId');
          }}
        >
          <TabsList aria-label="Who to bet with">
            <TabsTrigger value="friend" aria-controls={modePanelId}>
              Pick a Friend
            </TabsTrigger>
            <TabsTrigger value="link" aria-controls={modePanelId}>
              Challenge by Link
            </TabsTrigger>
            {onStartPot ? (
              <TabsTrigger value="pot" aria-controls={modePanelId}>
                Start a Pot
              </TabsTrigger>
            ) : null}
          </TabsList>
        </Tabs>
        <div id={modePanelId} className="grid gap-2">
          {mode === 'friend' && hasNoFriends ? <NoFriendsHint friendsPath={friendsPath} /> : null}
          {mode === 'friend' ? (
            <FriendPicker
              friends={friends}
              value={opponentId}
              invalid={failure?.field === 'opponentId'}
              onChange={(id) => {
                onFriendChange(id);
                setRefereeId('');
                clearFailure('opponentId');
              }}
            />
          ) : (
            <p className="rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground">
              Challenge by Link: get a link anyone can take, even someone not on Sidepot yet. It stays open
              for 7 days.
            </p>
          )}
        </div>
        <FieldError id={errorIdFor('opponentId')} message={errorFor('opponentId')} />
      </div>
      <div className="grid gap-2">
        {mode === 'friend' ? (
          <OddsTabs
            isOdds={isOdds}
            controls={stakesPanelId}
            onChange={(next) => {
              setIsOdds(next);
              if (next && odds.mine === '' && amount) setOdds({ ...odds, mine: String(amount.amount) });
              setFailure(null);
            }}
          />
        ) : null}
        <div id={stakesPanelId} className="grid gap-2">
          {isOdds && mode === 'friend' ? (
            <OddsFields
              value={odds}
              mineRef={mineRef}
              theirsRef={theirsRef}
              mineError={errorFor('amount')}
              theirsError={errorFor('opponentStake')}
              onChange={(next) => {
                setOdds(next);
                clearFailure(next.mine === odds.mine ? 'opponentStake' : 'amount');
              }}
            />
          ) : (
            <>
              <AmountPicker
                value={amount}
                firstTileRef={amountRef}
                errorId={errorIdFor('amount')}
                onChange={(choice) => {
                  setAmount(choice);
                  clearFailure('amount');
                }}
              />
              <FieldError id={errorIdFor('amount')} message={errorFor('amount')} />
            </>
          )}
        </div>
      </div>
      {mode === 'friend' ? (
        <TextField
          ref={resolveByRef}
          type="date"
          label="Resolve by"
          hint="Optional. You both get a reminder the day after."
          min={today}
          value={resolveBy}
          error={errorFor('resolveBy')}
          className="w-full sm:w-56"
          onChange={(event) => {
            setResolveBy(event.target.value);
            clearFailure('resolveBy');
          }}
        />
      ) : null}
      {mode === 'friend' ? <RefereeField opponentId={opponentId} value={refereeId} onChange={setRefereeId} /> : null}
      {mode === 'link' ? (
        <Button type="submit" size="lg" className="w-full" disabled={createChallenge.isPending}>
          {createChallenge.isPending ? 'Creating Link...' : 'Create Challenge Link'}
        </Button>
      ) : (
        <Button type="submit" size="lg" className="w-full" disabled={createBet.isPending || hasNoFriends}>
          {createBet.isPending ? 'Placing Bet...' : 'Place Bet'}
        </Button>
      )}
    </form>
  );
}
