import { type Page, type Route } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { atEachSize, expectAccessible, expectAccessibleOnBoth } from './support/axe.js';

/**
 * The account screens against mocked API answers only (page.route), so they run the same
 * against `vite preview` (E2E_BASE_URL) and against the local host.
 */

const TOKEN_STORAGE_KEY = 'ratkaisu.token';
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

function json(route: Route, body: unknown, status = 200) {
  return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
}

let pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
test.afterEach(() => {
  expect(pageErrors).toEqual([]);
});

/** A signed-in local account: a stored token that check-auth accepts. */
async function signedIn(page: Page, user: { tfaEnabled: boolean }) {
  await page.addInitScript((key) => window.sessionStorage.setItem(key, 'tok-e2e'), TOKEN_STORAGE_KEY);
  await page.route('**/user/check-auth', (route) =>
    json(route, {
      id: 'u1',
      userName: 'alice',
      email: 'alice@example.fi',
      dateJoined: '2025-01-15T10:00:00Z',
      emailConfirmed: true,
      tfaEnabled: user.tfaEnabled,
      sessionId: 's-current',
      agreedTermsOfService: 1,
    }),
  );
  await page.route('**/api/admin/check-admin', (route) => json(route, { isAdmin: false }));
  // The account menu's unread-notices poll: answered here too, or the real host would refuse the fake token.
  await page.route('**/api/notices/unread', (route) => json(route, { unread: 0 }));
}

