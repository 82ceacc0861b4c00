import { useNavigate, useParams } from '#web/lib/router/router.tsx';
import { toast } from '#web/lib/toast.ts';
import { nowFriendsText } from '#domain/invite-texts.ts';
import { AuthLayout } from '#web/components/layouts/auth-layout.tsx';
import { FullScreenSpinner } from '#web/components/ui/full-screen-spinner.tsx';
import { useAuthSession } from '#web/features/auth/hooks/use-auth-session.ts';
import { useAcceptInvite } from '#web/features/invites/api/accept-invite.ts';
import { useInvite } from '#web/features/invites/api/get-invite.ts';
import { InvalidInvite } from '#web/features/invites/components/invalid-invite.tsx';
import { InvitePageView } from '#web/features/invites/components/invite-page-view.tsx';
import { ApiError, apiErrorMessage } from '#web/lib/api-error.ts';

/** /invite/:code — public; opening it only reads (accepting is a button, a POST). */
export function Component() {
  const { code } = useParams<'/invite/:code'>();
  const navigate = useNavigate();
  const session = useAuthSession();
  const invite = useInvite(code, session.user?.id ?? null, { enabled: !session.isLoading });
  const accept = useAcceptInvite({
    onSuccess: ({ inviter }) => {
      toast.success(nowFriendsText(inviter.name));
      navigate('/home', { replace: true });
    },
    onError: (error) =>
      toast.error('Could not accept the invite', {
        description: apiErrorMessage(error, 'Please try again.'),
      }),
  });

  if (session.isLoading || invite.isPending) return <FullScreenSpinner />;
  const isDead = invite.error instanceof ApiError && invite.error.status === 404;
  return (
    <AuthLayout title="Invite">
      {invite.data ? (
        <InvitePageView
          code={code}
          invite={invite.data}
          onAccept={() => accept.mutate(code)}
          isAccepting={accept.isPending}
        />
      ) : isDead ? (
        <InvalidInvite />
      ) : (
        <p role="alert" className="text-center text-muted-foreground">
          {apiErrorMessage(invite.error, 'Something went wrong. Please reload the page.')}
        </p>
      )}
    </AuthLayout>
  );
}
