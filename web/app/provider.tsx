import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LazyToaster } from '../components/ui/lazy-toaster.tsx';
import { keepOfflineCopy } from '../lib/offline-cache.ts';
import { queryClient } from '../lib/query-client.ts';
import { currentSession } from '../lib/session.ts';

// Before the first screen asks for its data: a reload without a network starts from the saved copy.
keepOfflineCopy(queryClient, currentSession);

/** `client`: the server renders each request's screen with its own (ADR 067); the browser has one. */
export function AppProvider({
  children,
  client = queryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
