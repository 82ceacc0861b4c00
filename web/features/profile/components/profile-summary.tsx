import type { MyProfile } from '../../../../domain/profiles.ts';
import { AvatarUpload } from './avatar-upload.tsx';

export function ProfileSummary({ profile }: { profile: MyProfile }) {
  return (
    <section aria-label="Your profile" className="flex flex-col items-center gap-2 py-2 text-center">
      <AvatarUpload name={profile.name} image={profile.image} />
      <h2 className="mt-1 text-xl font-semibold break-words">{profile.name}</h2>
      <p className="text-sm text-muted-foreground">@{profile.username}</p>
      {profile.venmoHandle ? (
        <p className="rounded-full bg-secondary px-3 py-1 text-xs font-medium text-secondary-foreground">
          Venmo: @{profile.venmoHandle}
        </p>
      ) : null}
    </section>
  );
}
