import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One captured message, decoded (quoted-printable / base64 / encoded-word subjects). */
export type CapturedMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the text and html parts, in order, without duplicates. */
  links: string[];
  receivedAt: number;
};

export type MailCapture = {
  smtpPort: number;
  /** GET `${httpUrl}/messages?to=<address>` answers the messages to that address, oldest first. */
  httpUrl: string;
  stop(): Promise<void>;
};

// ------------------------------------------------------------ MIME decoding
// A small decoder for what nodemailer writes (multipart/alternative, text parts in
// quoted-printable, base64 or 7bit, RFC 2047 subjects). Enough for our own mail;
// not a general MIME parser.

type Part = { headers: Map<string, string>; body: string };

function splitHeaders(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Unfold continuation lines (those starting with white space).
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function headerParam(value: string, name: string): string | undefined {
  const match = new RegExp(`${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value);
  return match ? (match[1] ?? match[2]) : undefined;
}

function decodeCharset(bytes: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

export function decodeQuotedPrintable(input: string): Buffer {
  // Soft line breaks first, then =XX escapes, working on bytes so UTF-8 survives.
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const char = joined[i];
    const hex = joined.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words, e.g. `=?UTF-8?Q?Verify_your?=`. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : decodeQuotedPrintable(text.replace(/_/g, ' '));
      return decodeCharset(bytes, charset);
    });
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = headerParam(part.headers.get('content-type') ?? '', 'charset');
  if (encoding === 'quoted-printable') return decodeCharset(decodeQuotedPrintable(part.body), charset);
  if (encoding === 'base64')
    return decodeCharset(Buffer.from(part.body.replace(/\s+/g, ''), 'base64'), charset);
  return part.body;
}

function collectTextParts(part: Part, out: { text: string; html: string }): void {
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? 'text/plain';
  if (mediaType.startsWith('multipart/')) {
    const boundary = headerParam(contentType, 'boundary');
    if (!boundary) return;
    const sections = part.body.split(`--${boundary}`);
    // sections[0] is the preamble; the last one starts with '--' (the epilogue).
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      collectTextParts(splitHeaders(section.replace(/^\r?\n/, '')), out);
    }
    return;
  }
  if (mediaType === 'text/html' && !out.html) out.html = decodeBody(part).trimEnd();
  else if (mediaType === 'text/plain' && !out.text) out.text = decodeBody(part).trimEnd();
}

const LINK_PATTERN = /https?:\/\/[^\s"'<>]+/g;

function decodeHtmlEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export function parseMail(raw: string, envelopeTo: string[]): CapturedMail {
  const message = splitHeaders(raw);
  const bodies = { text: '', html: '' };
  collectTextParts(message, bodies);
  const hrefs = [...bodies.html.matchAll(/href="([^"]+)"/g)].map((match) =>
    decodeHtmlEntities(match[1] ?? ''),
  );
  const links = [
    ...new Set([
      ...(bodies.text.match(LINK_PATTERN) ?? []),
      ...hrefs.filter((href) => /^https?:/.test(href)),
    ]),
  ];
  return {
    to: envelopeTo.map((address) => address.toLowerCase()),
    from: decodeEncodedWords(message.headers.get('from') ?? ''),
    subject: decodeEncodedWords(message.headers.get('subject') ?? ''),
    text: bodies.text,
    html: bodies.html,
    links,
    receivedAt: Date.now(),
  };
}

// ------------------------------------------------------------ servers

function listen(server: {
  listen(port: number, host: string, cb: () => void): unknown;
  once(event: 'error', cb: (error: Error) => void): unknown;
}): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
}

/**
 * Starts a real SMTP server on 127.0.0.1 (any free port) that keeps every message,
 * and a tiny HTTP server the test workers query for them.
 */
export async function startMailCapture(): Promise<MailCapture> {
  const messages: CapturedMail[] = [];

  const smtp = new SMTPServer({
    authOptional: true,
    // Without a certificate of our own, STARTTLS would offer a self-signed one the app rejects.
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const rcpt = session.envelope.rcptTo.map((address) => address.address);
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), rcpt));
        callback();
      });
    },
  });
  await listen(smtp.server);
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const http: HttpServer = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/messages') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const found = to ? messages.filter((message) => message.to.includes(to)) : messages;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(found));
      return;
    }
    res.writeHead(404).end();
  });
  await listen(http);
  const httpUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  return {
    smtpPort,
    httpUrl,
    stop: async () => {
      http.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => http.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}
