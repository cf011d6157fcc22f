import { randomUUID } from 'node:crypto';
import { ARBITRATION_AGREEMENT } from '@ratkaisu/core';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expectAccessible } from './support/axe.js';
import { CONTRACT_PAGES } from '../api/support/finnish-pdf.js';
import { bearer, caseInResolution, fileAndSend, ok } from './support/case-api.js';
import {
  E2E_ADMIN,
  latestMailTo,
  registerConfirmedUser,
  shot,
  enableSecondFactor,
  signIn,
} from './support/test-host.js';

/**
 * axe-core (WCAG 2.1 A and AA, and 2.2's target size) on every screen, at a desktop and at a 390×844
 * phone viewport: the signed-out screens, a party's screens, the admin panel's tabs, the screens in
 * Finnish, and the tribunal's and the decision card's states with their dialogs.
 */

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** Legal pages open signed out, each with its own h1. */
const LEGAL_PAGES = ['/terms-of-service', '/privacy-policy', '/compliance-policy', '/dpa', '/cookie', '/eula'];

async function samplePdf(name: string) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText('Delivery contract 1.3.2026', { x: 50, y: 780, size: 11, font });
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}

async function createCase(page: Page, email: string): Promise<void> {
  await page.getByLabel('Case name').fill('Toimitusviive 2026');
  await page.getByLabel('Short description').fill('Kalusteet toimitettiin kuusi viikkoa myöhässä.');
  const claimant = page.getByRole('group', { name: 'Claimant Information' });
  await claimant.getByLabel('Name', { exact: false }).first().fill('Rakennus Oy');
  await claimant.getByLabel('Representative Email').fill(email);
  const respondent = page.getByRole('group', { name: 'Respondent Information' });
  await respondent.getByLabel('Name', { exact: false }).first().fill('Kaluste Ab');
  await respondent.getByLabel('Representative Email').fill(`vastaaja.${Date.now().toString(36)}@example.fi`);
  await page.getByLabel('I accept this arbitration agreement on behalf of the claimant.').check();
  await page.getByRole('button', { name: 'Save and Send' }).click();
  await expect(page).toHaveURL(/\/case-attachment\/[0-9a-f-]{36}$/);
}

