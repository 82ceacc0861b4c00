import { useSearchParams } from 'react-router';
import { inviteCodeSchema } from '../../../../domain/invites.ts';

/** `?invite=<code>` when the visitor came through an invite link, else ''. */
export function useInviteQuery(): string {
  const [searchParams] = useSearchParams();
  const invite = inviteCodeSchema.safeParse(searchParams.get('invite'));
  return invite.success ? `?invite=${invite.data}` : '';
}
