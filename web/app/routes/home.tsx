import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from '#web/lib/router/router.tsx';
import type { MyChallenge } from '#domain/challenges.ts';
import { isOnBreak } from '#domain/limit-rules.ts';
import { PageLayout } from '#web/components/layouts/page-layout.tsx';
import { useAuthSession } from '#web/features/auth/hooks/use-auth-session.ts';
import { useCreateChallenge } from '#web/features/challenges/api/create-challenge.ts';
import { PlaceBetForm } from '#web/features/bets/components/place-bet-form.tsx';
import { usePreselectedFriend } from '#web/features/bets/hooks/use-preselected-friend.ts';
import {
  betDraftKey,
  readBetDraft,
  isEmptyBetDraft,
  EMPTY_BET_DRAFT,
  type OpponentMode,
} from '#web/features/bets/utils/bet-draft.ts';
import { Tabs, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { getAllFriendsQueryOptions, useAllFriends } from '#web/features/friends/api/get-friends.ts';
import { getLimitsQueryOptions, useLimits } from '#web/features/limits/api/get-limits.ts';
import { BreakNotice } from '#web/features/limits/components/break-notice.tsx';
import { ActivityBell } from '#web/features/notifications/components/activity-bell.tsx';
import { useIsHydrating } from '#web/hooks/use-is-hydrating.ts';
import { useRenderNow } from '#web/lib/render-clock.ts';

// Only in 'Start a Pot' mode: the pot form (and my groups) stay out of the Place Bet screen's first download.
const HomePotForm = lazy(async () => {
  const module = await import('./home-pot-form.tsx');
  return { default: module.HomePotForm };
});

// Only after a link is made: the QR encoder stays out of the Place Bet screen's first download (budget).
const ChallengeLinkDialog = lazy(async () => {
  const module = await import('#web/features/challenges/components/challenge-link-dialog.tsx');
  return { default: module.ChallengeLinkDialog };
});

/** The friend picker's list and the loss limits: the server renders the screen with them (ADR 067). */
export const firstReads = (client: QueryClient) => [
  client.query(getAllFriendsQueryOptions()),
  client.query(getLimitsQueryOptions()),
];

export function Component() {
  const navigate = useNavigate();
  const friends = useAllFriends();
  // RequireAuth renders this screen only with a user.
  const userId = useAuthSession().user?.id ?? null;
  const draftKey = userId === null ? null : betDraftKey(userId);
  // Read once: the form owns the draft from here and writes it back as it changes. Rendered on the server
  // (ADR 067), the screen starts from the empty form the server drew, and the tab's draft (sessionStorage,
  // which the server cannot read) comes in once hydrated; it is read as the screen mounts all the same, as
  // the form's first effect writes its own (empty) state back.
  const isHydrating = useIsHydrating();
  const [storedDraft] = useState(() => (draftKey === null ? EMPTY_BET_DRAFT : readBetDraft(draftKey)));
  const [initialDraft, setInitialDraft] = useState(isHydrating ? EMPTY_BET_DRAFT : storedDraft);
  const [isDraftRead, setIsDraftRead] = useState(!isHydrating);
  // A draft read after hydration starts the form again from it.
  const [draftVersion, setDraftVersion] = useState(0);
  // The third mode swaps the bet form for the pot form; back in a bet mode, the bet form starts from its draft.
  const [isPotMode, setIsPotMode] = useState(false);
  const potPanelId = useId();
  // Swapping the pot form in or out redraws the mode tabs: a keyboard user's focus, on the old tab, follows
  // to the selected new one instead of falling to the page.
  const modesRef = useRef<HTMLDivElement>(null);
  const refocusModeTab = useRef(false);
  const rememberModeFocus = () => {
    refocusModeTab.current = document.activeElement?.getAttribute('role') === 'tab';
  };
  useEffect(() => {
    if (!refocusModeTab.current) return;
    refocusModeTab.current = false;
    modesRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  }, [isPotMode, initialDraft]);
  const startPot = () => {
    rememberModeFocus();
    setIsPotMode(true);
  };
  const leavePotMode = (mode: OpponentMode) => {
    rememberModeFocus();
    setInitialDraft({ ...(draftKey === null ? EMPTY_BET_DRAFT : readBetDraft(draftKey)), mode });
    setIsPotMode(false);
  };
  const [friendId, setFriendId] = usePreselectedFriend(initialDraft.friendId);
  if (!isHydrating && !isDraftRead) {
    setIsDraftRead(true);
    if (!isEmptyBetDraft(storedDraft)) {
      setInitialDraft(storedDraft);
      setDraftVersion((version) => version + 1);
      if (friendId === null) setFriendId(storedDraft.friendId);
    }
  }
  // A failed list reads as empty in the picker (list failures are only logged, spec section 8); only a
  // list that loaded empty means "no friends yet".
  const friendList = friends.data?.items ?? (friends.isError ? [] : undefined);
  const [challenge, setChallenge] = useState<MyChallenge | null>(null);
  const createChallenge = useCreateChallenge();
  // A break replaces the form; the server refuses bets during it either way.
  const limits = useLimits();
  const now = useRenderNow();
  const breakUntil = limits.data && isOnBreak(limits.data.breakUntil, now) ? limits.data.breakUntil : null;

  return (
    <PageLayout title="Place a Bet" actions={<ActivityBell />}>
      {breakUntil ? (
        <BreakNotice breakUntil={breakUntil} />
      ) : isPotMode ? (
        <div ref={modesRef} className="grid gap-4">
          <p className="text-sm text-muted-foreground">One bet among friends, with several outcomes.</p>
          <Tabs
            value="pot"
            onValueChange={(value) => value !== 'pot' && leavePotMode(value === 'link' ? 'link' : 'friend')}
          >
            <TabsList aria-label="Who to bet with">
              <TabsTrigger value="friend" aria-controls={potPanelId}>
                Pick a Friend
              </TabsTrigger>
              <TabsTrigger value="link" aria-controls={potPanelId}>
                Challenge by Link
              </TabsTrigger>
              <TabsTrigger value="pot" aria-controls={potPanelId}>
                Start a Pot
              </TabsTrigger>
            </TabsList>
          </Tabs>
          <div id={potPanelId}>
            <Suspense fallback={null}>
              <HomePotForm
                friends={friendList}
                viewerId={userId}
                onCreated={(pot) => navigate(`/pots/${pot.id}`)}
              />
            </Suspense>
          </div>
        </div>
      ) : (
        <div ref={modesRef} className="grid gap-4">
          <p className="text-sm text-muted-foreground">Challenge a friend to a friendly wager.</p>
          <PlaceBetForm
            key={`${initialDraft.mode}:${String(draftVersion)}`}
            onStartPot={startPot}
            friends={friendList}
            friendId={friendId}
            onFriendChange={setFriendId}
            onPlaced={() => navigate('/feed')}
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
