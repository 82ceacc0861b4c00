import { randomBytes, randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import type { CapturedMail } from './smtp-capture.ts';

/*
 * Rate limits are always on in the server and every e2e request comes from
 * 127.0.0.1. better-auth counts per IP and path, and a counter only resets after a
 * full minute without requests on that path, so the whole suite must stay within:
 *   POST /sign-up/email      5   (suite uses 4: auth journey, username-taken x2, signed-in shell)
 *   POST /sign-in/email     10   (suite uses 3)
 *   POST /sign-in/username  10   (suite uses 2)
 *   POST /request-password-reset, /reset-password  5 each (suite uses 1 each)
 * A test that needs a user but is not about sign-up takes `signedInUser`, which
 * still costs one sign-up: add such tests sparingly, or ask for an e2e limit.
 */

export type TestUser = {
  name: string;
  username: string;
  email: string;
  password: string;
  /** 10 digits, no formatting. */
  phone: string;
  venmoHandle: string;
};

export type Mail = Pick<CapturedMail, 'subject' | 'text' | 'html' | 'links'>;

export type Mailbox = {
  /** The newest message to `to` whose subject contains `subjectContains`; waits up to 10 s. */
  waitForMail(to: string, subjectContains: string): Promise<Mail>;
  /** Every message to `to` so far, oldest first. */
  messagesTo(to: string): Promise<CapturedMail[]>;
};

export type ConsoleGuard = {
  /** Lets console errors matching `pattern` through for the rest of this test. */
  allow(pattern: RegExp): void;
};

type Fixtures = {
  mailbox: Mailbox;
  uniqueUser: () => TestUser;
  consoleGuard: ConsoleGuard;
  /** Creates an unverified account through the API, for tests that are not about the sign-up screen. */
  seedUser: (user: TestUser) => Promise<TestUser>;
  /** Signs up through the UI, follows the verification link and lands on /home. */
  signUpAndVerify: (page: Page, user: TestUser) => Promise<void>;
  /** A fresh verified user, signed in on `page` by following its verification link. */
  signedInUser: TestUser;
};

const MAIL_TIMEOUT_MS = 10_000;
export const SCREENS_DIR = fileURLToPath(new URL('../test-results/screens', import.meta.url));

/** Failed-resource lines for the answers the app gives on purpose (no session, refused, invalid). */
const EXPECTED_CONSOLE_ERRORS = [
  /^Failed to load resource: the server responded with a status of (401|403|422) /,
];

const FIRST_NAMES = ['Jordan', 'Avery', 'Riley', 'Morgan', 'Casey', 'Taylor', 'Quinn', 'Skyler'];
const LAST_NAMES = ['Rivera', 'Chen', 'Okafor', 'Novak', 'Patel', 'Moreau', 'Kim', 'Larsen'];

function pick<T>(values: readonly T[]): T {
  const value = values[randomInt(values.length)];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
}

function makeUser(): TestUser {
  const suffix = randomBytes(4).toString('hex');
  const first = pick(FIRST_NAMES);
  const last = pick(LAST_NAMES);
  return {
    name: `${first} ${last}`,
    username: `${first.toLowerCase()}_${suffix}`,
    email: `${first.toLowerCase()}.${suffix}@sidepot.test`,
    password: `pw-${suffix}-secret`,
    phone: `555${String(randomInt(10_000_000)).padStart(7, '0')}`,
    venmoHandle: `${first}-${last}-${suffix}`,
  };
}

function requiredEnv(name: 'SIDEPOT_E2E_BASE_URL' | 'SIDEPOT_E2E_MAIL_URL'): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: run the suite with 'npx playwright test' so e2e/global-setup.ts starts the app`,
    );
  return value;
}

/** The toast showing every one of `texts` exactly (a title, a message, or both). */
export function toast(page: Page, ...texts: [string, ...string[]]) {
  let item = page.getByRole('region', { name: /notifications/i }).getByRole('listitem');
  for (const text of texts) item = item.filter({ has: page.getByText(text, { exact: true }) });
  return item.first();
}

export async function expectToast(page: Page, ...texts: [string, ...string[]]): Promise<void> {
  await expect(toast(page, ...texts)).toBeVisible();
}

/** Fills every sign-up field from `user`; the age box is left to the caller. */
export async function fillSignUpForm(page: Page, user: Partial<TestUser>): Promise<void> {
  const fields: Array<[string, string | undefined]> = [
    ['Full Name', user.name],
    ['Username', user.username],
    ['Email', user.email],
    ['Password', user.password],
    ['Phone Number', user.phone],
    ['Venmo Handle', user.venmoHandle],
  ];
  for (const [label, value] of fields) {
    await page.getByLabel(label, { exact: true }).fill(value ?? '');
  }
}

/** A full-page screenshot into test-results/screens/<name>.png, for people to look at. */
export async function saveScreen(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({
    path: path.join(SCREENS_DIR, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

/** The page has no horizontal scroll at its current width. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const scrollWidth = await page.evaluate(
    () => (document.scrollingElement ?? document.documentElement).scrollWidth,
  );
  expect(scrollWidth, `page is ${scrollWidth}px wide in a ${width}px viewport`).toBeLessThanOrEqual(width);
}

function createMailbox(mailUrl: string): Mailbox {
  const messagesTo = async (to: string): Promise<CapturedMail[]> => {
    const response = await fetch(`${mailUrl}/messages?to=${encodeURIComponent(to.toLowerCase())}`);
    if (!response.ok) throw new Error(`mail capture answered ${response.status}`);
    return (await response.json()) as CapturedMail[];
  };
  return {
    messagesTo,
    waitForMail: async (to, subjectContains) => {
      let found: CapturedMail | undefined;
      let seen: string[] = [];
      await expect
        .poll(
          async () => {
            const messages = await messagesTo(to);
            seen = messages.map((message) => message.subject);
            found = messages.filter((message) => message.subject.includes(subjectContains)).at(-1);
            return found !== undefined;
          },
          {
            timeout: MAIL_TIMEOUT_MS,
            intervals: [100, 250, 500],
            message: `mail to ${to} with subject containing "${subjectContains}"`,
          },
        )
        .toBe(true)
        .catch((error: unknown) => {
          throw new Error(
            `No mail to ${to} with a subject containing "${subjectContains}" within ${MAIL_TIMEOUT_MS / 1000} s; received: ${JSON.stringify(seen)}`,
            { cause: error },
          );
        });
      if (!found) throw new Error('unreachable: poll passed without a message');
      return { subject: found.subject, text: found.text, html: found.html, links: found.links };
    },
  };
}

/** The one link in `mail` whose path contains `pathPart`. */
export function linkIn(mail: Mail, pathPart: string): string {
  const link = mail.links.find((candidate) => new URL(candidate).pathname.includes(pathPart));
  if (!link)
    throw new Error(`no link containing "${pathPart}" in mail "${mail.subject}": ${mail.links.join(', ')}`);
  return link;
}

async function signUpThroughApi(request: APIRequestContext, baseURL: string, user: TestUser): Promise<void> {
  const response = await request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL },
    data: { ...user, ageConfirmed: true },
  });
  expect(response.status(), `seed sign-up for ${user.username}: ${await response.text()}`).toBe(200);
}

export const test = base.extend<Fixtures>({
  // Global setup picks the port; read it here so every worker uses the running server.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this destructuring
  baseURL: async ({}, use) => {
    await use(requiredEnv('SIDEPOT_E2E_BASE_URL'));
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this destructuring
  mailbox: async ({}, use) => {
    await use(createMailbox(requiredEnv('SIDEPOT_E2E_MAIL_URL')));
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this destructuring
  uniqueUser: async ({}, use) => {
    await use(makeUser);
  },

  // Unexpected console errors and uncaught page errors fail the test (STYLE.md section 6).
  consoleGuard: [
    async ({ context }, use) => {
      const allowed = [...EXPECTED_CONSOLE_ERRORS];
      const problems: string[] = [];
      context.on('console', (message) => {
        if (message.type() !== 'error' && message.type() !== 'warning') return;
        const text = message.text();
        if (allowed.some((pattern) => pattern.test(text))) return;
        const location = message.location();
        problems.push(
          `console.${message.type()}: ${text}${location.url ? ` (${location.url}:${location.lineNumber})` : ''}`,
        );
      });
      context.on('weberror', (error) => {
        problems.push(`uncaught: ${error.error().stack ?? error.error().message}`);
      });
      await use({ allow: (pattern) => allowed.push(pattern) });
      expect(problems, 'unexpected console errors or uncaught page errors').toEqual([]);
    },
    { auto: true },
  ],

  seedUser: async ({ request, baseURL }, use) => {
    await use(async (user) => {
      await signUpThroughApi(request, baseURL ?? '', user);
      return user;
    });
  },

  signUpAndVerify: async ({ mailbox }, use) => {
    await use(async (page, user) => {
      await page.goto('/signup');
      await fillSignUpForm(page, user);
      await page.getByRole('checkbox', { name: 'I am 18 or older' }).check();
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expectToast(
        page,
        'Check Your Email',
        "We've sent you a verification link. Please check your email to verify your account.",
      );
      const mail = await mailbox.waitForMail(user.email, 'Verify');
      await page.goto(linkIn(mail, '/verify-email'));
      await expect(page).toHaveURL(/\/home$/);
    });
  },

  // Cleaning up: each run's database lives in a temporary directory that global
  // teardown deletes, and users are unique per test, so nothing leaks between tests.
  signedInUser: async ({ page, request, baseURL, mailbox, uniqueUser }, use) => {
    const user = uniqueUser();
    await signUpThroughApi(request, baseURL ?? '', user);
    const mail = await mailbox.waitForMail(user.email, 'Verify');
    await page.goto(linkIn(mail, '/verify-email'));
    await expect(page).toHaveURL(/\/home$/);
    await use(user);
  },
});

export { expect };