for (const { name: device, viewport } of VIEWPORTS) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test('the signed-out screens have no WCAG 2.1 AA violations', async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
      await expectAccessible(page, `sign-in (${device})`);

      // A failed sign-in shows its errors and moves focus to the first invalid field, which shows
      // a 2 px outline around its wrapper, not only Fluent's underline.
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      const username = page.getByRole('textbox', { name: 'Username or email' });
      await expect(username).toBeFocused();
      await expect(username).toHaveAttribute('aria-invalid', 'true');
      const wrapper = username.locator('xpath=..');
      await expect(wrapper).toHaveCSS('outline-style', 'solid');
      await expect(wrapper).toHaveCSS('outline-width', '2px');
      await expectAccessible(page, `sign-in with errors (${device})`);
      // A link reached by keyboard shows the same 2 px outline, not only Fluent's double underline.
      await page.getByRole('button', { name: 'Login', exact: true }).focus();
      await page.keyboard.press('Tab');
      const forgotLink = page.getByRole('button', { name: 'Forgot password?' });
      await expect(forgotLink).toBeFocused();
      await expect(forgotLink).toHaveCSS('outline-style', 'solid');
      await expect(forgotLink).toHaveCSS('outline-width', '2px');
      await shot(page, `a11y-sign-in-errors-${device}`);

      await page.getByRole('button', { name: 'Create an account' }).click();
      const register = page.getByRole('dialog', { name: 'Create an account' });
      await expect(register).toBeVisible();
      await expectAccessible(page, `register (${device})`);
      await register.getByRole('button', { name: 'Sign up' }).click();
      await expectAccessible(page, `register with errors (${device})`);
      await page.keyboard.press('Escape');
      await expect(register).toBeHidden();

      await page.getByRole('button', { name: 'Forgot password?' }).click();
      const forgot = page.getByRole('dialog', { name: 'Forgot password' });
      await expect(forgot).toBeVisible();
      await expectAccessible(page, `forgot password (${device})`);
      await page.keyboard.press('Escape');
      await expect(forgot).toBeHidden();

      for (const path of LEGAL_PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page, `${path} (${device})`);
      }

      await page.goto('/reset-password?email=alice%40example.fi&token=t1');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await expect(page.getByLabel('New password')).toBeFocused();
      await expectAccessible(page, `reset password with errors (${device})`);

      await page.route('**/user/confirm-email', (route) =>
        route.fulfill({ status: 400, json: { code: 'validation_failed', message: 'Invalid token.' } }),
      );
      await page.goto('/confirm-email?userId=u1&token=used');
      await expect(page.getByRole('heading', { level: 1, name: 'Error Confirming Email Address' })).toBeVisible();
      await expectAccessible(page, `confirm email failed (${device})`);

      await page.goto('/logout');
      await expect(page.getByRole('heading', { level: 1, name: 'You have logged out' })).toBeVisible();
      await expectAccessible(page, `logged out (${device})`);

      await page.goto('/glossary');
      await expect(page.getByRole('heading', { level: 1, name: 'Glossary' })).toBeVisible();
      await expectAccessible(page, `glossary, signed out (${device})`);

      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `not found (${device})`);

      await page.goto('/generate-decision');
      await expect(page.getByRole('heading', { level: 1, name: 'Create a Decision' })).toBeVisible();
      await expectAccessible(page, `anonymous decision (${device})`);
      await shot(page, `a11y-generate-decision-${device}`);
    });

    test("a party's screens have no WCAG 2.1 AA violations", async ({ page }) => {
      test.setTimeout(180_000);
      const user = await registerConfirmedUser(page.request, 'saavutettava');
      await signIn(page, user.userName, user.password);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expectAccessible(page, `dashboard (${device})`);

      await page.getByRole('button', { name: 'Create New Case' }).click();
      await expect(page).toHaveURL(/\/new-dispute-form$/);
      await expectAccessible(page, `new case (${device})`);
      await page.getByRole('button', { name: 'Save and Send' }).click();
      await expect(page.getByLabel('Case name')).toBeFocused();
      await expectAccessible(page, `new case with errors (${device})`);
      await shot(page, `a11y-new-case-errors-${device}`, { fullPage: false });

      await createCase(page, user.email);
      const claimPhase = page.getByRole('region', { name: /^Claim\b/ });
      await expect(claimPhase).toBeVisible();
      await expectAccessible(page, `case page (${device})`);
      // The banner's "Upload documents" opens the file picker itself (not only the drop zone's focus).
      const uploadAction = page.getByTestId('case-banner').getByTestId('next-action');
      await expect(uploadAction).toHaveText('Upload documents');
      const picker = page.waitForEvent('filechooser');
      await uploadAction.click();
      await (await picker).setFiles([await samplePdf('Sopimus.pdf')]);
      await expect(claimPhase.getByText('1 file uploaded.')).toBeVisible();
      await expectAccessible(page, `case page with a file (${device})`);

      await claimPhase.getByRole('button', { name: 'Delete Sopimus.pdf' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page, `delete file dialog (${device})`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // The focus goes back to the control that opened the dialog.
      await expect(claimPhase.getByRole('button', { name: 'Delete Sopimus.pdf' })).toBeFocused();

      // With a file in the phase, Save and Send is also the status banner's next action: the bottom one here.
      await page.getByTestId('case-actions').getByRole('button', { name: 'Save and Send' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page, `save and send dialog (${device})`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByTestId('case-actions').getByRole('button', { name: 'Save and Send' })).toBeFocused();
      await shot(page, `a11y-case-${device}`);

      await page.getByRole('button', { name: 'Open Claim Generator' }).click();
      const generator = page.getByRole('dialog', { name: 'Claim Generator' });
      await expect(generator.getByText('Files of the Claim phase')).toBeVisible();
      await expectAccessible(page, `claim generator (${device})`);
      await page.keyboard.press('Escape');
      await expect(generator).toHaveCount(0);

      await page.goto('/');
      await expect(page.getByRole('region', { name: 'In Progress Cases' })).toBeVisible();
      await expectAccessible(page, `dashboard with a case (${device})`);
      await shot(page, `a11y-dashboard-${device}`);

      await page.getByRole('button', { name: /Account menu for/ }).click();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      // Checked once the popover has finished opening, not mid-animation.
      await menu.evaluate((element) =>
        Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
      );
      await expectAccessible(page, `account menu (${device})`, { exclude: ['#main'] });
      await page.keyboard.press('Escape');

      await page.goto('/sessions');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `sessions (${device})`);
      // Times in English: "25.11.2026, 14:30", never the Finnish "klo".
      await expect(page.locator('#main')).toContainText(/\d{1,2}\.\d{1,2}\.\d{4}, \d{2}:\d{2}/);
      await expect(page.locator('#main')).not.toContainText('klo');

      await page.goto('/security');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `security (${device})`);

      await page.goto('/case-approved');
      await expect(page.getByRole('heading', { level: 1, name: 'Delayed roof renovation' })).toBeVisible();
      await expectAccessible(page, `case approved example (${device})`);

      await page.goto('/glossary');
      await expect(page.getByRole('heading', { level: 1, name: 'Glossary' })).toBeVisible();
      await expectAccessible(page, `glossary (${device})`);
      await shot(page, `a11y-glossary-${device}`, { fullPage: false });
    });

    test('the admin tabs have no WCAG 2.1 AA violations', async ({ page }) => {
      test.setTimeout(90_000);
      // The super-administrator's terms stay undecided (identity-flow.spec.ts accepts them).
      await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await expect(page).toHaveURL(/\/(terms-of-service)?$/);
      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
      await expect(page.getByTestId('audit-chain-status')).toContainText('Verified', { timeout: 15_000 });
      await expectAccessible(page, `admin overview (${device})`);

      for (const tab of [/Tenants/, /Users/, /Audit Logs/, /AI oversight/, /Retention/]) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tabpanel')).toBeVisible();
        await expect(page.getByRole('tabpanel').getByRole('progressbar')).toHaveCount(0);
        await expectAccessible(page, `admin ${tab.source} (${device})`);
      }
      await shot(page, `a11y-admin-audit-${device}`);

      await page.getByRole('tab', { name: /Tenants/ }).click();
      await page.getByRole('button', { name: 'Add Tenant' }).click();
      await expect(page.getByRole('dialog', { name: 'Add Tenant' })).toBeVisible();
      await expectAccessible(page, `admin add tenant (${device})`);
      await page.keyboard.press('Escape');

      await page.getByRole('tab', { name: /Users/ }).click();
      await page.getByRole('button', { name: 'Add User' }).click();
      await expect(page.getByRole('dialog', { name: 'Add User' })).toBeVisible();
      await expectAccessible(page, `admin add user (${device})`);
      await page.keyboard.press('Escape');
    });
  });
}

