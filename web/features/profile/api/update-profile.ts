import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditProfileFormValues } from '#domain/profiles.ts';
import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { invalidateChanges } from '#web/lib/query-keys.ts';
import { getProfileQueryOptions } from './get-profile.ts';

export async function updateProfile(values: EditProfileFormValues) {
  return unwrap(await api.profile.$patch({ json: values }));
}

export function useUpdateProfile(config: MutationConfig<typeof updateProfile> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateProfile,
    onSuccess: async (...args) => {
      const [profile] = args;
      // The answer is the saved profile: the header shows it at once. Every other card, list and dialog
      // that shows me re-reads in the background (what the server announces as 'people' to my friends).
      queryClient.setQueryData(getProfileQueryOptions().queryKey, (screen) =>
        screen ? { ...screen, profile } : screen,
      );
      void invalidateChanges(queryClient, ['people']);
      await config.onSuccess?.(...args);
    },
  });
}
