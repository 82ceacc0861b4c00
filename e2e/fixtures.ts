import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { createMailbox, linkIn, type Mailbox } from './mailbox.ts';
import { expectToast } from './toasts.ts';
import { UserApi } from './user-api.ts';
import { makeUser, type PooledUser, type TestUser } from './test-users.ts';

export type { PooledUser, TestUser } from './test-users.ts';
// Spec files import every helper from here; each lives in the file of its job.
export { closeToasts, expectToast, expectToastAndClose, toast } from './toasts.ts';
export { expectAccessible, expectNoHorizontalScroll, saveScreen, SCREENS_DIR } from './screens.ts';
export { linkIn, type Mail, type Mailbox } from './mailbox.ts';
export { UserApi } from './user-api.ts';

/*
 * Rate limits are always on in the server and every e2e request comes from
 * 127.0.0.1. better-auth counts per IP and path, and a counter only resets after a
 * full minute without requests on that path, so the whole suite must stay within:
 *   POST /sign-up/email      5   (suite uses 5: auth journey, username-taken x2, signed-in shell,
 *                                 the attacker's account in security-auth)
 *   POST /sign-in/email     10   (suite uses 3)
 *   POST /sign-in/username  10   (suite uses 2)
 *   POST /request-password-reset, /reset-password  5 each (suite uses 1 each)
 * A test that must sign up through the UI on top of these sends its own
 * X-Forwarded-For (the e2e server trusts loopback as a proxy) and so spends
 * its own address's budget: see `ownAddressHeaders` (a context) and `ownClientAddress` (a page).
 * `signedInUser` still costs one sign-up. Tests that need users but are not
 * about signing up take them from `poolUser` instead: verified, signed-in
 * users that global setup made in process before the server started
 * (e2e/seed-user-pool.ts), which cost no auth request at all. The pool holds
 * SIDEPOT_E2E_USER_POOL_SIZE users (160; the suite takes about 135).
 */

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
  /**
   * Takes an unused, verified user with a session from the pool (no sign-up request),
   * with an API client signed in as them. Everything it opens is closed after the test.
   */
  poolUser: () => Promise<Actor>;
};

/** A pooled user and the ways to act as them. */
export type Actor = PooledUser & {
  /** JSON API calls as this user (their session cookie, our Origin). */
  api: UserApi;
  /** A page in a new browser context signed in as this user; console errors fail the test as on `page`. */
  newPage(): Promise<Page>;
};

/** `page`, whose `goto` resolves once the app has adopted a server-rendered screen (web/main.tsx unmarks it). */
function waitingForTheApp(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    // No marked root once the app has adopted it, nor on a page that is not the app's (a sibling origin's).
    if (options?.waitUntil !== 'commit')
      await page.locator('#root[data-prerendered]').waitFor({ state: 'detached' });
    return response;
  };
  return page;
}

type InternalFixtures = {
  /** Collects console errors from every context a test watches; checked after the test. */
  consoleWatch: ConsoleWatch;
};

type ConsoleWatch = {
  allow: (pattern: RegExp) => void;
  watch: (context: BrowserContext) => void;
  problems: string[];
};

/** Failed-resource lines for the answers the app gives on purpose (no session, refused, invalid). */
const EXPECTED_CONSOLE_ERRORS = [
  /^Failed to load resource: the server responded with a status of (401|403|422) /,
];

// With `serviceWorkers: 'block'` (playwright.config.ts) Playwright's stand-in `register()` warns and
// resolves to nothing, so the app's registration (web/features/pwa) reports that it failed. Only
// there: e2e/pwa.spec.ts allows workers, and any warning about them fails it.
const BLOCKED_WORKER_WARNINGS = [
  /^Service Worker registration blocked by Playwright$/,
  /^Service worker registration failed TypeError/,
];

type RequiredEnv =
  'SIDEPOT_E2E_BASE_URL' | 'SIDEPOT_E2E_MAIL_URL' | 'SIDEPOT_E2E_USER_POOL' | 'SIDEPOT_E2E_USER_POOL_CLAIMS';

