import { randomUUID } from 'node:crypto';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { bearer, fileAndSend, ok } from './support/case-api.js';
import { CONTRACT_PAGES } from '../api/support/finnish-pdf.js';
import { expectAccessible } from './support/axe.js';
import { latestMailTo, registerConfirmedUser, shot } from './support/test-host.js';

/**
 * Mail links land where they point. (a) The respondent's invitation: the link
 * opens a page naming the case, the inviter and the invited address; sign-up
 * is bound to that address; after the confirmation mail and sign-in the
 * respondent is on the case page. (b) "Keep me signed in": a mail link opened
 * in a new tab lands on its page signed in; once that session is ended on the
 * Sessions screen (from another device), a new tab is signed out.
 */

const PASSWORD = 'Kuusi-puuta-9';

/** Opens a case as `claimant` against `respondentEmail` and sends the claim, which mails the invitation. */
async function caseWithInvitation(
  page: Page,
  claimant: { userName: string; email: string; password: string },
  respondentEmail: string,
  name: string,
): Promise<string> {
  const headers = await bearer(page.request, claimant);
  const created = (await ok(
    await page.request.post('/api/dispute', {
      headers,
      data: {
        id: randomUUID(),
        name,
        description: 'Teräspalkit toimitettiin kuusi viikkoa sovittua myöhemmin.',
        claimant: { name: 'Rakennus Oy', identificationNumber: '1234567-8', email: claimant.email, address: 'Katu 1' },
        respondent: { name: 'Teräs Oy', identificationNumber: '8765432-1', email: respondentEmail, address: 'Tie 2' },
      },
    }),
    'create case',
  )) as { id: string };
  await fileAndSend(page.request, headers, created.id, { name: 'Sopimus.pdf', pages: CONTRACT_PAGES }, 'Response');
  return created.id;
}

/** With E2E_SCREENSHOT_DIR set: the screen at desktop (1280×800) and phone (390×844) size. */
async function shots(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOT_DIR) return;
  const before = page.viewportSize();
  for (const [suffix, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await shot(page, `${name}-${suffix}`);
  }
  if (before) await page.setViewportSize(before);
}

/** The first link to `route` in the newest mail to `to`, as a path on the test host. */
function mailedPath(to: string, route: RegExp): string {
  const mail = latestMailTo(to);
  expect(mail, `a mail to ${to}`).toBeTruthy();
  const link = new RegExp(`https?://[^\\s"<>]+${route.source}[^\\s"<>]*`).exec(mail!)?.[0];
  expect(link, `a ${route.source} link in the mail`).toBeTruthy();
  const url = new URL(link!.replace(/&amp;/g, '&'));
  return url.pathname + url.search;
}

test('an invited respondent signs up from the invitation and lands on the case', async ({ page }) => {
  test.setTimeout(90_000);
  const claimant = await registerConfirmedUser(page.request, 'kantaja');
  const suffix = Date.now().toString(36);
  const respondentEmail = `vastaaja.${suffix}@example.fi`;
  const disputeId = await caseWithInvitation(page, claimant, respondentEmail, 'Teräspalkkien viivästys');

  // The invitation mail's link opens the invitation page, which says what and who.
  const invitation = mailedPath(respondentEmail, /\/invitation\//);
  await page.goto(invitation);
  await expect(page.getByRole('heading', { level: 1, name: 'You have been invited to a case' })).toBeVisible();
  await expect(page.getByTestId('invitation-case')).toHaveText('Teräspalkkien viivästys');
  await expect(page.getByTestId('invitation-inviter')).toContainText('Rakennus Oy');
  await expect(page.getByTestId('invitation-inviter')).toContainText(claimant.email);
  await expect(page.getByTestId('invitation-email')).toHaveText(respondentEmail);
  await expect(page.getByRole('button', { name: 'Log in to open the case' })).toBeVisible();
  await shots(page, 'invitation');
  await expectAccessible(page, 'invitation');

  // Sign-up carries the invited address and does not let it be changed.
  await page.getByRole('button', { name: 'Create an account with this address' }).click();
  const register = page.getByRole('dialog', { name: 'Create an account' });
  await register.getByRole('textbox', { name: 'Full name' }).fill('Maija Meikäläinen');
  const email = register.getByRole('textbox', { name: 'Email' });
  await expect(email).toHaveValue(respondentEmail);
  await expect(email).toHaveAttribute('readonly', '');
  const userName = `vastaaja${suffix}`;
  await register.getByRole('textbox', { name: 'Username' }).fill(userName);
  await register.getByLabel('Password', { exact: false }).first().fill(PASSWORD);
  await register.getByRole('checkbox').check();
  await shots(page, 'invitation-sign-up');
  await expectAccessible(page, 'invitation sign-up');
  await register.getByRole('button', { name: 'Sign up' }).click();
  await expect(register.getByText('Check your email')).toBeVisible();

  // The confirmation link keeps the case as where to go, through sign-in.
  const confirm = mailedPath(respondentEmail, /\/confirm-email\?/);
  expect(new URLSearchParams(confirm.split('?')[1]).get('returnTo')).toBe(`/case-attachment/${disputeId}`);
  await page.goto(confirm);
  await expect(page.getByRole('heading', { level: 1, name: 'Email Address Confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Log in to continue' }).click();
  await expect(page).toHaveURL(/\/login\?returnTo=/);
  await expect(page.getByTestId('login-return-notice')).toBeVisible();
  await shots(page, 'sign-in-return');
  await page.getByRole('textbox', { name: 'Username or email' }).fill(userName);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/case-attachment/${disputeId}$`));
  await expect(page.getByText('Teräspalkkien viivästys').first()).toBeVisible();
  // The case opens on where the respondent stands: their turn, the Response phase, the next action.
  const banner = page.getByTestId('case-banner');
  await expect(banner.getByRole('heading', { level: 2 })).toHaveText('Your turn');
  await expect(banner.getByTestId('case-side')).toHaveText('You represent the respondent');
  await expect(banner).toContainText('Active phase: Response');
  await expect(banner.getByTestId('next-action')).toHaveText('Upload documents');
  await shots(page, 'invitation-landed-on-case');
});

test('an invited respondent who already has an account signs in from the invitation and lands on the case', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const claimant = await registerConfirmedUser(page.request, 'kantaja');
  const respondent = await registerConfirmedUser(page.request, 'tuttu');
  const disputeId = await caseWithInvitation(page, claimant, respondent.email, 'Tuttu vastaaja');

  await page.goto(mailedPath(respondent.email, /\/invitation\//));
  await expect(page.getByTestId('invitation-email')).toHaveText(respondent.email);
  await page.getByRole('button', { name: 'Log in to open the case' }).click();
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fcase-attachment%2F/);
  await page.getByRole('textbox', { name: 'Username or email' }).fill(respondent.email);
  await page.getByLabel(/^Password/).fill(respondent.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/case-attachment/${disputeId}$`));
  await expect(page.getByText('Tuttu vastaaja').first()).toBeVisible();
});

