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
  [{ SMTP_URL: 'http://mail' }, /^Invalid configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL$/],
  [{ PUBLIC_URL: 'localhost:3000' }, /^Invalid configuration: PUBLIC_URL /],
  [{ AUTH_SECRET: 'short' }, /^Invalid configuration: AUTH_SECRET must be at least 32 characters$/],
  [{ SUPPORT_EMAIL: 'nope' }, /^Invalid configuration: SUPPORT_EMAIL must be an email address/],
  [{ TRUSTED_PROXIES: '10.0.0.0/8, lb.internal' }, /^Invalid configuration: TRUSTED_PROXIES must be comma-separated IP addresses or CIDR ranges/],
])('a bad value stops start-up with one line naming the variable: %o', (source, pattern) => {
  expect(() => parseEnv(source)).toThrow(EnvError);
  expect(() => parseEnv(source)).toThrow(pattern);
});

test('secrets are never echoed in the error line', () => {
  const secret = 'too-short-secret';
  expect(() => parseEnv({ AUTH_SECRET: secret })).toThrow(/^(?!.*too-short-secret).*$/);
});