test('sign-in links open the register and forgot-password modals', async ({ page }) => {
  // Five screens through axe at two sizes.
  test.setTimeout(150_000);
  let registered: unknown;
  await page.route('**/user/register', async (route) => {
    registered = route.request().postDataJSON();
    await json(route, { message: 'Registered.' }, 201);
  });
  await page.route('**/user/forgot-password', (route) => json(route, { message: 'ok' }));

  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to Ratkaisu' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Forgot password?' })).toBeVisible();
  await expectAccessibleOnBoth(page, 'sign-in');
  await shot(page, 'account-login');

  // A failed sign-in shows its errors and moves focus to the first invalid field, which shows a 2 px outline
  // around its wrapper, not only Fluent's underline; a link reached by keyboard shows the same outline.
  const username = page.getByRole('textbox', { name: 'Username or email' });
  const forgotLink = page.getByRole('button', { name: 'Forgot password?' });
  await atEachSize(page, async (device) => {
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(username).toBeFocused();
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    const wrapper = username.locator('xpath=..');
    await expect(wrapper).toHaveCSS('outline-style', 'solid');
    await expect(wrapper).toHaveCSS('outline-width', '2px');
    await expectAccessible(page, `sign-in with errors (${device})`);
    await page.getByRole('button', { name: 'Login', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(forgotLink).toBeFocused();
    await expect(forgotLink).toHaveCSS('outline-style', 'solid');
    await expect(forgotLink).toHaveCSS('outline-width', '2px');
    await shot(page, `account-sign-in-errors-${device}`);
  });

  await page.getByRole('button', { name: 'Create an account' }).click();
  const register = page.getByRole('dialog', { name: 'Create an account' });
  await expect(register).toBeVisible();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  await expectAccessibleOnBoth(page, 'register');
  await register.getByRole('button', { name: 'Sign up' }).click();
  await expect(register.getByText('Enter your full name (2–120 characters, letters only).')).toBeVisible();
  await expect(register.getByText('Username must be at least 3 characters.')).toBeVisible();
  await expect(register.getByText('You must accept the Terms of Service to create an account.')).toBeVisible();
  await expectAccessibleOnBoth(page, 'register with errors');
  await shot(page, 'account-register-invalid');

  await register.getByRole('textbox', { name: 'Full name' }).fill('Alice Example');
  await register.getByRole('textbox', { name: 'Username' }).fill('alice');
  await register.getByRole('textbox', { name: 'Email' }).fill('alice@example.fi');
  await register.getByLabel('Password', { exact: false }).first().fill('correct-horse');
  await register.getByRole('button', { name: 'Show password' }).click();
  await expect(register.getByRole('textbox', { name: 'Password' })).toHaveValue('correct-horse');
  await expect(register.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
  await register.getByRole('checkbox').check();
  await shot(page, 'account-register');
  await register.getByRole('button', { name: 'Sign up' }).click();
  await expect(register.getByText('Check your email')).toBeVisible();
  expect(registered).toEqual({
    fullName: 'Alice Example',
    // The language the screens showed: the account's mails go in it.
    language: 'en',
    username: 'alice',
    email: 'alice@example.fi',
    password: 'correct-horse',
    agreedTerms: true,
  });
  await page.keyboard.press('Escape');
  await expect(register).toBeHidden();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Forgot password' });
  await expect(forgot).toBeVisible();
  await expectAccessibleOnBoth(page, 'forgot password');
  await forgot.getByRole('textbox', { name: 'Email' }).fill('alice@example.fi');
  await forgot.getByRole('button', { name: 'Send Link' }).click();
  await expect(forgot.getByRole('heading', { name: 'Almost there' })).toBeVisible();
  await shot(page, 'account-forgot-sent');
  await forgot.getByRole('button', { name: 'Back to login' }).click();
  await expect(forgot).toBeHidden();
});

test('sessions: the current one is marked, others can be ended, end all signs out', async ({ page }) => {
  await signedIn(page, { tfaEnabled: false });
  let sessions = [
    {
      id: 's-current',
      date: '2025-07-01T10:00:00Z',
      ipAddress: '127.0.0.1',
      device: CHROME_ON_WINDOWS,
      country: 'local',
      current: true,
    },
    {
      id: 's-phone',
      date: '2025-06-28T06:15:00Z',
      ipAddress: '203.0.113.7',
      device:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      country: 'FI',
      current: false,
    },
    {
      id: 's-script',
      date: '2025-01-15T10:00:00Z',
      ipAddress: '198.51.100.23',
      device: 'curl/8.5.0',
      country: 'SE',
      current: false,
    },
  ];
  await page.route('**/user/get-sessions', (route) => json(route, { data: { sessions } }));
  await page.route('**/user/logout', async (route) => {
    const { id } = route.request().postDataJSON() as { id: string };
    sessions = sessions.filter((session) => session.id !== id);
    await json(route, { message: 'ok' });
  });
  let endedAll = false;
  await page.route('**/user/end-all-sessions', async (route) => {
    endedAll = true;
    await json(route, { message: 'ok' });
  });

  await page.goto('/sessions');
  const table = page.getByRole('table', { name: 'Sessions' });
  await expect(table.getByRole('row')).toHaveCount(4);
  const current = table.getByRole('row').filter({ hasText: 'Current' });
  await expect(current).toContainText('1.7.2025');
  await expect(current).toContainText('Chrome on Windows');
  await expect(current.getByRole('button', { name: 'End session' })).toBeDisabled();
  // Times in English: "1.7.2025, 13:00", never the Finnish "klo".
  await expect(current).toContainText(/\d{1,2}\.\d{1,2}\.\d{4}, \d{2}:\d{2}/);
  await expect(page.locator('#main')).not.toContainText('klo');
  await expectAccessibleOnBoth(page, 'sessions');
  await shot(page, 'account-sessions');

  await table.getByRole('row').filter({ hasText: 'curl/8.5.0' }).getByRole('button', { name: 'End session' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);

  await page.getByRole('button', { name: 'End all sessions' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmation' });
  await expect(confirm).toBeVisible();
  await shot(page, 'account-sessions-confirm');
  await confirm.getByRole('button', { name: 'End all sessions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to Ratkaisu' })).toBeVisible();
  expect(endedAll).toBe(true);
  expect(await page.evaluate((key) => window.sessionStorage.getItem(key), TOKEN_STORAGE_KEY)).toBeNull();
});

test('security: change password, and set up two-factor from the QR code', async ({ page }) => {
  await signedIn(page, { tfaEnabled: false });
  await page.route('**/user/get-tfa-key', (route) =>
    json(route, {
      tfaKey: 'JBSWY3DPEHPK3PXP',
      uri: 'otpauth://totp/Ratkaisu:alice%40example.fi?secret=JBSWY3DPEHPK3PXP&issuer=Ratkaisu',
    }),
  );
  await page.route('**/user/change-password', (route) => json(route, { message: 'ok' }));
  await page.route('**/user/tfa-recovery-codes', (route) => json(route, { left: 10, createdAt: null }));
  let toggledWith: unknown;
  await page.route('**/user/toggle-tfa', async (route) => {
    toggledWith = route.request().postDataJSON();
    await json(route, {
      tfaEnabled: true,
      message: 'TFA settings changed',
      recoveryCodes: [...'ABCDEFGHJK'].map((letter) => `AB${letter}CD-EFGHJ`),
    });
  });

  await page.goto('/security');
  const tfa = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(tfa.getByRole('textbox', { name: 'Setup key (if you cannot scan the QR code)' })).toHaveValue(
    'JBSWY3DPEHPK3PXP',
  );
  const qr = tfa.locator('svg').filter({ has: page.locator('title') });
  await expect(qr).toHaveAttribute('width', '240');
  await expectAccessibleOnBoth(page, 'security');
  await shot(page, 'account-security');

  const password = page.getByRole('region', { name: 'Change password' });
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('Password must be at least 8 characters.').first()).toBeVisible();
  await shot(page, 'account-security-invalid');
  await password.getByLabel('Old password').fill('old-password');
  await password.getByLabel('New password').fill('new-password');
  await password.getByLabel('Confirm password').fill('new-password');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('Password Changed!')).toBeVisible();

  await tfa.getByRole('textbox', { name: 'Two-factor code' }).fill('123456');
  await tfa.getByRole('button', { name: 'Enable' }).click();
  await expect(tfa.getByText('Two-factor authentication is now on.', { exact: false })).toBeVisible();
  await expect(tfa.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expect(tfa.getByRole('button', { name: 'Disable' })).toBeVisible();
  await expect(password.getByRole('textbox', { name: 'Two-factor code' })).toBeVisible();
  expect(toggledWith).toEqual({ tfaCode: '123456' });
  await shot(page, 'account-security-enabled');
});

test('reset password and confirm email pages from mailed links', async ({ page }) => {
  test.setTimeout(90_000); // two screens through axe at two sizes
  await page.route('**/user/reset-password', (route) => json(route, { message: 'ok' }));
  // The mailed link is checked before the form is shown (a used or expired one is refused there).
  await page.route('**/user/reset-password/check', (route) => json(route, {}));
  await page.route('**/user/confirm-email', (route) =>
    json(route, { code: 'validation_failed', message: 'Invalid token.' }, 400),
  );
  await page.goto('/reset-password?email=alice%40example.fi&token=t1');
  await page.getByLabel('New password').fill('correct-horse');
  await page.getByLabel('Confirm password').fill('correct-horsf');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('passwords do not match')).toBeVisible();
  await expectAccessibleOnBoth(page, 'reset password with errors');
  await shot(page, 'account-reset-password');
  await page.getByLabel('Confirm password').fill('correct-horse');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('You have successfully reset your password.')).toBeVisible();

  await page.goto('/confirm-email?userId=u1&token=used');
  await expect(page.getByRole('heading', { level: 1, name: 'Error Confirming Email Address' })).toBeVisible();
  await expect(page.getByText('Please contact support for assistance.')).toBeVisible();
  await expectAccessibleOnBoth(page, 'confirm email failed');
  await shot(page, 'account-confirm-email-failed');
});
