import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/query-client.ts';
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
      // The answer is the new versioned URL: show it at once, no refetch needed.
      queryClient.setQueryData(getProfileQueryOptions().queryKey, (screen) =>
        screen ? { ...screen, profile: { ...screen.profile, image } } : screen,
      );
      await config.onSuccess?.(...args);
    },
  });
}
