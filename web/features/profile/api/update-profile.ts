import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditProfileFormValues } from '../../../../domain/profiles.ts';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/query-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function updateProfile(values: EditProfileFormValues) {
  return unwrap(await api.profile.$patch({ json: values }));
}

export function useUpdateProfile(config: MutationConfig<typeof updateProfile> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateProfile,
    onSuccess: async (...args) => {
      // Others' cards list this user by name and username too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
        queryClient.invalidateQueries({ queryKey: queryKeys.userCards }),
      ]);
      await config.onSuccess?.(...args);
    },
  });
}
