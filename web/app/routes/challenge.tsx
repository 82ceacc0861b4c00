import { Link, useNavigate, useParams } from '#web/lib/router/router.tsx';
import { challengeStateMessage } from '#domain/challenge-rules.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { UserAvatar } from '#web/components/ui/user-avatar.tsx';
import { useAuthSession } from '#web/features/auth/hooks/use-auth-session.ts';
import { SignUpOrSignIn } from '#web/features/auth/components/sign-up-or-in.tsx';
import { useChallenge } from '#web/features/challenges/api/get-challenge.ts';
import { ChallengeAnswer } from '#web/features/challenges/components/challenge-answer.tsx';
import { formatDollars } from '#web/features/bets/utils/bet-view.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { DocumentTitle } from '#web/components/layouts/document-title.tsx';
import { LoadError } from '#web/components/errors/load-error.tsx';

/** /challenge/:code, public: who challenged you, to what, and how to answer. */
export function Component() {
  const { code } = useParams<'/challenge/:code'>();
  const navigate = useNavigate();
  const { user, isLoading } = useAuthSession();
  const challenge = useChallenge(code);
  // Sign-in and sign-up come back here (the login screen reads this state; sign-up keeps it to its login link).

  const isInvalid =
    challenge.error instanceof ApiError && (challenge.error.status === 404 || challenge.error.status === 422);
  const data = challenge.data;
  const stateMessage = data ? challengeStateMessage(data.state) : null;

  return (
    <main
      id="main"
      tabIndex={-1}
      className="outline-none mx-auto flex min-h-[calc(100dvh-4rem)] w-full max-w-md flex-col justify-center gap-6 px-6 py-8"
    >
      <DocumentTitle title="Challenge" />
      {isInvalid ? (
        <div className="grid gap-4 text-center">
          <h1 className="text-xl font-semibold">This challenge link is not valid.</h1>
          <Button asChild variant="outline">
            <Link to="/signup">Create Account</Link>
          </Button>
        </div>
      ) : data ? (
        <>
          <div className="flex flex-col items-center gap-3 text-center">
            <UserAvatar name={data.creator.name} image={data.creator.image} className="size-20 text-2xl" />
            <h1 className="text-2xl font-bold">{`${data.creator.name} challenged you`}</h1>
            <p className="text-lg">{data.description}</p>
            <p className="text-3xl font-bold text-primary">{formatDollars(data.amount)}</p>
          </div>
          {stateMessage ? (
            <p role="status" className="rounded-lg border bg-card px-4 py-3 text-center font-medium">
              {stateMessage}
            </p>
          ) : isLoading ? (
            <Spinner label="Loading" />
          ) : user ? (
            <ChallengeAnswer challenge={data} onTaken={(betId) => navigate(`/bets/${betId}`)} />
          ) : (
            <div className="grid gap-2">
              <SignUpOrSignIn returnTo={`/challenge/${code}`} />
            </div>
          )}
        </>
      ) : challenge.isError ? (
        <LoadError
          query={challenge}
          message="Failed to load this challenge. Please try again."
          layout="plain"
        />
      ) : (
        <div className="flex justify-center">
          <Spinner label="Loading challenge" />
        </div>
      )}
    </main>
  );
}
