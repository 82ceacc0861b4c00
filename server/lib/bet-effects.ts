import type { Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { BetEffects } from './bets.service.ts';

/** What a bet transition does after commit, wired to this request's dependencies. */
export function betEffects(c: Context<AppEnv>): BetEffects {
  const { events } = c.var.deps;
  return { publish: (userIds, event) => events.publish(userIds, event) };
}
