import { Button } from '#web/components/ui/button.tsx';
import { Link } from '#web/lib/router/router.tsx';
import type { ReturnState } from '../utils/return-path.ts';

/** 'Create Account' and 'Sign In' for a signed-out visitor of a link; either comes back to `returnTo`. */
export function SignUpOrSignIn({ returnTo }: { returnTo: string }) {
  const state: ReturnState = { from: returnTo };
  return (
    <>
      <Button asChild size="lg">
        <Link to="/signup" state={state}>
          Create Account
        </Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to="/login" state={state}>
          Sign In
        </Link>
      </Button>
    </>
  );
}
