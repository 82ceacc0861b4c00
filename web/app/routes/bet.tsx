import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useNavigate, useParams } from '#web/lib/router/router.tsx';
import { NotFound } from '#web/components/errors/not-found.tsx';
import { BackLink } from '#web/components/layouts/back-link.tsx';
import { PageLayout } from '#web/components/layouts/page-layout.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuthSession } from '#web/features/auth/hooks/use-auth-session.ts';
import { useBet } from '#web/features/bets/api/get-bet.ts';
import { BetActions } from '../composed/bet-actions.tsx';
import { BetHistory } from '#web/features/bets/components/bet-history.tsx';
import { BetCounters } from '#web/features/bets/components/bet-counters.tsx';
import { BetFlags } from '#web/features/bets/components/bet-status-badge.tsx';
import { BetNote } from '#web/features/bets/components/bet-note.tsx';
import { RefereeActions } from '#web/features/bets/components/referee-actions.tsx';
import { ProofPhotos } from '#web/components/proof-photos.tsx';
import { PLACE_BET_PATH, placeBetState } from '#web/features/bets/utils/place-bet-navigation.ts';
import { CommentForm } from '#web/features/comments/components/comment-form.tsx';
import { CommentList } from '#web/features/comments/components/comment-list.tsx';
import { BetCard } from '#web/features/feed/components/bet-card.tsx';
import { countNewFeedComment } from '#web/features/feed/utils/feed-cache.ts';
import { UserProfileDialog } from '../composed/user-profile-dialog.tsx';
import { ActivityBell } from '#web/features/notifications/components/activity-bell.tsx';
import { ApiError } from '#web/lib/api-error.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { LoadError } from '#web/components/errors/load-error.tsx';

/**
 * /bets/:id, the product's deep link: the bet's feed card and everything the viewer may do with it now,
 * its history, and its comments with the box to add one.
 */
export function Component() {
  const { id } = useParams<'/bets/:id'>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuthSession();
  const bet = useBet(id);
  const [selectedUserId, setSelectedUserId] = useState<string | null>(null);
  const commentInput = useRef<HTMLInputElement>(null);
  const commentsHeadingId = useId();

  const isGone = bet.error instanceof ApiError && (bet.error.status === 404 || bet.error.status === 422);
  // Never visible (a stranger, an unknown id): the spec's 404. Declined or voided while open: say so instead.
  if (isGone && !bet.data) return <NotFound />;

  const placeBetWith = (friendId: string) => {
    setSelectedUserId(null);
    navigate(PLACE_BET_PATH, { state: placeBetState(friendId) });
  };
  const viewerId = user?.id ?? '';
  const data = bet.data;
  const isParty = data !== undefined && (data.creator.id === viewerId || data.opponent.id === viewerId);
  const isReferee = data?.referee?.user?.id === viewerId;
  // Whoever resolved it with 'I Won' or as its referee may add proof (ADR 061).
  const mayAddProof = data?.status === 'completed' && data.resolution === 'won' && data.resolvedBy === viewerId;

  return (
    <PageLayout title="Bet" back={<BackLink fallback="/feed" />} actions={<ActivityBell />}>
      {data ? (
        <div className="grid gap-6">
          <BetCard
            bet={data}
            isOnBetPage
            badges={<BetFlags bet={data} />}
            onOpenUser={setSelectedUserId}
            onOpenComments={() => {
              commentInput.current?.focus();
              commentInput.current?.scrollIntoView({ block: 'center' });
            }}
            actions={
              isGone ? (
                <BetNote>This bet no longer exists.</BetNote>
              ) : isParty || isReferee ? (
                <>
                  <RefereeActions bet={data} viewerId={viewerId} />
                  {isParty ? <BetActions bet={data} viewerId={viewerId} /> : null}
                </>
              ) : null
            }
          />
          {isGone ? null : <ProofPhotos subject={{ bet: id }} canAdd={mayAddProof} />}
          <BetCounters bet={data} />
          <BetHistory bet={data} viewerId={viewerId} />
          <section aria-labelledby={commentsHeadingId} className="grid gap-3">
            <h2 id={commentsHeadingId} className="text-base font-semibold">
              Comments
            </h2>
            <CommentList betId={id} />
            {isGone ? null : (
              <CommentForm
                betId={id}
                inputRef={commentInput}
                onCommentAdded={(betId) => {
                  countNewFeedComment(queryClient, betId);
                  void queryClient.invalidateQueries({ queryKey: queryKeys.bet(betId) });
                }}
              />
            )}
          </section>
        </div>
      ) : bet.isError ? (
        <LoadError query={bet} message="Failed to load this bet. Please try again." />
      ) : (
        <div className="flex justify-center py-10">
          <Spinner label="Loading bet" />
        </div>
      )}
      <UserProfileDialog
        userId={selectedUserId}
        onClose={() => setSelectedUserId(null)}
        onSelectUser={setSelectedUserId}
        onPlaceBet={placeBetWith}
      />
    </PageLayout>
  );
}
