import { request } from 'node:http';

export type StreamFrame = { event: string; data: string; at: number };

/**
 * An event stream held open through the balancer on its own connection: frames with
 * their arrival time, the instance serving it, and whether the server ended it.
 */
export function openStream(origin: string, cookie: string, ip: string) {
  const frames: StreamFrame[] = [];
  const state = { server: '', ended: false, status: 0 };
  let close = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    const req = request(
      `${origin}/api/events`,
      { headers: { cookie, 'x-forwarded-for': ip, accept: 'text/event-stream' } },
      (res) => {
        state.status = res.statusCode ?? 0;
        state.server = String(res.headers['x-served-by'] ?? '');
        if (state.status !== 200) reject(new Error(`event stream answered ${state.status}`));
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(frame)?.[1] ?? 'message';
            frames.push({ event, data: /^data: (.*)$/m.exec(frame)?.[1] ?? '', at: performance.now() });
            if (event === 'ready') resolve();
            end = buffer.indexOf('\n\n');
          }
        });
        res.on('end', () => (state.ended = true));
        res.on('error', () => (state.ended = true));
      },
    );
    req.on('error', (error) => {
      state.ended = true;
      reject(error);
    });
    req.end();
    close = () => req.destroy();
  });
  return { frames, state, ready, close: () => close() };
}
