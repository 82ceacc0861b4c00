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
  /** Where the built SPA is; `npm start` builds it into dist/web. */
  WEB_DIST_DIR: optional(z.string().min(1)),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
});

export type Env = Omit<z.output<typeof envSchema>, 'PUBLIC_URL'> & { PUBLIC_URL: string };

export class EnvError extends Error {}

/** Parses an environment record; throws EnvError with a one-line message. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = source[name];
    const shown =
      name === 'AUTH_SECRET' || name === 'DATABASE_URL' || name === 'SMTP_URL' ? '' : ` (got "${got ?? ''}")`;
    throw new EnvError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${shown}`);
  }
  const env = result.data;
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  return { ...env, PUBLIC_URL: publicUrl.origin };
}

/** Reads `.env` when present (never required), then validates process.env. */
export function loadEnv(): Env {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return parseEnv(process.env);
}
