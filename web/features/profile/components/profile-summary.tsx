import type { MyProfile } from '#domain/profiles.ts';
import { AvatarUpload } from './avatar-upload.tsx';

export function ProfileSummary({ profile }: { profile: MyProfile }) {
  const handles = [
    profile.venmoHandle ? `Venmo: @${profile.venmoHandle}` : null,
    profile.cashtag ? `Cash App: $${profile.cashtag}` : null,
    profile.paypalMe ? `PayPal: paypal.me/${profile.paypalMe}` : null,
  ].filter((handle) => handle !== null);
  return (
    <section aria-label="Your profile" className="flex flex-col items-center gap-2 py-2 text-center">
      <AvatarUpload name={profile.name} image={profile.image} />
      <h2 className="mt-1 text-xl font-semibold break-words">{profile.name}</h2>
      <p className="text-sm text-muted-foreground">@{profile.username}</p>
      {handles.length > 0 ? (
        <ul aria-label="Ways to pay you" className="flex flex-wrap justify-center gap-1.5">
          {handles.map((handle) => (
            <li
              key={handle}
              className="rounded-full bg-secondary px-3 py-1 text-xs font-medium text-secondary-foreground"
            >
              {handle}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
