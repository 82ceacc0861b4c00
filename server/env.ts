import { existsSync } from 'node:fs';
import { z } from 'zod';
import { invalidProxyEntries } from './lib/client-ip.ts';

/**
 * The only reader of process.env. Empty strings count as unset so a copied
 * `.env.example` works; any bad value stops start-up with one line naming it.
 */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const envSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])).transform(
    (value) => value ?? 'development',
  ),
  PORT: optional(z.coerce.number().int().min(0).max(65535)).transform((value) => value ?? 3000),
  HOST: optional(z.string().min(1)),
  DATA_DIR: optional(z.string().min(1)).transform((value) => value ?? './data'),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })),
  /**
   * The same database without a transaction pooler (PgBouncer) in between: the LISTEN connection
   * and the migration lock are sessions and need one. Unset: DATABASE_URL is used for both.
   */
  DATABASE_DIRECT_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
  MAIL_FROM: optional(z.string().min(3)).transform((value) => value ?? 'Sidepot <no-reply@sidepot.local>'),
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s):// origin' })),
  AUTH_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  SUPPORT_EMAIL: optional(z.email({ error: 'must be an email address' })).transform(
    (value) => value ?? 'support@sidepot.app',
  ),
  /** Load balancers whose X-Forwarded-For is believed: comma-separated IPs or CIDR ranges. */
  TRUSTED_PROXIES: optional(z.string())
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine(
      (entries) => invalidProxyEntries(entries).length === 0,
      'must be comma-separated IP addresses or CIDR ranges',
    ),
  /** Web Push (VAPID) keys, base64url as web-push's generateVAPIDKeys prints them; generated into DATA_DIR when unset. */
  VAPID_PUBLIC_KEY: optional(
    z.string().refine((value) => isBase64UrlKey(value, 65), 'must be a base64url P-256 public key (65 bytes)'),
  ),
  VAPID_PRIVATE_KEY: optional(
    z.string().refine((value) => isBase64UrlKey(value, 32), 'must be a base64url P-256 private key (32 bytes)'),
  ),
  /** Who push services may contact: a mailto: or https: URL. Default: PUBLIC_URL when https, else mailto:SUPPORT_EMAIL. */
  VAPID_SUBJECT: optional(z.url({ protocol: /^(mailto|https)$/, error: 'must be a mailto: or https:// URL' })),
  /** Where the built SPA is; `npm start` builds it into dist/web. */
  WEB_DIST_DIR: optional(z.string().min(1)),
  /**
   * On SIGTERM, how long to keep serving while /api/health answers 503, so a load balancer takes the
   * instance out before it stops accepting connections (rolling restarts without failed requests).
   */
  SHUTDOWN_DRAIN_MS: optional(z.coerce.number().int().min(0).max(60_000)).transform((value) => value ?? 0),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  /** Set: uploaded files go to this S3 bucket instead of the database. */
  S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')),
  /** An S3-compatible server (MinIO, R2…); unset: AWS itself. */
  S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })),
  S3_REGION: optional(z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as eu-west-1')).transform(
    (value) => value ?? 'us-east-1',
  ),
  /** The standard AWS variables; unset: the SDK's default chain (an instance role…). */
  AWS_ACCESS_KEY_ID: optional(z.string().min(1)),
  AWS_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  AWS_SESSION_TOKEN: optional(z.string().min(1)),
  /** Set: realtime fan-out through Redis pub/sub, sessions and auth rate limits in Redis. */
  REDIS_URL: optional(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })),
}).refine((env) => !env.DATABASE_DIRECT_URL || env.DATABASE_URL, {
  path: ['DATABASE_DIRECT_URL'],
  message: 'needs DATABASE_URL (the pooled connection) set too',
}).refine((env) => !env.AWS_ACCESS_KEY_ID === !env.AWS_SECRET_ACCESS_KEY, {
  path: ['AWS_SECRET_ACCESS_KEY'],
  message: 'and AWS_ACCESS_KEY_ID must be set together',
});

/** Never echoed in an error message: they may hold passwords or keys. */
const SECRET_VARIABLES = new Set([
  'AUTH_SECRET',
  'DATABASE_URL',
  'DATABASE_DIRECT_URL',
  'SMTP_URL',
  'REDIS_URL',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'VAPID_PRIVATE_KEY',
]);

function isBase64UrlKey(value: string, bytes: number): boolean {
  return /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes;
}

export type Env = Omit<z.output<typeof envSchema>, 'PUBLIC_URL' | 'VAPID_SUBJECT'> & { PUBLIC_URL: string; VAPID_SUBJECT: string };

export class EnvError extends Error {}

/** Parses an environment record; throws EnvError with a one-line message. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = source[name];
    const shown = SECRET_VARIABLES.has(name) ? '' : ` (got "${got ?? ''}")`;
    throw new EnvError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${shown}`);
  }
  const env = result.data;
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    const missing = env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    throw new EnvError(`Invalid configuration: ${missing} must be set together with the other VAPID key`);
  }
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  const subject = env.VAPID_SUBJECT ?? (publicUrl.protocol === 'https:' ? publicUrl.origin : `mailto:${env.SUPPORT_EMAIL}`);
  return { ...env, PUBLIC_URL: publicUrl.origin, VAPID_SUBJECT: subject };
}

/** Reads `.env` when present (never required), then validates process.env. */
export function loadEnv(): Env {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return parseEnv(process.env);
}
