import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { expectAccessibleOnBoth } from './support/axe.js';
import { shot } from './support/test-host.js';

/** The key under which the SPA keeps a local-account bearer token (web/src/stores/token-storage.ts). */
const TOKEN_STORAGE_KEY = 'ratkaisu.token';

// Any uncaught script error (including one caused by the security headers) fails the test.
let pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
test.afterEach(() => {
  expect(pageErrors).toEqual([]);
});

function signInHeading(page: Page) {
  return page.getByRole('heading', { level: 1, name: 'Log in to Ratkaisu' });
}

test('shows "Verifying access" while checking a stored session, then the sign-in screen', async ({ page }) => {
  await page.addInitScript((key) => window.sessionStorage.setItem(key, 'stale-token'), TOKEN_STORAGE_KEY);
  let releaseCheck!: () => void;
  const checkHeld = new Promise<void>((resolve) => (releaseCheck = resolve));
  let checkAuthorization: string | undefined;
  await page.route('**/user/check-auth', async (route) => {
    checkAuthorization = (await route.request().headerValue('authorization')) ?? undefined;
    await checkHeld;
    await route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'unauthorized', message: 'Session expired.' }),
    });
  });

  await page.goto('/');
  await expect(page.getByRole('status').getByText('Verifying access')).toBeVisible();
  await shot(page, 'loading');
  releaseCheck();

  // A rejected token is forgotten and the signed-out user lands on sign-in.
  await expect(signInHeading(page)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(checkAuthorization).toBe('Bearer stale-token');
  expect(await page.evaluate((key) => window.sessionStorage.getItem(key), TOKEN_STORAGE_KEY)).toBeNull();
  await expect(page.getByRole('textbox', { name: 'Username or email' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await shot(page, 'login');
});

test('a signed-in-only route sends a signed-out user to sign-in, which returns there afterwards', async ({ page }) => {
  await page.goto('/new-dispute-form');
  await expect(signInHeading(page)).toBeVisible();
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fnew-dispute-form$/);
});

test('a failed sign-in shows the server message, or "Login failed" without one', async ({ page }) => {
  let answer = {
    status: 401,
    body: JSON.stringify({ code: 'unauthorized', message: 'Invalid username or password.' }),
  };
  await page.route('**/user/login', (route) =>
    route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body }),
  );
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username or email' }).fill('alice');
  await page.getByLabel(/^Password/).fill('wrong-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
  await expect(page).toHaveURL(/\/login$/);
  await shot(page, 'login-error');

  answer = { status: 404, body: '' };
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Login failed');
});

test('a sign-in the server cannot complete shows an error, not a crash (no mocks)', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username or email' }).fill('nobody');
  await page.getByLabel(/^Password/).fill('not-a-real-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // Whatever the server answers (no such route yet, wrong credentials), the form explains and stays usable.
  await expect(page.getByRole('alert')).toHaveText(/\S/);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
});

test('a successful sign-in stores the token and leads to the terms while they are undecided', async ({ page }) => {
  await page.route('**/user/login', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        token: 'tok-e2e',
        user: { id: 'u1', userName: 'alice', email: 'alice@example.fi', agreedTermsOfService: 0, sessionId: 's1' },
      }),
    }),
  );
  await page.route('**/api/admin/check-admin', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ isAdmin: false }) }),
  );
  // The account menu's unread-notices poll, answered like the rest (the real host would refuse the fake token).
  await page.route('**/api/notices/unread', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ unread: 0 }) }),
  );
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username or email' }).fill('alice');
  await page.getByLabel(/^Password/).fill('correct-horse');
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(page).toHaveURL(/\/terms-of-service$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  // Signed in: the shell shows the account and the legal footer, and no admin link.
  await expect(page.getByRole('button', { name: /Account menu for alice/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Legal' }).getByRole('link')).toHaveCount(6);
  expect(await page.evaluate((key) => window.sessionStorage.getItem(key), TOKEN_STORAGE_KEY)).toBe('tok-e2e');
  await shot(page, 'signed-in-placeholder');

  await page.getByRole('button', { name: /Account menu for alice/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toHaveCount(0);
  await shot(page, 'account-menu');
});

test('a legal route renders its page without sign-in', async ({ page }) => {
  await page.goto('/terms-of-service');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByText('Effective 15.1.2025')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Governing law and jurisdiction/ })).toBeVisible();
  await expect(page).toHaveTitle('Terms of Service – Ratkaisu');
  await expectAccessibleOnBoth(page, '/terms-of-service');
  await shot(page, 'terms');

  // Return goes home when the visit started here; home sends a signed-out user to sign-in.
  await page.getByRole('button', { name: 'Return' }).click();
  await expect(signInHeading(page)).toBeVisible();
});

test('/home redirects to / and an unknown route shows not found', async ({ page }) => {
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectAccessibleOnBoth(page, 'not found');
});

test('the access-denied page shows its error as text', async ({ page }) => {
  const crafted = '<img src=x onerror="window.__injected=1">Your tenant is not registered';
  await page.goto(`/access-denied.html?error=${encodeURIComponent(crafted)}`);
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(crafted);
  expect(await page.evaluate(() => document.querySelectorAll('#error img').length)).toBe(0);
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  await shot(page, 'access-denied');

  await page.goto('/access-denied.html?error=authentication_required');
  await expect(page.getByRole('alert')).toContainText('sign in again');
});
