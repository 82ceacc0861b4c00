import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageLayout } from '../../components/layouts/page-layout.tsx';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { useAuthSession } from '../../features/auth/hooks/use-auth-session.ts';
import { ProfileSummary } from '../../features/profile/components/profile-summary.tsx';
import { SettingsMenu } from '../../features/profile/components/settings-menu.tsx';
import { AuthError } from '../../lib/auth-client.ts';

export function Component() {
  const navigate = useNavigate();
  const { user } = useAuthSession();
  const signOut = useSignOut({
    onSuccess: () => {
      toast.success('Logged out');
      void navigate('/login', { replace: true });
    },
    onError: (error) => {
      toast.error('Logout failed', {
        description: error instanceof AuthError && error.message ? error.message : 'Please try again.',
      });
    },
  });

  return (
    <PageLayout
      title="Profile"
      actions={<SettingsMenu onLogout={() => signOut.mutate()} isLoggingOut={signOut.isPending} />}
    >
      {user ? (
        <ProfileSummary
          name={user.name}
          username={user.displayUsername ?? user.username ?? ''}
          venmoHandle={user.venmoHandle}
        />
      ) : null}
    </PageLayout>
  );
}
