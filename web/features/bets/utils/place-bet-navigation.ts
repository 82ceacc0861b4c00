/**
 * 'Place New Bet', 'Bet' and 'Place Bet with {name}' open /home, the last two
 * with a friend preselected through navigation state (ADR 009).
 */
export const PLACE_BET_PATH = '/home';

export type PlaceBetState = { friendId: string };

export function placeBetState(friendId: string): PlaceBetState {
  return { friendId };
}

/** The preselected friend in a location's state; anything else there is ignored. */
export function readPlaceBetFriendId(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('friendId' in state)) return null;
  return typeof state.friendId === 'string' && state.friendId !== '' ? state.friendId : null;
}
