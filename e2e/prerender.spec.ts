import path from 'node:path';
import type { Page } from '@playwright/test';
import { holdScripts } from './hold-scripts.ts';
import { expect, SCREENS_DIR, test } from './fixtures.ts';

/*
 * Signed out, /, /signup and /login arrive as HTML with their screen already in it (the build's prerender,
 * server/lib/prerendered-pages.ts, ADR 047), and React hydrates that markup. The console guard fails any
 * test here on a hydration error (web/main.tsx sends onRecoverableError to console.error).
 */

/** React marks the container it has taken over; until then the screen is the server's markup only. */
async function waitForHydration(page: Page) {
  // web/main.tsx unmarks the root once the app has adopted its markup.
  await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' });
}


/** saveScreen's picture without its axe run, which needs the page's JavaScript (the app's own screens run it). */
async function saveNoScriptScreen(page: Page, name: string) {
  if (!process.env.CI) await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true });
}

const TO_LOGIN = {
  link: 'Already have an account? Sign in',
  next: 'Welcome Back',
  nextTitle: 'Sign In · Sidepot',
};
const SCREENS = [
  { path: '/', heading: 'Join', title: 'Join · Sidepot', ...TO_LOGIN },
  { path: '/signup', heading: 'Join', title: 'Join · Sidepot', ...TO_LOGIN },
  {
    path: '/login',
    heading: 'Welcome Back',
    title: 'Sign In · Sidepot',
    link: "Don't have an account? Sign up",
    next: 'Join',
    nextTitle: 'Join · Sidepot',
  },
];

test('without JavaScript, /login shows its whole form', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign In · Sidepot');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByText('Sign in to settle up with your friends.')).toBeVisible();
  await expect(page.getByLabel('Email or Username')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Forgot your password?' })).toBeVisible();
  await expect(page.getByRole('link', { name: "Don't have an account? Sign up" })).toHaveAttribute(
    'href',
    '/signup',
  );
  await saveNoScriptScreen(page, 'prerendered-login-no-js');
  // Sent before any script ran: posted and answered with the form again, never a password in the URL.
  await page.getByLabel('Email or Username').fill('someone');
  await page.getByLabel('Password', { exact: true }).fill('not-in-the-url');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  expect(page.url()).not.toContain('not-in-the-url');
  expect(new URL(page.url()).pathname).toBe('/login');
  await context.close();
});

test('without JavaScript, / and /signup show the sign-up form', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const screen of ['/', '/signup']) {
    await page.goto(screen);
    await expect(page).toHaveTitle('Join · Sidepot');
    await expect(page.getByRole('heading', { level: 1, name: 'Join' })).toBeVisible();
    await expect(page.getByText('Make friendly bets with your friends.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Already have an account? Sign in' })).toBeVisible();
    await saveNoScriptScreen(page, `prerendered-${screen === '/' ? 'root' : 'signup'}-no-js`);
  }
  await context.close();
});

for (const { path, heading, title, link, next, nextTitle } of SCREENS) {
  test(`${path}: the prerendered screen hydrates without an error and works`, async ({ page }) => {
    const response = await page.goto(path);
    const html = (await response?.text()) ?? '';
    expect(html).toContain(`<div id="root" data-prerendered="${path}">`);
    expect(html).toContain(`<title>${title}</title>`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(title);
    // The prerendered markup is the app's now: its links navigate in the app.
    await page.getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: next })).toBeVisible();
    // The app keeps the tab's title (web/components/layouts/document-title.tsx).
    await expect(page).toHaveTitle(nextTitle);
  });
}

test('what is typed into the prerendered login form before the app runs is kept and signs in', async ({
  page,
  poolUser,
}) => {
  const user = await poolUser();
  // Hold every script until the form has been filled: the visitor types into the server's markup.
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Email or Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  release();
  await waitForHydration(page);
  await expect(page.getByLabel('Email or Username')).toHaveValue(user.username);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('the age box ticked on the prerendered sign-up before the app runs stays ticked and counts', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/signup', { waitUntil: 'commit' });
  const age = page.getByRole('checkbox', { name: 'I am 18 or older' });
  // A native box (issue 23): it ticks in the server's markup.
  await age.click();
  await expect(age).toBeChecked();
  release();
  await waitForHydration(page);
  await expect(age).toBeChecked();
  // The form's own state has it: the empty form's errors leave the age box out.
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByLabel('Full Name')).toBeFocused();
  await expect(page.getByText('You must confirm you are 18 or older to continue.')).toHaveCount(0);
  await expect(age).toBeChecked();
});

test('a link on the prerendered login followed before the app runs: the next page goes Back to it', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  // The server's markup: a plain link, so this is a full page load of the policy page.
  await page.getByRole('link', { name: 'Text Verification & Opt-In Policy' }).click();
  await expect(page).toHaveURL(/\/sms-opt-in-policy$/);
  release();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
});

test('with a session cookie the shell is the plain one and / goes on to /home', async ({ poolUser }) => {
  const page = await (await poolUser()).newPage();
  const response = await page.goto('/');
  const html = (await response?.text()) ?? '';
  expect(html).toContain('<div id="root"></div>');
  expect(html).not.toContain('data-prerendered');
  await expect(page).toHaveURL(/\/home$/);
  // A screen the app renders itself names the tab too.
  await expect(page).toHaveTitle('Place a Bet · Sidepot');
});

test('an invite link gets the plain shell, and its links carry the invite', async ({ page }) => {
  const invite = 'a'.repeat(22);
  const response = await page.goto(`/signup?invite=${invite}`);
  expect((await response?.text()) ?? '').toContain('<div id="root"></div>');
  await expect(page.getByRole('link', { name: 'Already have an account? Sign in' })).toHaveAttribute(
    'href',
    `/login?invite=${invite}`,
  );
});
