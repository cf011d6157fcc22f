import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import * as OTPAuth from 'otpauth';
import { E2E_ADMIN, latestMailTo, shot, signIn } from './support/test-host.js';

/**
 * The whole identity flow against the real local host — no mocked routes:
 * register, confirm through the link in the outbox, sign in, reach the
 * dashboard, turn two-factor on with a TOTP computed here, sign out, sign back
 * in with a code, end all sessions. And an account whose terms are undecided
 * must accept them before it reaches the dashboard.
 */

const signInHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Log in to Ratkaisu' });

function totpFor(secret: string) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
}

test('register, confirm by mail, sign in, two-factor on, sign out and in with a code, end all sessions', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36);
  const userName = `maija${suffix}`;
  const email = `maija.${suffix}@example.fi`;
  const password = 'Kuusi-puuta-9';

  // Register.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  const register = page.getByRole('dialog', { name: 'Create an account' });
  await register.getByRole('textbox', { name: 'Full name' }).fill('Maija Meikäläinen');
  await register.getByRole('textbox', { name: 'Username' }).fill(userName);
  await register.getByRole('textbox', { name: 'Email' }).fill(email);
  await register.getByLabel('Password', { exact: false }).first().fill(password);
  await register.getByRole('checkbox').check();
  await register.getByRole('button', { name: 'Sign up' }).click();
  await expect(register.getByText('Check your email')).toBeVisible();

  // Signing in before confirming is refused with a clear message.
  await page.keyboard.press('Escape');
  await signIn(page, userName, password);
  await expect(page.getByRole('alert')).toContainText('confirm your email');

  // Confirm through the link in the outbox.
  const mail = latestMailTo(email);
  expect(mail, 'a confirmation mail in the outbox').toBeTruthy();
  const link = /https?:\/\/[^\s"<>]+\/confirm-email\?[^\s"<>]+/.exec(mail!)?.[0];
  expect(link).toBeTruthy();
  const confirmUrl = new URL(link!.replace(/&amp;/g, '&'));
  await page.goto(confirmUrl.pathname + confirmUrl.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Email Address Confirmed' })).toBeVisible();

  // Sign in; the terms were accepted at registration, so the dashboard comes next.
  await signIn(page, userName, password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: new RegExp(`Account menu for ${userName}`) })).toBeVisible();

  // Turn two-factor on with a code computed from the setup key on screen.
  await page.goto('/security');
  const tfa = page.getByRole('region', { name: 'Two-factor authentication' });
  const backupCode = tfa.getByRole('textbox', { name: 'Setup key (if you cannot scan the QR code)' });
  await expect(backupCode).not.toHaveValue('');
  const secret = await backupCode.inputValue();
  await expect(tfa.locator('svg').first()).toBeVisible();
  await tfa.getByRole('textbox', { name: 'Two-factor code' }).fill(totpFor(secret).generate());
  await shot(page, 'security-setup');
  await tfa.getByRole('button', { name: 'Enable' }).click();
  await expect(tfa.getByText('Two-factor authentication is now on.', { exact: false })).toBeVisible();
  await expect(tfa.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await shot(page, 'security-enabled');
  await expect(tfa.getByRole('button', { name: 'Disable' })).toBeVisible();

  // Sign out.
  await page.getByRole('button', { name: new RegExp(`Account menu for ${userName}`) }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'You have logged out' })).toBeVisible();

  // Without a code the sign-in is refused and the code field appears.
  await signIn(page, userName, password);
  await expect(page.getByRole('textbox', { name: 'Two-factor code' })).toBeVisible();
  await shot(page, 'sign-in-code-needed');

  // With a code (the next time step: the one used to enable is spent) it goes through.
  const nextCode = totpFor(secret).generate({ timestamp: Date.now() + 30_000 });
  await signIn(page, userName, password, nextCode);
  await expect(page).toHaveURL(/\/$/);
  const token = await page.evaluate(() => sessionStorage.getItem('ratkaisu.token'));
  expect(token).toBeTruthy();

  // End all sessions: back to sign-in, and the old token no longer works.
  await page.goto('/sessions');
  const sessions = page.getByRole('table', { name: 'Sessions' });
  await expect(sessions.getByRole('row').filter({ hasText: 'Current' })).toHaveCount(1);
  await shot(page, 'sessions');
  await page.getByRole('button', { name: 'End all sessions' }).click();
  await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'End all sessions' }).click();
  await expect(signInHeading(page)).toBeVisible();
  const after = await page.request.get('/user/check-auth', { headers: { authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
});

test('an account with undecided terms accepts them before the dashboard', async ({ page }) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();

  // Decided once, the next sign-in goes straight to the dashboard.
  const check = await page.evaluate(async () => {
    const response = await fetch('/user/check-auth', {
      headers: { authorization: `Bearer ${sessionStorage.getItem('ratkaisu.token')}` },
    });
    return (await response.json()) as { agreedTermsOfService: number };
  });
  expect(check.agreedTermsOfService).toBe(1);
});
