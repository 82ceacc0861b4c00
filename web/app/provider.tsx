import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LazyToaster } from '../components/ui/lazy-toaster.tsx';
import { keepOfflineCopy } from '../lib/offline-cache.ts';
import { queryClient } from '../lib/query-client.ts';
import { currentSession } from '../lib/session.ts';

// Before the first screen asks for its data: a reload without a network starts from the saved copy.
keepOfflineCopy(queryClient, currentSession);

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
