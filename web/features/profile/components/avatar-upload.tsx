import { Camera } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import { toast } from '#web/lib/toast.ts';
import { checkPhoto } from '#domain/profile-rules.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { UserAvatar } from '#web/components/ui/user-avatar.tsx';
import { apiErrorMessage } from '#web/lib/api-error.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';

type AvatarUploadProps = { name: string; image: string | null };

/** The profile photo; clicking it picks a new one, checked here first and again by the server. */
export function AvatarUpload({ name, image }: AvatarUploadProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar({
    onSuccess: () => toast.success('Profile photo updated'),
    onError: (error) => {
      toast.error('Upload failed', { description: apiErrorMessage(error, 'Please try again.') });
    },
  });

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so picking the same file again (after a failure) still fires a change.
    event.target.value = '';
    if (!file) return;
    const problem = checkPhoto(file);
    if (problem) {
      toast.error(problem.title, { description: problem.message });
      return;
    }
    upload.mutate(file);
  };

  return (
    <div className="relative">
      <button
        type="button"
        aria-label="Change profile photo"
        aria-busy={upload.isPending}
        disabled={upload.isPending}
        onClick={() => inputRef.current?.click()}
        className="relative block rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-wait"
      >
        <UserAvatar name={name} image={image} className="size-24 text-3xl" />
        <span className="absolute right-0 bottom-0 flex size-8 items-center justify-center rounded-full border-2 border-background bg-primary text-primary-foreground">
          <Camera className="size-4" aria-hidden />
        </span>
        {upload.isPending ? (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-black/45">
            <Spinner label="Uploading photo" className="size-7 text-white" />
          </span>
        ) : null}
      </button>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        aria-label="Photo file"
        className="hidden"
        onChange={onChange}
      />
    </div>
  );
}
