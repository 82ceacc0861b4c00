import { Link, useNavigate, useParams } from '#web/lib/router/router.tsx';
import { groupMessages } from '#domain/group-rules.ts';
import { AuthLayout } from '#web/components/layouts/auth-layout.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FullScreenSpinner } from '#web/components/ui/full-screen-spinner.tsx';
import { useAuthSession } from '#web/features/auth/hooks/use-auth-session.ts';
import { SignUpOrSignIn } from '#web/features/auth/components/sign-up-or-in.tsx';
import { useGroupLink, useJoinGroup } from '#web/features/groups/api/groups.ts';
import { GroupJoinView } from '#web/features/groups/components/group-join-view.tsx';
import { ApiError, apiErrorMessage } from '#web/lib/api-error.ts';
import { toast } from '#web/lib/toast.ts';

/** /groups/join/:code: public; signed out it offers sign-up and sign-in and comes back, signed in 'Join Group'. */
export function Component() {
  const { code } = useParams<'/groups/join/:code'>();
  const navigate = useNavigate();
  const session = useAuthSession();
  const signedIn = session.user !== null;
  const link = useGroupLink(code, { enabled: signedIn });
  const join = useJoinGroup(code, {
    onSuccess: ({ id }) => {
      toast.success(groupMessages.joined);
      navigate(`/groups/${id}`, { replace: true });
    },
    onError: (error) => toast.error(apiErrorMessage(error, 'Please try again.')),
  });
  // Sign-in and sign-up come back here, as a challenge link does.

  if (session.isLoading || (signedIn && link.isPending)) return <FullScreenSpinner />;
  const isDead = link.error instanceof ApiError && link.error.status === 404;
  return (
    <AuthLayout title="Join Group">
      {!signedIn ? (
        <div className="grid gap-4 text-center">
          <h1 className="text-2xl font-bold">You're invited to a group on Sidepot</h1>
          <p className="text-muted-foreground">Sign in or create an account to see the group and join it.</p>
          <SignUpOrSignIn returnTo={`/groups/join/${code}`} />
        </div>
      ) : link.data ? (
        <GroupJoinView group={link.data} onJoin={() => join.mutate()} isJoining={join.isPending} />
      ) : isDead ? (
        <div className="grid gap-4 text-center">
          <h1 className="text-xl font-semibold">{groupMessages.invalidLink}</h1>
          <Button asChild variant="outline">
            <Link to="/home">Go to Home</Link>
          </Button>
        </div>
      ) : (
        <p role="alert" className="text-center text-muted-foreground">
          {apiErrorMessage(link.error, 'Something went wrong. Please reload the page.')}
        </p>
      )}
    </AuthLayout>
  );
}
