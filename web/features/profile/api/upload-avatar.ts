import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { invalidateChanges } from '#web/lib/query-keys.ts';
import { getProfileQueryOptions } from './get-profile.ts';

/** The body is the file itself (no multipart), so the server can cap the stream at 5 MB. */
export async function uploadAvatar(file: File) {
  return unwrap(
    await api.profile.avatar.$put(undefined, {
      init: { body: file, headers: { 'Content-Type': file.type } },
    }),
  );
}

export function useUploadAvatar(config: MutationConfig<typeof uploadAvatar> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: uploadAvatar,
    onSuccess: async (...args) => {
      const [{ image }] = args;
      // The answer is the new versioned URL: the header shows it at once; every other place that shows
      // my photo re-reads in the background ('people', as the server announces it to my friends).
      queryClient.setQueryData(getProfileQueryOptions().queryKey, (screen) =>
        screen ? { ...screen, profile: { ...screen.profile, image } } : screen,
      );
      void invalidateChanges(queryClient, ['people']);
      await config.onSuccess?.(...args);
    },
  });
}
