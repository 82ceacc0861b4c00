import type { FeedItem } from './feed.ts';
import type { FeedPot } from './pots.ts';

/** A feed row is a pot (ADR 060) when it carries `type: 'pot'`; otherwise a bet. */
export function isFeedPot(item: FeedItem): item is FeedPot {
  return 'type' in item;
}
