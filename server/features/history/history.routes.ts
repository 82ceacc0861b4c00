import { Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';
import { currentUser, requireUser, session } from '#server/middleware/session.ts';
import { historyCsvStream } from './history.service.ts';

/** GET /api/history/bets.csv: 'Download History (CSV)'. */
export const historyRoutes = new Hono<AppEnv>().use(session, requireUser).get('/bets.csv', (c) => {
  const today = new Date().toISOString().slice(0, 10);
  return c.body(historyCsvStream(c.var.deps.database.db, currentUser(c).id), 200, {
    'Content-Type': 'text/csv; charset=utf-8; header=present',
    'Content-Disposition': `attachment; filename="sidepot-history-${today}.csv"`,
    // no-transform: the compression middleware would otherwise read the whole stream into memory first.
    'Cache-Control': 'no-store, no-transform',
    'X-Content-Type-Options': 'nosniff',
  });
});
