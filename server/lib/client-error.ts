import type { Duplex } from 'node:stream';
import type { ApiErrorBody } from '#domain/errors.ts';
import { defaultErrorMessages } from '#domain/errors.ts';

/** What Node answers by itself for the request errors it catches before any handler runs. */
const PLAIN_ANSWERS: Record<string, string> = {
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

function plain(statusLine: string): string {
  return `HTTP/1.1 ${statusLine}\r\nConnection: close\r\n\r\n`;
}

function headersTooLarge(): string {
  const body: ApiErrorBody = {
    error: { code: 'HEADERS_TOO_LARGE', message: defaultErrorMessages.HEADERS_TOO_LARGE },
  };
  const json = JSON.stringify(body);
  return [
    'HTTP/1.1 431 Request Header Fields Too Large',
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(json)}`,
    'Cache-Control: no-store',
    'Connection: close',
    '',
    json,
  ].join('\r\n');
}

/** True while a response on this keep-alive socket has started: writing now would corrupt it. */
function isResponding(socket: Duplex): boolean {
  const inFlight: unknown = Reflect.get(socket, '_httpMessage');
  return typeof inFlight === 'object' && inFlight !== null && Reflect.get(inFlight, '_headerSent') === true;
}

/**
 * The HTTP server's 'clientError' handler. Node's parser refuses oversized
 * headers (over 16 KiB, e.g. a cookie jar that grew) with a bare 431 before
 * Hono sees the request, so the client got no error body; this answers in our
 * error shape instead. The request line may not be in the failing chunk, so
 * every path gets the JSON body. Other parser errors keep Node's own answers.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code !== 'ECONNRESET' && socket.writable && !isResponding(socket)) {
    if (error.code === 'HPE_HEADER_OVERFLOW') socket.write(headersTooLarge());
    else socket.write(plain(PLAIN_ANSWERS[error.code ?? ''] ?? '400 Bad Request'));
  }
  socket.destroy(error);
}
