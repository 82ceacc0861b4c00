import { expect, test } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

test('defaults give a runnable local configuration', () => {
  const env = parseEnv({});
  expect(env).toMatchObject({
    PORT: 3000,
    DATA_DIR: './data',
    PUBLIC_URL: 'http://localhost:3000',
    SUPPORT_EMAIL: 'support@sidepot.app',
    NODE_ENV: 'development',
  });
  expect(env.DATABASE_URL).toBeUndefined();
  expect(env.SMTP_URL).toBeUndefined();
});

test('trusted proxies are a list', () => {
  expect(parseEnv({ TRUSTED_PROXIES: '10.0.0.0/8, 192.168.1.10' }).TRUSTED_PROXIES).toEqual(['10.0.0.0/8', '192.168.1.10']);
  expect(parseEnv({}).TRUSTED_PROXIES).toEqual([]);
});

test('empty strings count as unset', () => {
  expect(parseEnv({ PORT: '', DATABASE_URL: '', SMTP_URL: '' })).toMatchObject({ PORT: 3000 });
});

test('PUBLIC_URL follows PORT unless set, and is reduced to an origin', () => {
  expect(parseEnv({ PORT: '4100' }).PUBLIC_URL).toBe('http://localhost:4100');
  expect(parseEnv({ PUBLIC_URL: 'https://sidepot.app/some/path' }).PUBLIC_URL).toBe('https://sidepot.app');
});

test.each([
  [{ PORT: 'abc' }, /^Invalid configuration: PORT .*\(got "abc"\)$/],
  [{ PORT: '70000' }, /^Invalid configuration: PORT /],
  [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ URL$/],
  [{ DATABASE_DIRECT_URL: 'http://db' }, /^Invalid configuration: DATABASE_DIRECT_URL must be a postgres:\/\/ URL$/],
  [{ DATABASE_DIRECT_URL: 'postgres://db/sidepot' }, /^Invalid configuration: DATABASE_DIRECT_URL needs DATABASE_URL \(the pooled connection\) set too$/],
  [{ SHUTDOWN_DRAIN_MS: '-5' }, /^Invalid configuration: SHUTDOWN_DRAIN_MS /],
  [{ SHUTDOWN_DRAIN_MS: '120000' }, /^Invalid configuration: SHUTDOWN_DRAIN_MS /],
  [{ SMTP_URL: 'http://mail' }, /^Invalid configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL$/],
  [{ PUBLIC_URL: 'localhost:3000' }, /^Invalid configuration: PUBLIC_URL /],
  [{ AUTH_SECRET: 'short' }, /^Invalid configuration: AUTH_SECRET must be at least 32 characters$/],
  [{ SUPPORT_EMAIL: 'nope' }, /^Invalid configuration: SUPPORT_EMAIL must be an email address/],
  [{ TRUSTED_PROXIES: '10.0.0.0/8, lb.internal' }, /^Invalid configuration: TRUSTED_PROXIES must be comma-separated IP addresses or CIDR ranges/],
  [{ S3_BUCKET: 'Bad_Bucket' }, /^Invalid configuration: S3_BUCKET must be an S3 bucket name/],
  [{ S3_ENDPOINT: 'minio:9000' }, /^Invalid configuration: S3_ENDPOINT must be an http\(s\):\/\/ URL/],
  [{ AWS_ACCESS_KEY_ID: 'AKIA123' }, /^Invalid configuration: AWS_SECRET_ACCESS_KEY and AWS_ACCESS_KEY_ID must be set together$/],
  [{ REDIS_URL: 'http://cache:6379' }, /^Invalid configuration: REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL$/],
])('a bad value stops start-up with one line naming the variable: %o', (source, pattern) => {
  expect(() => parseEnv(source)).toThrow(EnvError);
  expect(() => parseEnv(source)).toThrow(pattern);
});

test('secrets are never echoed in the error line', () => {
  const secret = 'too-short-secret';
  expect(() => parseEnv({ AUTH_SECRET: secret })).toThrow(/^(?!.*too-short-secret).*$/);
  expect(() => parseEnv({ REDIS_URL: 'http://:hunter2@cache' })).toThrow(/^(?!.*hunter2).*$/);
});

test('DATABASE_DIRECT_URL: beside a pooled DATABASE_URL, never echoed', () => {
  const env = parseEnv({ DATABASE_URL: 'postgres://app@pgbouncer:6432/sidepot', DATABASE_DIRECT_URL: 'postgres://app@db:5432/sidepot' });
  expect(env.DATABASE_DIRECT_URL).toBe('postgres://app@db:5432/sidepot');
  expect(parseEnv({}).DATABASE_DIRECT_URL).toBeUndefined();
  expect([parseEnv({}).SHUTDOWN_DRAIN_MS, parseEnv({ SHUTDOWN_DRAIN_MS: '1500' }).SHUTDOWN_DRAIN_MS]).toEqual([0, 1500]);
  expect(() => parseEnv({ DATABASE_DIRECT_URL: 'mysql://:hunter2@db' })).toThrow(/^(?!.*hunter2).*$/);
});

test('S3 and Redis are off unless set; the region defaults to us-east-1', () => {
  const defaults = parseEnv({});
  expect([defaults.S3_BUCKET, defaults.S3_REGION, defaults.REDIS_URL]).toEqual([undefined, 'us-east-1', undefined]);
  expect(parseEnv({ S3_BUCKET: 'sidepot-avatars', S3_ENDPOINT: 'http://127.0.0.1:9000', REDIS_URL: 'redis://127.0.0.1:6379' })).toMatchObject({
    S3_BUCKET: 'sidepot-avatars',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    REDIS_URL: 'redis://127.0.0.1:6379',
  });
});

test('VAPID: keys are checked, set together, and the subject has a default', () => {
  const pub = 'BCnBPAC-3aYcVP6EBvUnRm62cowsoqmxGzRrA7SA3nLgOQZCUnBGdDNfOio2MB7sYxYC9hmSRw-lUMsA9gnfBAk';
  const priv = 'mEWCLEw7XZFKRKJ1GQK8FoO_nTn3mOH6cFz3fHPPE5I';
  expect(parseEnv({ VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv })).toMatchObject({ VAPID_PUBLIC_KEY: pub });
  expect(parseEnv({}).VAPID_SUBJECT).toBe('mailto:support@sidepot.app');
  expect(parseEnv({ PUBLIC_URL: 'https://sidepot.app' }).VAPID_SUBJECT).toBe('https://sidepot.app');
  expect(parseEnv({ VAPID_SUBJECT: 'mailto:ops@sidepot.app' }).VAPID_SUBJECT).toBe('mailto:ops@sidepot.app');
  expect(() => parseEnv({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: priv })).toThrow(
    'Invalid configuration: VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes) (got "short")',
  );
  expect(() => parseEnv({ VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: 'x' })).toThrow(
    'Invalid configuration: VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes)',
  );
  expect(() => parseEnv({ VAPID_PUBLIC_KEY: pub })).toThrow('Invalid configuration: VAPID_PRIVATE_KEY must be set together with the other VAPID key');
  expect(() => parseEnv({ VAPID_SUBJECT: 'http://x.test' })).toThrow(EnvError);
});
