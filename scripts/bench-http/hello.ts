/* The floor for `npm run bench:http`'s throughput table: a Hono hello-world on @hono/node-server. */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const port = Number(process.argv[2] ?? '4321');
const app = new Hono().get('/', (c) => c.json({ hello: 'world' }));
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => process.send?.({ ready: true }));