/** Waits until a dialog that closed has gone, and the page behind it is no longer aria-hidden. */
async function dialogGone(page: Page): Promise<void> {
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
}

/** Checks the page at both viewports as it is now, then returns to the desktop. */
async function expectAccessibleOnBoth(page: Page, name: string): Promise<void> {
  for (const { name: device, viewport } of [...VIEWPORTS].reverse()) {
    await page.setViewportSize(viewport);
    await expectAccessible(page, `${name} (${device})`);
  }
}

for (const { name: device, viewport } of VIEWPORTS) {
  test.describe(`in Finnish on a ${device}`, () => {
    test.use({ viewport });

    test('the screens in Finnish have no violations, say lang="fi" and show no English', async ({ page, request }) => {
      // Six legal pages and the public generator in Finnish besides the rest: axe takes its time on a shared machine.
      test.setTimeout(300_000);
      const user = await registerConfirmedUser(request, 'suomi');
      const other = await registerConfirmedUser(request, 'toinen');
      const disputeId = await caseInResolution(request, user, other, 'Teräspalkit, suomeksi');
      await signIn(page, user.userName, user.password);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

      // The account menu switches the language; <html lang> follows and the choice is remembered.
      await page.getByRole('button', { name: /Account menu for/ }).click();
      await page.getByRole('menuitemradio', { name: 'Suomi' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Etusivu' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
      await expectAccessible(page, `etusivu (${device})`);
      await shot(page, `fi-dashboard-${device}`, { fullPage: false });

      await page.getByRole('button', { name: 'Luo uusi asia' }).click();
      await page.getByRole('button', { name: 'Tallenna ja lähetä' }).click();
      await expect(page.getByRole('textbox', { name: /^Asian nimi/ })).toBeFocused();
      await expectAccessible(page, `uusi asia, virheet (${device})`);
      await shot(page, `fi-new-case-errors-${device}`, { fullPage: false });

      await page.goto(`/case-attachment/${disputeId}`);
      const card = page.getByRole('region', { name: 'Ratkaisu' });
      await expect(card.getByText('Ratkaisua ei ole vielä laadittu.')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Kantajan asiakirjat' })).toBeVisible();
      await expectAccessible(page, `asia (${device})`);
      await shot(page, `fi-case-${device}`);
      // Dates are 25.11.2026 in both languages; an English "Due"/"Created" never shows on the Finnish page.
      const text = await page.locator('#main').innerText();
      expect(text).toMatch(/Luotu \d{1,2}\.\d{1,2}\.\d{4}/);
      expect(text).not.toMatch(/\b(Created|Due|Claimant|Respondent|Documents)\b/);

      await page.goto('/glossary');
      await expect(page.getByRole('heading', { level: 1, name: 'Sanasto' })).toBeVisible();
      await expectAccessible(page, `sanasto (${device})`);
      await shot(page, `fi-glossary-${device}`, { fullPage: false });

      // The legal documents are in Finnish (lang="fi"), under a note that the translation awaits a lawyer's review.
      for (const path of LEGAL_PAGES) {
        await page.goto(path);
        await expect(page.getByTestId('legal-translation-note')).toContainText('odottaa juristin tarkastusta');
        await expect(page.getByTestId('legal-document').locator('[lang="en"]')).toHaveCount(0);
        await expect(page.getByTestId('legal-document').locator('[lang="fi"]').first()).toBeVisible();
        await expectAccessible(page, `${path} suomeksi (${device})`);
      }
      await shot(page, `fi-legal-${device}`, { fullPage: false });

      await page.goto('/generate-decision');
      await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `avoin ratkaisugeneraattori (${device})`);

      await page.goto('/sessions');
      await expect(page.getByRole('heading', { level: 1, name: 'Tili' })).toBeVisible();
      await expectAccessible(page, `istunnot (${device})`);
      await expect(page.locator('#main')).toContainText(/\d{1,2}\.\d{1,2}\.\d{4} klo \d{2}\.\d{2}/);

      // Signed out, the sign-in screen stays Finnish and switches back to English with its own picker.
      await page.getByRole('button', { name: /Tilivalikko/ }).click();
      await page.getByRole('menuitem', { name: 'Kirjaudu ulos' }).click();
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Kirjaudu Ratkaisuun' })).toBeVisible();
      await expectAccessible(page, `kirjautuminen (${device})`);
      await shot(page, `fi-login-${device}`, { fullPage: false });
      await page.getByRole('combobox', { name: 'Kieli' }).selectOption('en');
      await expect(page.getByRole('heading', { level: 1, name: 'Log in to Ratkaisu' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });
  });
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

test.describe('the invitation page', () => {
  test.use({ viewport: VIEWPORTS[0]!.viewport });

  test('has no violations, desktop and phone, in English and in Finnish', async ({ page }) => {
    test.setTimeout(90_000);
    const claimant = await registerConfirmedUser(page.request, 'kutsuja');
    const respondentEmail = `kutsuttu.${Date.now().toString(36)}@example.fi`;
    const headers = await bearer(page.request, claimant);
    const created = (await ok(
      await page.request.post('/api/dispute', {
        headers,
        data: {
          id: randomUUID(),
          name: 'Kutsu saavutettavasti',
          description: 'Teräspalkit toimitettiin myöhässä.',
          claimant: { name: 'Rakennus Oy', identificationNumber: '', email: claimant.email, address: '' },
          respondent: { name: 'Teräs Oy', identificationNumber: '', email: respondentEmail, address: '' },
        },
      }),
      'create case',
    )) as { id: string };
    await fileAndSend(page.request, headers, created.id, { name: 'Sopimus.pdf', pages: CONTRACT_PAGES }, 'Response');

    await page.goto(mailedPath(respondentEmail, /\/invitation\//));
    await expect(page.getByTestId('invitation-case')).toHaveText('Kutsu saavutettavasti');
    await expectAccessibleOnBoth(page, 'invitation');
    await page.evaluate(() => window.localStorage.setItem('ratkaisu.language', 'fi'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
    await expect(page.getByTestId('invitation-case')).toHaveText('Kutsu saavutettavasti');
    await expectAccessibleOnBoth(page, 'kutsu');
    await shot(page, 'a11y-invitation-fi');
  });
});

/**
 * Holds the job-status checks the page makes until `release` is called: the offline model writes a decision
 * in well under a second, so the card's generating state is held on screen for the test by the answer the
 * page waits for, not by timing.
 */
async function holdJobStatus(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const pattern = '**/api/dispute/job/*/status';
  await page.route(pattern, async (route) => {
    await held;
    // The page may have been closed meanwhile (the test's end): nothing is left to answer then.
    await route.continue().catch(() => undefined);
  });
  return async () => {
    release();
  };
}

test.describe('the decision card and the tribunal', () => {
  test.use({ viewport: VIEWPORTS[0]!.viewport });

  test('every state and dialog of the AI decision has no violations, desktop and phone', async ({ page, request }) => {
    test.setTimeout(360_000);
    const claimant = await registerConfirmedUser(request, 'tekoaly');
    const respondent = await registerConfirmedUser(request, 'vastaus');
    const disputeId = await caseInResolution(request, claimant, respondent, 'Tekoälyn ratkaisu');
    await signIn(page, claimant.userName, claimant.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.goto(`/case-attachment/${disputeId}`);
    const card = page.getByRole('region', { name: 'Decision', exact: true });
    await expect(card.getByText('Decision not created yet.')).toBeVisible();
    await expectAccessibleOnBoth(page, 'decision card, no decision');

    await card.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Decision settings' })).toBeVisible();
    await expectAccessibleOnBoth(page, 'decision settings dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const releaseStatus = await holdJobStatus(page);
    await card.getByRole('button', { name: 'Create decision' }).click();
    await expect(card.getByRole('progressbar', { name: 'Generating decision...' })).toBeVisible();
    await expectAccessibleOnBoth(page, 'decision card, generating');
    await releaseStatus();

    await expect(async () => {
      await page.reload();
      await expect(card.getByRole('button', { name: 'Download decision' })).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 240_000, intervals: [2_000] });
    await expectAccessibleOnBoth(page, 'decision card, AI decision');

    await card.getByRole('button', { name: 'View settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Decision settings used' })).toBeVisible();
    await expectAccessibleOnBoth(page, 'decision settings used dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await card.getByRole('button', { name: 'Accept decision' }).click();
    const accept = page.getByRole('dialog', { name: 'Accept version 1 of the AI decision' });
    await expect(accept).toBeVisible();
    await expectAccessibleOnBoth(page, 'accept decision dialog, not opened yet');
    // Accept only once this version is opened: the party downloads it from the dialog.
    const download = page.waitForEvent('download');
    await accept.getByTestId('accept-open-first').getByRole('button', { name: 'Download decision' }).click();
    await download;
    const acceptButton = accept.getByRole('button', { name: 'Accept version 1' });
    await expect(acceptButton).toBeEnabled();
    await expectAccessibleOnBoth(page, 'accept decision dialog, opened');
    await acceptButton.click();
    await expect(card.getByText('Accepted by: claimant')).toBeVisible();
    await dialogGone(page);
    await expectAccessibleOnBoth(page, 'decision card, accepted by one party');
  });

  test('every tribunal screen and dialog has no violations, desktop and phone', async ({ browser, request }) => {
    test.setTimeout(420_000);
    const claimant = await registerConfirmedUser(request, 'kantaja');
    const respondent = await registerConfirmedUser(request, 'vastaaja');
    const arbitrator = await registerConfirmedUser(request, 'valimies');
    const disputeId = await caseInResolution(request, claimant, respondent, 'Saavutettava välimiesmenettely');
    const newPage = async () => (await browser.newContext({ viewport: VIEWPORTS[0]!.viewport })).newPage();

    const party = await newPage();
    await signIn(party, claimant.userName, claimant.password);
    await expect(party.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await party.goto(`/case-attachment/${disputeId}`);
    await party.getByRole('button', { name: 'Request an arbitrator' }).click();
    const requestDialog = party.getByRole('dialog', { name: 'Request an arbitrator' });
    await expect(requestDialog).toBeVisible();
    await expectAccessibleOnBoth(party, 'request an arbitrator dialog');
    await requestDialog.getByRole('button', { name: 'Send request' }).click();
    await expect(party.getByText('Waiting for appointment')).toBeVisible();
    await dialogGone(party);
    await expectAccessibleOnBoth(party, 'case page, arbitrator requested');

    // The administrator's Appointments tab lists the request, with an arbitrator to choose.
    const asAdmin = await bearer(request, { userName: E2E_ADMIN.email, password: E2E_ADMIN.password });
    const login = (await ok(
      await request.post('/user/login', { data: { username: arbitrator.userName, password: arbitrator.password } }),
      'arbitrator login',
    )) as { user: { id: string }; token: string };
    // An arbitrator signs with a second factor, so only an account with one can be appointed.
    const authenticator = await enableSecondFactor(request, login.token);
    await ok(
      await request.put(`/api/superadmin/users/${login.user.id}/arbitrator`, {
        headers: asAdmin,
        data: { arbitrator: { name: 'OTT Maija Virtanen', title: 'asianajaja' } },
      }),
      'grant the attribute',
    );
    const admin = await newPage();
    await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(admin).toHaveURL(/\/(terms-of-service)?$/);
    await admin.goto('/admin');
    await admin.getByRole('tab', { name: /Appointments/ }).click();
    await expect(admin.getByRole('tabpanel').getByText('Saavutettava välimiesmenettely')).toBeVisible();
    await expectAccessibleOnBoth(admin, 'admin appointments');
    await shot(admin, 'a11y-admin-appointments');
    await ok(
      await request.post(`/api/admin/tribunal/${disputeId}/appoint`, {
        headers: asAdmin,
        data: { arbitratorIds: [login.user.id] },
      }),
      'appoint',
    );

    const judge = await newPage();
    await signIn(judge, arbitrator.userName, arbitrator.password, await authenticator.code());
    await expect(judge.getByText('Cases as arbitrator')).toBeVisible();
    await expectAccessibleOnBoth(judge, 'dashboard with cases as arbitrator');
    await judge.goto(`/case-attachment/${disputeId}`);
    await judge.getByRole('button', { name: 'Accept appointment' }).click();
    const accept = judge.getByRole('dialog', { name: 'Accept the appointment' });
    await expect(accept).toBeVisible();
    await expectAccessibleOnBoth(judge, 'accept the appointment dialog');
    await accept
      .getByRole('radio', {
        name: 'There are no circumstances that could raise justifiable doubts about my impartiality or independence.',
      })
      .check();
    await accept.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(judge.getByText('Constituted')).toBeVisible();
    await dialogGone(judge);
    await expectAccessibleOnBoth(judge, 'case page, tribunal constituted');

    const claims = judge.getByRole('region', { name: 'Summary of the claims' });
    await claims.getByRole('button', { name: 'Extract the parties’ claims' }).click();
    await expect(claims.getByText('The summary of the claims is ready for the parties to confirm.')).toBeVisible({
      timeout: 120_000,
    });
    await expectAccessibleOnBoth(judge, 'claims summary extracted');
    await party.reload();
    await expect(party.getByTestId('claims-claimant')).toBeVisible();
    await expectAccessibleOnBoth(party, 'claims summary, a party to confirm');

    // Drafting without the parties' confirmation needs a reason: the decision card's gate.
    const card = judge.getByRole('region', { name: 'Decision', exact: true });
    await expect(card.getByTestId('claims-gate')).toBeVisible();
    await expectAccessibleOnBoth(judge, 'decision card, claims gate');
    await card
      .getByLabel('Reason for proceeding without confirmation (at least 10 characters)')
      .fill('Osapuolet eivät ole vastanneet määräajassa.');
    await card.getByRole('button', { name: 'Create decision' }).click();
    await expect(async () => {
      await judge.reload();
      await expect(card.getByRole('link', { name: 'Review draft' })).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 240_000, intervals: [2_000] });
    await expectAccessibleOnBoth(judge, 'decision card, draft for the tribunal');
    await party.reload();
    await expect(party.getByText('The tribunal is preparing the award.')).toBeVisible();
    await expectAccessibleOnBoth(party, 'decision card, tribunal preparing');

    await card.getByRole('link', { name: 'Review draft' }).click();
    await expect(judge.getByRole('heading', { name: 'Review the award' })).toBeVisible();
    await expectAccessibleOnBoth(judge, 'review screen');
    // The dispositive part the award needs before adoption.
    await judge.getByTestId('dispositive').getByRole('button', { name: 'Add order' }).click();
    const order = judge.getByTestId('order-1');
    await order.getByLabel('Kind').selectOption('payment');
    await order.getByLabel('Debtor').selectOption('respondent');
    await order.getByLabel('Creditor').selectOption('claimant');
    await order.getByLabel('Amount (EUR)').fill('372');
    await order.getByLabel('Wording of the order 1').fill('Sopimussakko viivästyksestä.');
    await expectAccessibleOnBoth(judge, 'review screen with an order');
    await judge.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(judge.getByText('Version 2 saved.')).toBeVisible();
    // The constitution's bars before adoption: both parties accept the agreement and waive challenges; the
    // tribunal records its decision on jurisdiction (the fixture contract names its own arbitration clause).
    for (const account of [claimant, respondent]) {
      const headers = await bearer(request, account);
      await ok(
        await request.post(`/api/dispute/${disputeId}/agreement`, {
          headers,
          data: { version: ARBITRATION_AGREEMENT.version },
        }),
        'accept the agreement',
      );
      await ok(
        await request.post(`/api/dispute/${disputeId}/tribunal/waive-challenge`, { headers }),
        'waive challenges',
      );
    }
    await ok(
      await request.post(`/api/dispute/${disputeId}/tribunal/jurisdiction`, {
        headers: { Authorization: `Bearer ${login.token}` },
        data: { text: 'Sopimuksen välityslauseke ja palvelun välityssopimus ohjaavat riidan tähän menettelyyn.' },
      }),
      'record the jurisdiction',
    );
    await judge.getByRole('button', { name: 'Adopt', exact: true }).click();
    const adopt = judge.getByRole('dialog', { name: 'Adopt the award' });
    await expect(adopt).toBeVisible();
    // No order fixes the fees, so the differences from chapter 6 are listed and must be confirmed.
    await expect(
      adopt.getByRole('checkbox', { name: 'I have compared them and adopt the award as it stands' }),
    ).toBeVisible();
    await expectAccessibleOnBoth(judge, 'adopt dialog');
    // The chapters nobody opened are listed: the chair confirms adopting them as they are.
    await adopt.getByRole('button', { name: 'Adopt', exact: true }).click();
    await expect(adopt.getByText('Confirm that you adopt the award with these chapters as they are.')).toBeVisible();
    await expectAccessibleOnBoth(judge, 'adopt dialog, chapters to confirm');
    await adopt.getByRole('checkbox', { name: 'I adopt the award with these chapters as they are.' }).check();
    await adopt.getByRole('checkbox', { name: 'I have compared them and adopt the award as it stands' }).check();
    await adopt.getByRole('button', { name: 'Adopt', exact: true }).click();
    await expect(judge.getByText('Adopted, waiting for signatures')).toBeVisible();
    await dialogGone(judge);
    await expectAccessibleOnBoth(judge, 'review screen, adopted');
    await judge.getByRole('button', { name: 'Sign', exact: true }).click();
    const sign = judge.getByRole('dialog', { name: 'Sign the award' });
    // Sign waits until the PDF to be signed has been opened here.
    await sign.getByRole('button', { name: 'Open the PDF to sign' }).click();
    await expect(sign.getByText('You opened this exact file: its SHA-256 matches.')).toBeVisible();
    await sign.getByRole('button', { name: 'Sign', exact: true }).click();
    await expectAccessibleOnBoth(judge, 'sign dialog with an error');
    await sign.getByLabel('Password').fill(arbitrator.password);
    await sign.getByLabel('Authenticator code (6 digits)').fill(await authenticator.code());
    await sign.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(judge.getByText('Issued', { exact: true })).toBeVisible();
    await dialogGone(judge);
    await expectAccessibleOnBoth(judge, 'review screen, issued');

    await party.reload();
    await expect(
      party.getByRole('region', { name: 'Decision', exact: true }).getByRole('button', { name: 'Download award' }),
    ).toBeVisible();
    await expectAccessibleOnBoth(party, 'decision card, issued award');
  });
});
