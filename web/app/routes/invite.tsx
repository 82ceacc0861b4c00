import { useNavigate, useParams } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { nowFriendsText } from '../../../domain/invite-texts.ts';
import { AuthLayout } from '../../components/layouts/auth-layout.tsx';
import { FullScreenSpinner } from '../../components/ui/full-screen-spinner.tsx';
import { useAuthSession } from '../../features/auth/hooks/use-auth-session.ts';
import { useAcceptInvite } from '../../features/invites/api/accept-invite.ts';
import { useInvite } from '../../features/invites/api/get-invite.ts';
import { InvalidInvite } from '../../features/invites/components/invalid-invite.tsx';
import { InvitePageView } from '../../features/invites/components/invite-page-view.tsx';
import { ApiError, apiErrorMessage } from '../../lib/api-error.ts';

/** /invite/:code — public; opening it only reads (accepting is a button, a POST). */
export function Component() {
  const code = useParams()['code'] ?? '';
  const navigate = useNavigate();
  const session = useAuthSession();
  const invite = useInvite(code, session.user?.id ?? null, { enabled: !session.isLoading });
  const accept = useAcceptInvite({
    onSuccess: ({ inviter }) => {
      toast.success(nowFriendsText(inviter.name));
      void navigate('/home', { replace: true });
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
