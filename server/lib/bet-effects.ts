import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { ChangeEvent } from '#domain/realtime.ts';

/**
 * What a transition causes outside its transaction: realtime hints, after
 * commit. (Mail is queued inside it, by writeNotifications.)
 */
export type BetEffects = {
  publish(userIds: string[], event: ChangeEvent): Promise<void>;
};

/** What a bet transition does after commit, wired to this request's dependencies. */
export function betEffects(c: Context<AppEnv>): BetEffects {
  const { events } = c.var.deps;
  return { publish: (userIds, event) => events.publish(userIds, event) };
}
