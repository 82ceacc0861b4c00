import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { startRealtime } from '../lib/events.ts';

/** Keeps this browser's shared event stream open while a user is signed in. */
export function useRealtime(userId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    return startRealtime(queryClient);
  }, [queryClient, userId]);
}
