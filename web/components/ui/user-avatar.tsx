import { useState } from 'react';
import { isOwnAvatarUrl } from '#domain/avatar-url.ts';
import { cn } from '#web/lib/utils.ts';

type UserAvatarProps = {
  name: string;
  image: string | null;
  /** Sets the avatar's size and its initials' text size (`size-10 text-sm` unless given), as the base sets neither (ADR 058). */
  className?: string;
};

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/);
  const first = parts[0]?.charAt(0) ?? '';
  const last = parts.length > 1 ? (parts.at(-1)?.charAt(0) ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/**
 * A round photo, or the initials when there is none (or it fails to load, or it is not one of
 * our own avatar URLs). Decorative: every place that shows an avatar also shows the name.
 */
export function UserAvatar({ name, image, className = 'size-10 text-sm' }: UserAvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = isOwnAvatarUrl(image) && image !== failedSrc;
  return (
    <span
      aria-hidden
      className={cn(
        'flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-secondary font-semibold text-secondary-foreground select-none',
        className,
      )}
    >
      {showImage ? (
        <img
          src={image}
          alt=""
          className="size-full object-cover"
          loading="lazy"
          decoding="async"
          onError={() => setFailedSrc(image)}
        />
      ) : (
        initialsOf(name)
      )}
    </span>
  );
}
