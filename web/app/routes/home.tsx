import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import type { MyChallenge } from '../../../domain/challenges.ts';
import { isOnBreak } from '../../../domain/limit-rules.ts';
import { PageLayout } from '../../components/layouts/page-layout.tsx';
import { useAuthSession } from '../../features/auth/hooks/use-auth-session.ts';
import { useCreateChallenge } from '../../features/challenges/api/create-challenge.ts';
import { PlaceBetForm } from '../../features/bets/components/place-bet-form.tsx';
import { usePreselectedFriend } from '../../features/bets/hooks/use-preselected-friend.ts';
import { betDraftKey, readBetDraft, EMPTY_BET_DRAFT } from '../../features/bets/utils/bet-draft.ts';
import { useAllFriends } from '../../features/friends/api/get-friends.ts';
import { useLimits } from '../../features/limits/api/get-limits.ts';
import { BreakNotice } from '../../features/limits/components/break-notice.tsx';
import { ActivityBell } from '../../features/notifications/components/activity-bell.tsx';

// Only after a link is made: the QR encoder stays out of the Place Bet screen's first download (budget).
const ChallengeLinkDialog = lazy(async () => {
  const module = await import('../../features/challenges/components/challenge-link-dialog.tsx');
  return { default: module.ChallengeLinkDialog };
});

export function Component() {
  const navigate = useNavigate();
  const friends = useAllFriends();
  // RequireAuth renders this screen only with a user.
  const userId = useAuthSession().user?.id ?? null;
  const draftKey = userId === null ? null : betDraftKey(userId);
  // Read once: the form owns the draft from here and writes it back as it changes.
  const [initialDraft] = useState(() => (draftKey === null ? EMPTY_BET_DRAFT : readBetDraft(draftKey)));
  const [friendId, setFriendId] = usePreselectedFriend(initialDraft.friendId);
  // A failed list reads as empty in the picker (list failures are only logged, spec section 8); only a
  // list that loaded empty means "no friends yet".
  const friendList = friends.data?.items ?? (friends.isError ? [] : undefined);
  const [challenge, setChallenge] = useState<MyChallenge | null>(null);
  const createChallenge = useCreateChallenge();
  // A break replaces the form; the server refuses bets during it either way.
  const limits = useLimits();
  const breakUntil = limits.data && isOnBreak(limits.data.breakUntil) ? limits.data.breakUntil : null;

  return (
    <PageLayout title="Place a Bet" actions={<ActivityBell />}>
      {breakUntil ? (
        <BreakNotice breakUntil={breakUntil} />
      ) : (
        <div className="grid gap-4">
          <p className="text-sm text-muted-foreground">Challenge a friend to a friendly wager.</p>
          <PlaceBetForm
            friends={friendList}
            friendId={friendId}
            onFriendChange={setFriendId}
            onPlaced={() => void navigate('/feed')}
            onChallengeCreated={setChallenge}
            createChallenge={createChallenge}
            friendsPath="/profile"
            initialDraft={initialDraft}
            draftKey={draftKey}
          />
        </div>
      )}
      {challenge ? (
        <Suspense fallback={null}>
          <ChallengeLinkDialog challenge={challenge} onClose={() => setChallenge(null)} />
        </Suspense>
      ) : null}
    </PageLayout>
  );
}
