import type { Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { BetEffects } from './bets.service.ts';

/** What a bet transition does after commit, wired to this request's dependencies. */
export function betEffects(c: Context<AppEnv>): BetEffects {
  const { events, mail, env, logger } = c.var.deps;
  return {
    publish: (userIds, event) => events.publish(userIds, event),
    sendMail: (message) => mail.send(message),
    publicUrl: env.PUBLIC_URL,
    onMailError: (error) => logger.error({ err: error }, 'bet accepted mail could not be queued'),
  };
}
