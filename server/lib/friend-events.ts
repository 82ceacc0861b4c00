import type { ChangeEvent } from '#domain/realtime.ts';

type Publisher = { publish(userIds: string[], event: ChangeEvent): Promise<void> };

/**
 * The one way a friendship change reaches open screens: after commit, both
 * people hear 'friends' (Requests badge, Manage Friends, friend cards, search,
 * the red dot). When the friendship itself began or ended, both also hear
 * 'feed', since each gains or loses the other's bets there.
 */
export async function publishFriendshipChange(
  events: Publisher,
  a: string,
  b: string,
  friendshipChanged: boolean,
): Promise<void> {
  await events.publish([a, b], { kind: 'friends' });
  if (friendshipChanged) await events.publish([a, b], { kind: 'feed' });
}
