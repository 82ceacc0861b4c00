/** Every TanStack Query key lives here, so one feature can invalidate another's cache. */
export const queryKeys = {
  config: ['config'] as const,
};
