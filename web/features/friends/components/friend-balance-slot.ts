import { createContext, type ReactNode } from 'react';

/**
 * The balance with a friend on their profile card. It belongs to web/features/balances; features do not
 * import each other, so web/app fills this slot and the card renders whatever it was given.
 */
export const FriendBalanceSlot = createContext<((friendId: string) => ReactNode) | null>(null);