function requiredEnv(name: RequiredEnv): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: run the suite with 'npx playwright test' so e2e/global-setup.ts starts the app`,
    );
  return value;
}

/**
 * Headers for a browser context whose requests count as coming from their own
 * client address (TEST-NET-3, unique per call and run), so its sign-ups never
 * spend the suite's shared 127.0.0.1 budget.
 */
let addressCounter = 0;
export function ownAddressHeaders(): { 'x-forwarded-for': string } {
  addressCounter += 1;
  return { 'x-forwarded-for': `203.0.113.${((process.pid + addressCounter) % 254) + 1}` };
}

/** The sign-up form's fields, by label, in the form's order, with `user`'s values. */
export function signUpFields(user: Partial<TestUser>): Array<[string, string]> {
  return [
    ['Full Name', user.name ?? ''],
    ['Username', user.username ?? ''],
    ['Email', user.email ?? ''],
    ['Password', user.password ?? ''],
    ['Phone Number', user.phone ?? ''],
    ['Venmo Handle', user.venmoHandle ?? ''],
  ];
}

/** Fills every sign-up field from `user`; the age box is left to the caller. */
export async function fillSignUpForm(page: Page, user: Partial<TestUser>): Promise<void> {
  for (const [label, value] of signUpFields(user)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

/**
 * Makes every request of `page` come from its own client address (the e2e server trusts
 * X-Forwarded-For from loopback), so its auth requests have their own rate-limit budget.
 */
export async function ownClientAddress(page: Page): Promise<string> {
  const headers = ownAddressHeaders();
  await page.setExtraHTTPHeaders(headers);
  return headers['x-forwarded-for'];
}

/**
 * On the sign-up screen: fills and submits the form, waits for the spec's toast and
 * the verification mail, and opens its link in `page` (where it lands is the caller's to check).
 */
export async function submitSignUpAndOpenLink(page: Page, mailbox: Mailbox, user: TestUser): Promise<void> {
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
}

async function signUpThroughApi(request: APIRequestContext, baseURL: string, user: TestUser): Promise<void> {
  const response = await request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL },
    data: { ...user, ageConfirmed: true },
  });
  expect(response.status(), `seed sign-up for ${user.username}: ${await response.text()}`).toBe(200);
}

export const test = base.extend<Fixtures & InternalFixtures>({
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

  consoleWatch: async ({ serviceWorkers }, use) => {
    const allowed = [
      ...EXPECTED_CONSOLE_ERRORS,
      ...(serviceWorkers === 'block' ? BLOCKED_WORKER_WARNINGS : []),
    ];
    const problems: string[] = [];
    await use({
      problems,
      allow: (pattern) => allowed.push(pattern),
      watch: (context) => {
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
      },
    });
  },

  // Unexpected console errors and uncaught page errors fail the test, so a warning nobody
  // reads cannot hide a bug; on `page` and on every page a test opens with `Actor.newPage()`.
  consoleGuard: [
    async ({ context, consoleWatch }, use) => {
      consoleWatch.watch(context);
      await use({ allow: (pattern) => consoleWatch.allow(pattern) });
      expect(consoleWatch.problems, 'unexpected console errors or uncaught page errors').toEqual([]);
    },
    { auto: true },
  ],

  // A prerendered screen (ADR 047; signed in, ADR 067) is painted before the app runs, and a press on it then
  // does nothing (a form's post is answered 204, a button has no handler yet). Tests act on the app: `goto`
  // waits until it has adopted the markup. The tests of that gap itself navigate with `waitUntil: 'commit'`.
  page: async ({ page }, use) => {
    await use(waitingForTheApp(page));
  },

  seedUser: async ({ request, baseURL }, use) => {
    await use(async (user) => {
      await signUpThroughApi(request, baseURL ?? '', user);
      return user;
    });
  },

  signUpAndVerify: async ({ mailbox }, use) => {
    await use(async (page, user) => {
      await page.goto('/signup');
      await submitSignUpAndOpenLink(page, mailbox, user);
      await expect(page).toHaveURL(/\/home$/);
    });
  },

  // Cleaning up: each run's database lives in a temporary directory that global
  // teardown deletes, and users are unique per test, so nothing leaks between tests.
  signedInUser: async ({ page, baseURL, mailbox, uniqueUser }, use) => {
    const user = uniqueUser();
    // Through the page's own cookie jar: only the browser that signed up is signed in by the link.
    await signUpThroughApi(page.request, baseURL ?? '', user);
    const mail = await mailbox.waitForMail(user.email, 'Verify');
    await page.goto(linkIn(mail, '/verify-email'));
    await expect(page).toHaveURL(/\/home$/);
    await use(user);
  },

  poolUser: async ({ browser, playwright, baseURL, consoleWatch }, use) => {
    const base = baseURL ?? '';
    const opened: Array<{ close(): Promise<void> }> = [];
    await use(async () => {
      const user = claimPoolUser();
      const cookies = sessionCookies(user, base);
      const request = await playwright.request.newContext({
        baseURL: base,
        extraHTTPHeaders: { origin: base },
        storageState: { cookies, origins: [] },
      });
      opened.push({ close: () => request.dispose() });
      return {
        ...user,
        api: new UserApi(request, user.username),
        newPage: async () => {
          // Gets the config's `use` options (baseURL, viewport, locale) like the built-in context.
          const context = await browser.newContext();
          opened.push(context);
          consoleWatch.watch(context);
          await context.addCookies(cookies);
          return waitingForTheApp(await context.newPage());
        },
      };
    });
    for (const item of opened.reverse()) await item.close();
  },
});

/** A pooled user's session cookies for a browser context (or a persistent one, e2e/pwa.spec.ts) on `baseUrl`. */
export function sessionCookies(user: PooledUser, baseUrl: string) {
  return user.cookies.map((cookie) => ({
    ...cookie,
    domain: new URL(baseUrl).hostname,
    path: '/',
    expires: -1,
    httpOnly: true,
    secure: false,
    sameSite: 'Lax' as const,
  }));
}

/**
 * The next unused user of the pool. Claims are files created with O_EXCL in a
 * folder global setup made, so workers (and retries) never share a user.
 */
function claimPoolUser(): PooledUser {
  const pool = JSON.parse(readFileSync(requiredEnv('SIDEPOT_E2E_USER_POOL'), 'utf8')) as PooledUser[];
  const claims = requiredEnv('SIDEPOT_E2E_USER_POOL_CLAIMS');
  for (const [index, user] of pool.entries()) {
    try {
      closeSync(openSync(path.join(claims, String(index)), 'wx'));
      return user;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(
    `e2e: all ${pool.length} pool users are taken; raise SIDEPOT_E2E_USER_POOL_SIZE (e2e/global-setup.ts)`,
  );
}

export { expect };
