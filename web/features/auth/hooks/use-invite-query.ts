import { useSearchParams } from '#web/lib/router/router.tsx';
import { isInviteCode } from '#domain/invite-code.ts';

/** `?invite=<code>` when the visitor came through an invite link, else ''. */
export function useInviteQuery(): string {
  const [searchParams] = useSearchParams();
  const invite = searchParams.get('invite');
  return isInviteCode(invite) ? `?invite=${invite}` : '';
}
