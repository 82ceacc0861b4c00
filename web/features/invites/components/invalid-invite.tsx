import { inviteMessages } from '#domain/invite-texts.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';

/** An unknown or reset code. */
export function InvalidInvite() {
  return (
    <Card>
      <CardHeader className="flex-col gap-1.5 px-6 text-center">
        <CardTitle asChild>
          <h1>{inviteMessages.invalid}</h1>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-6 text-center">
        <TextLink to="/signup">Create an account</TextLink>
      </CardContent>
    </Card>
  );
}
