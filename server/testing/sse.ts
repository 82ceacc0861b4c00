import type { Agent } from './agent.ts';
import { TEST_ORIGIN, type TestApp } from './test-app.ts';

export type SseFrame = { event: string; data: string };

/** Opens the signed-in agent's event stream. */
export function openEventStream(t: TestApp, agent: Agent): Promise<Response> {
  return Promise.resolve(
    t.app.request(`${TEST_ORIGIN}/api/events`, {
      headers: { cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    }),
  );
}

/**
 * Reads an SSE response in the background. `waitFor` resolves with every
 * frame so far once one matches; `ended` resolves when the server closes the
 * stream. Both give up after their bound instead of hanging the test.
 */
export function readEventStream(res: Response) {
  const reader: ReadableStreamDefaultReader<Uint8Array> | undefined = res.body?.getReader();
  if (!reader) throw new Error('no body');
  const frames: SseFrame[] = [];
  let done = false;
  let notify: (() => void) | undefined;
  const changed = () => new Promise<void>((resolve) => (notify = resolve));
  const pump = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          frames.push({
            event: /^event: (.*)$/m.exec(frame)?.[1] ?? 'message',
            data: /^data: (.*)$/m.exec(frame)?.[1] ?? '',
          });
          end = buffer.indexOf('\n\n');
        }
        notify?.();
      }
    } catch {
      // Cancelled by close().
    } finally {
      done = true;
      notify?.();
    }
  })();

  async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (!condition()) {
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`event stream: ${what} not seen within ${timeoutMs} ms`);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([changed(), new Promise<void>((resolve) => (timer = setTimeout(resolve, left)))]);
      clearTimeout(timer);
    }
  }

  return {
    frames,
    async waitFor(match: (frame: SseFrame) => boolean, timeoutMs = 5000): Promise<SseFrame[]> {
      await until(() => frames.some(match) || done, timeoutMs, 'the expected frame');
      if (!frames.some(match))
        throw new Error(`event stream ended before the expected frame: ${JSON.stringify(frames)}`);
      return frames;
    },
    /** Resolves with the time it took once the server has ended the stream. */
    async ended(timeoutMs = 5000): Promise<number> {
      const started = performance.now();
      await until(() => done, timeoutMs, 'the end of the stream');
      return performance.now() - started;
    },
    async close(): Promise<void> {
      await reader.cancel().catch(() => undefined);
      await pump;
    },
  };
}
