import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expectAccessible } from './support/axe.js';
import { E2E_ADMIN, registerConfirmedUser, shot, signIn } from './support/test-host.js';

/**
 * axe-core (WCAG 2.1 A and AA) on every screen, at a desktop and at a 390×844 phone
 * viewport: the signed-out screens, a party's screens and the admin panel's tabs.
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
  await page.getByLabel('Project name').fill('Toimitusviive 2026');
  await page.getByLabel('Short description').fill('Kalusteet toimitettiin kuusi viikkoa myöhässä.');
  const claimant = page.getByRole('group', { name: 'Claimant Information' });
  await claimant.getByLabel('Name', { exact: false }).first().fill('Rakennus Oy');
  await claimant.getByLabel('Representative Email').fill(email);
  const respondent = page.getByRole('group', { name: 'Respondent Information' });
  await respondent.getByLabel('Name', { exact: false }).first().fill('Kaluste Ab');
  await respondent.getByLabel('Representative Email').fill(`vastaaja.${Date.now().toString(36)}@example.fi`);
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

      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `not found (${device})`);

      await page.goto('/generate-decision');
      await expect(page.getByRole('heading', { level: 1, name: 'Generate Decision' })).toBeVisible();
      await expectAccessible(page, `anonymous decision (${device})`);
      await shot(page, `a11y-generate-decision-${device}`);
    });

    test("a party's screens have no WCAG 2.1 AA violations", async ({ page }) => {
      test.setTimeout(90_000);
      const user = await registerConfirmedUser(page.request, 'saavutettava');
      await signIn(page, user.userName, user.password);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expectAccessible(page, `dashboard (${device})`);

      await page.getByRole('button', { name: 'Create New Case' }).click();
      await expect(page).toHaveURL(/\/new-dispute-form$/);
      await expectAccessible(page, `new case (${device})`);
      await page.getByRole('button', { name: 'Save and Send' }).click();
      await expect(page.getByLabel('Project name')).toBeFocused();
      await expectAccessible(page, `new case with errors (${device})`);
      await shot(page, `a11y-new-case-errors-${device}`, { fullPage: false });

      await createCase(page, user.email);
      const claimPhase = page.getByRole('region', { name: /^Claim\b/ });
      await expect(claimPhase).toBeVisible();
      await expectAccessible(page, `case page (${device})`);
      await claimPhase.locator('input[type=file]').setInputFiles([await samplePdf('Sopimus.pdf')]);
      await expect(claimPhase.getByText('1 file uploaded.')).toBeVisible();
      await expectAccessible(page, `case page with a file (${device})`);

      await claimPhase.getByRole('button', { name: 'Delete Sopimus.pdf' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page, `delete file dialog (${device})`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // With a file in the phase, Save and Send is also the status banner's next action: the bottom one here.
      await page.getByTestId('case-actions').getByRole('button', { name: 'Save and Send' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page, `save and send dialog (${device})`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
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
      await expectAccessible(page, `account menu (${device})`);
      await page.keyboard.press('Escape');

      await page.goto('/sessions');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `sessions (${device})`);

      await page.goto('/security');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `security (${device})`);
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

      for (const tab of [/Tenants/, /Users/, /Audit Logs/]) {
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
