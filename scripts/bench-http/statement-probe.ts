/*
 * Preloaded into the server process by `npm run bench:http` (node --import): counts every
 * statement node-postgres sends and keeps the text and parameters of the recent ones, so the
 * bench can replay exactly the SQL an endpoint ran. Only statements sent while an HTTP request is
 * being handled count (an AsyncLocalStorage entered on the server's 'request' event), so the
 * background jobs (mail outbox, reminders) do not. Talks to the bench over the IPC channel.
 * Without an IPC channel (not started by the bench) it does nothing.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import pg from 'pg';

export type ProbeStatement = { text: string; values: unknown[] };
export type ProbeRequest = { probe: 'reset' } | { probe: 'read' };
/** cpuMs: this process's CPU time (user + system) so far, less sensitive to a shared machine's load than wall time. */
export type ProbeReply = { probe: 'state'; count: number; statements: ProbeStatement[]; cpuMs: number };

const KEEP = 50;

if (process.send) {
  let count = 0;
  let statements: ProbeStatement[] = [];
  const inRequest = new AsyncLocalStorage<true>();
  const serverPrototype = http.Server.prototype as unknown as { emit: (event: string, ...args: unknown[]) => boolean };
  const emit = serverPrototype.emit;
  serverPrototype.emit = function emitInRequest(this: unknown, event: string, ...args: unknown[]) {
    return event === 'request' ? inRequest.run(true, () => emit.call(this, event, ...args)) : emit.call(this, event, ...args);
  };
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function query(this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    const config = typeof first === 'object' && first !== null ? (first as { text?: unknown; values?: unknown }) : undefined;
    const text = typeof first === 'string' ? first : typeof config?.text === 'string' ? config.text : undefined;
    if (text !== undefined && inRequest.getStore()) {
      count += 1;
      const values = Array.isArray(second) ? second : Array.isArray(config?.values) ? config.values : [];
      if (statements.length < KEEP) statements.push({ text, values: values as unknown[] });
    }
    return original.apply(this, args);
  };
  process.on('message', (message: ProbeRequest) => {
    if (message.probe === 'reset') {
      count = 0;
      statements = [];
    }
    const cpu = process.cpuUsage();
    const reply: ProbeReply = { probe: 'state', count, statements, cpuMs: (cpu.user + cpu.system) / 1000 };
    process.send?.(reply);
  });
}