test('a wrong invitation link says what to do', async ({ page }) => {
  await page.goto(`/invitation/${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This invitation link does not work' })).toBeVisible();
  await expect(page.getByTestId('invitation-error')).toContainText('ask the party who invited you');
  await shots(page, 'invitation-wrong');
});

test('"Keep me signed in": a mail link in a new tab lands signed in, until the session is ended', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const claimant = await registerConfirmedUser(page.request, 'muistava');
  const respondent = await registerConfirmedUser(page.request, 'toinen');
  const disputeId = await caseWithInvitation(page, claimant, respondent.email, 'Muistettu asia');
  const caseLink = `/case-attachment/${disputeId}`;

  // Signed out, the case link goes to sign-in with the case as the return target.
  await page.goto(caseLink);
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fcase-attachment%2F/);
  await page.getByRole('textbox', { name: 'Username or email' }).fill(claimant.userName);
  await page.getByLabel(/^Password/).fill(claimant.password);
  await page.getByRole('checkbox', { name: 'Keep me logged in' }).check();
  await shots(page, 'sign-in-keep');
  await expectAccessible(page, 'sign-in with keep me signed in');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${caseLink}$`));

  // The long-lived credential is not readable by script.
  expect(await page.evaluate(() => document.cookie)).not.toContain('ratkaisu_refresh');
  const cookies = await page.context().cookies();
  const refresh = cookies.find((cookie) => cookie.name === 'ratkaisu_refresh');
  expect(refresh?.httpOnly).toBe(true);
  expect(refresh?.sameSite).toBe('Strict');
  expect(refresh?.path).toBe('/user/refresh-session');

  // A link from a mail ("your turn", decision ready…) in a new tab of the same browser lands on its page, signed in.
  const newTab = await page.context().newPage();
  await newTab.goto(caseLink);
  await expect(newTab).toHaveURL(new RegExp(`${caseLink}$`));
  await expect(newTab.getByText('Muistettu asia').first()).toBeVisible();
  await expect(newTab.getByRole('button', { name: new RegExp(`Account menu for ${claimant.userName}`) })).toBeVisible();
  await newTab.close();

  // An off-site return target is ignored: sign-in never sends the browser elsewhere.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/login?returnTo=https%3A%2F%2Fevil.example%2F');
  await expect(otherPage.getByTestId('login-return-notice')).toHaveCount(0);
  await otherPage.getByRole('textbox', { name: 'Username or email' }).fill(claimant.userName);
  await otherPage.getByLabel(/^Password/).fill(claimant.password);
  await otherPage.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(otherPage).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);

  // On the other device the Sessions screen shows the remembered session; ending it signs that device out.
  await otherPage.goto('/sessions');
  const kept = otherPage.getByTestId('session-row').filter({ has: otherPage.getByTestId('session-kept') });
  await expect(kept).toHaveCount(1);
  await shots(otherPage, 'sessions-kept');
  await expectAccessible(otherPage, 'sessions with a kept session');
  await kept.getByRole('button', { name: 'End session' }).click();
  await expect(otherPage.getByTestId('session-kept')).toHaveCount(0);
  await other.close();

  const afterEnd = await page.context().newPage();
  await afterEnd.goto(caseLink);
  await expect(afterEnd).toHaveURL(/\/login\?returnTo=/);
  await expect(afterEnd.getByRole('heading', { level: 1, name: 'Log in to Ratkaisu' })).toBeVisible();
});
