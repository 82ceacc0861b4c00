import { Link } from '#web/lib/router/router.tsx';
import type { InvitePage } from '#domain/invites.ts';
import { alreadyFriendsText, inviteHeading, inviteMessages } from '#domain/invite-texts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { UserAvatar } from '#web/components/ui/user-avatar.tsx';

type InvitePageViewProps = {
  code: string;
  invite: InvitePage;
  onAccept: () => void;
  isAccepting: boolean;
};

/** The public /invite/<code> page: who invited, and what this visitor can do about it. */
export function InvitePageView({ code, invite, onAccept, isAccepting }: InvitePageViewProps) {
  const { inviter, relationship } = invite;
  const query = `?invite=${encodeURIComponent(code)}`;
  return (
    <Card>
      <CardHeader className="flex-col items-center gap-3 px-6 text-center">
        <UserAvatar name={inviter.name} image={inviter.image} className="size-20 text-2xl" />
        <CardTitle asChild>
          <h1>{inviteHeading(inviter.name)}</h1>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 px-6">
        {relationship === 'anonymous' && (
          <>
            <Button asChild size="lg">
              <Link to={`/signup${query}`}>Create Account</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={`/login${query}`}>Sign In</Link>
            </Button>
          </>
        )}
        {relationship === 'none' && (
          <Button size="lg" disabled={isAccepting} onClick={onAccept}>
            {isAccepting && <Spinner />}
            Accept Invite
          </Button>
        )}
        {relationship === 'friend' && (
          <p className="text-center text-muted-foreground">{alreadyFriendsText(inviter.name)}</p>
        )}
        {relationship === 'self' && (
          <p className="text-center text-muted-foreground">{inviteMessages.ownLink}</p>
        )}
        {(relationship === 'friend' || relationship === 'self') && (
          <Button asChild variant="outline">
            <Link to="/home">Go to Home</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
