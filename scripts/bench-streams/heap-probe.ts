/*
 * Preloaded into the server by `npm run bench:streams` (with --expose-gc): on any IPC message it runs a
 * full garbage collection and answers the memory that is left, so memory per stream is live objects, not
 * whatever the heap happened to grow to.
 */
export type HeapReply = { heapUsed: number; external: number; arrayBuffers: number; rss: number };

if (process.send) {
  process.on('message', () => {
    const gc: unknown = Reflect.get(globalThis, 'gc');
    if (typeof gc === 'function') Reflect.apply(gc, undefined, []);
    const { heapUsed, external, arrayBuffers, rss } = process.memoryUsage();
    const reply: HeapReply = { heapUsed, external, arrayBuffers, rss };
    process.send?.(reply);
  });
}
