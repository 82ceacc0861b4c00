import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { toast } from 'sonner';
import type { UserSummary } from '../../../../domain/profiles.ts';
import {
  BET_DESCRIPTION_MAX,
  checkBetAmount,
  checkBetDescription,
  checkPlaceBet,
  type Bet,
  type PlaceBetFields,
} from '../../../../domain/bets.ts';
import type { MyChallenge } from '../../../../domain/challenges.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { TextField, FieldError } from '../../../components/ui/text-field.tsx';
import { apiErrorMessage } from '../../../lib/api-error.ts';
import { useCreateBet } from '../api/create-bet.ts';
import { useCreateChallenge } from '../api/create-challenge.ts';
import { AmountPicker, type AmountChoice } from './amount-picker.tsx';
import { FriendPicker } from './friend-picker.tsx';

type PlaceBetFormProps = {
  /** My friends; undefined while they load. */
  friends: UserSummary[] | undefined;
  friendId: string | null;
  onFriendChange: (friendId: string) => void;
  onPlaced: (bet: Bet) => void;
  /** A challenge link was made instead (issue 10, section 3). */
  onChallengeCreated: (challenge: MyChallenge) => void;
};

/** Who the bet is with: a friend, or whoever takes its link. */
type OpponentMode = 'friend' | 'link';

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
}: PlaceBetFormProps) {
  const errorIdBase = useId();
  const descriptionRef = useRef<HTMLInputElement>(null);
  const friendRef = useRef<HTMLDivElement>(null);
  const amountRef = useRef<HTMLButtonElement>(null);
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState<AmountChoice>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  // Without friends, a link is the only way to bet.
  const hasNoFriends = friends?.length === 0;
  const [chosenMode, setMode] = useState<OpponentMode>('friend');
  const mode: OpponentMode = hasNoFriends ? 'link' : chosenMode;
  // A friend passed in navigation state who is not (or no longer) my friend leaves the picker empty.
  const opponentId = friends?.some((friend) => friend.id === friendId) ? friendId : null;

  const createBet = useCreateBet({
    onSuccess: (bet) => {
      toast.success('Bet Placed!', { description: `Your bet with ${bet.opponent.name} has been placed.` });
      onPlaced(bet);
    },
    // Everything typed stays in place for another try.
    onError: (error) =>
      toast.error('Error', { description: apiErrorMessage(error, 'Failed to place bet. Please try again.') }),
  });

  const createChallenge = useCreateChallenge({
    onSuccess: (challenge) => {
      setDescription('');
      setAmount(null);
      onChallengeCreated(challenge);
    },
    onError: (error) =>
      toast.error('Error', {
        description: apiErrorMessage(error, 'Failed to create the challenge link. Please try again.'),
      }),
  });

  const errorFor = (field: keyof PlaceBetFields) => (failure?.field === field ? failure.message : undefined);
  const errorIdFor = (field: keyof PlaceBetFields) =>
    failure?.field === field ? `${errorIdBase}-${field}` : undefined;
  const clearFailure = (field: keyof PlaceBetFields) => {
    if (failure?.field === field) setFailure(null);
  };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields: PlaceBetFields = { description, opponentId, amount: amount?.amount ?? null };
    const failed =
      mode === 'link'
        ? (checkBetDescription(fields.description) ?? checkBetAmount(fields.amount))
        : checkPlaceBet(fields);
    if (failed) {
      toast.error(failed.title, { description: failed.message });
      setFailure({ field: failed.field, message: failed.message });
      if (failed.field === 'description') descriptionRef.current?.focus();
      else if (failed.field === 'opponentId') friendRef.current?.querySelector('button')?.focus();
      else amountRef.current?.focus();
      return;
    }
    setFailure(null);
    if (mode === 'link') {
      createChallenge.mutate({ description: description.trim(), amount: amount?.amount ?? 0 });
      return;
    }
    createBet.mutate({
      description: description.trim(),
      opponentId: opponentId ?? '',
      amount: amount?.amount ?? 0,
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
        {hasNoFriends ? null : (
          <Tabs
            value={mode}
            onValueChange={(value) => {
              setMode(value === 'link' ? 'link' : 'friend');
              clearFailure('opponentId');
            }}
          >
            <TabsList aria-label="Who to bet with">
              <TabsTrigger value="friend">Pick a Friend</TabsTrigger>
              <TabsTrigger value="link">Challenge by Link</TabsTrigger>
            </TabsList>
          </Tabs>
        )}
        {mode === 'friend' ? (
          <FriendPicker
            friends={friends}
            value={opponentId}
            invalid={failure?.field === 'opponentId'}
            onChange={(id) => {
              onFriendChange(id);
              clearFailure('opponentId');
            }}
          />
        ) : (
          <p className="rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground">
            Challenge by Link: get a link anyone can take, even someone not on Sidepot yet. It stays open for
            7 days.
          </p>
        )}
        <FieldError id={errorIdFor('opponentId')} message={errorFor('opponentId')} />
      </div>
      <div className="grid gap-2">
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
      </div>
      {mode === 'link' ? (
        <Button type="submit" size="lg" className="w-full" disabled={createChallenge.isPending}>
          {createChallenge.isPending ? 'Creating Link...' : 'Create Challenge Link'}
        </Button>
      ) : (
        <Button type="submit" size="lg" className="w-full" disabled={createBet.isPending}>
          {createBet.isPending ? 'Placing Bet...' : 'Place Bet'}
        </Button>
      )}
    </form>
  );
}
