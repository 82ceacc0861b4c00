import { QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx answer will not change on a retry; network blips and 5xx might.
      retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
    },
  },
});

/** What a caller may add to one of our mutation hooks: everything but the request itself. */
export type MutationConfig<TFn extends (input: never) => Promise<unknown>> = Omit<
  UseMutationOptions<Awaited<ReturnType<TFn>>, Error, Parameters<TFn>[0]>,
  'mutationFn'
>;
