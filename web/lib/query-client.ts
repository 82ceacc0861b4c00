import { MutationCache, QueryCache, QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError, apiErrorMessage, isOfflineError, OFFLINE_MESSAGE } from './api-error.ts';
import { toast } from './toast.ts';
import { refetchSession } from './session.ts';

/** What a query may declare to have its failure shown as a toast. */
export type ErrorToast = {
  title: string;
  /** Without one, the server's message (or a generic fallback) is shown. */
  description?: string;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorToast?: ErrorToast };
  }
}

function isUnauthorized(error: Error): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * A 401 from our API means the session ended (expired, or signed out in
 * another tab). Re-reading the session makes the route guard send the user to
 * /login, so no error toast is needed for it.
 */
function recheckSessionOn401(error: Error) {
  if (isUnauthorized(error)) void refetchSession();
}

/**
 * A client with the app's failure handling (toasts, the 401 session check, offline rules). `retries: false`
 * is for component tests (web/testing/), where a failed load must show its error state at once.
 */
export function createQueryClient({ retries = true }: { retries?: boolean } = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      // Here rather than in components: once per failed fetch, however many components read the query.
      onError: (error, query) => {
        recheckSessionOn401(error);
        // A list that could not load offline says why, once however many failed; one that
        // has data keeps showing it under the 'You are offline' banner.
        if (isOfflineError(error)) {
          if (query.state.data === undefined) toast.error(OFFLINE_MESSAGE, { id: 'offline' });
          return;
        }
        const errorToast = query.meta?.errorToast;
        if (!errorToast || isUnauthorized(error)) return;
        // One toast per kind of failure: a read that fails again (a part mounting later reads again) replaces it.
        toast.error(errorToast.title, {
          id: `query-error:${errorToast.title}`,
          description: errorToast.description ?? apiErrorMessage(error, 'Please try again.'),
        });
      },
    }),
    mutationCache: new MutationCache({ onError: recheckSessionOn401 }),
    defaultOptions: {
      // 'always', not TanStack's default 'online': offline, the default pauses a request and replays
      // it when the network returns (a bet placed offline appeared minutes later). Here a call made
      // offline fails at once with the offline message (web/lib/api-client.ts) and is never replayed;
      // a query shows its error state instead of a skeleton, and refetches on reconnect.
      mutations: { networkMode: 'always' },
      queries: {
        networkMode: 'always',
        staleTime: 30_000,
        // A 4xx answer (or being offline, status 0) will not change on a retry; network blips and 5xx might.
        retry: retries
          ? (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2
          : false,
      },
    },
  });
}

export const queryClient = createQueryClient();

/** What a caller may add to one of our mutation hooks: everything but the request itself. */
export type MutationConfig<TFn extends (input: never) => Promise<unknown>> = Omit<
  UseMutationOptions<Awaited<ReturnType<TFn>>, Error, Parameters<TFn>[0]>,
  'mutationFn'
>;
