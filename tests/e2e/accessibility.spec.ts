import { randomUUID } from 'node:crypto';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { atEachSize, expectAccessible, expectAccessibleOnBoth } from './support/axe.js';
import { CONTRACT_PAGES } from '../api/support/finnish-pdf.js';
import { bearer, caseInResolution, fileAndSend, ok } from './support/case-api.js';
import { latestMailTo, registerConfirmedUser, shot, signInByApi, E2E_ADMIN_ACCOUNT } from './support/test-host.js';

/**
 * axe-core (WCAG 2.1 A and AA, and 2.2's target size) on every screen, at a desktop and at a 390×844
 * phone viewport: the signed-out screens, a party's screens, the admin panel's tabs, the screens in
 * Finnish and the invitation page. Each flow is walked once, and each screen on it checked at both sizes
 * (`expectAccessibleOnBoth`), rather than the whole flow walked again on a phone. The decision card's and the
 * tribunal's states and dialogs are checked where decision.spec.ts and tribunal.spec.ts walk those flows, so
 * no flow is walked twice.
 */

const DESKTOP = { width: 1280, height: 800 };

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

test.describe('on a desktop and a phone', () => {
  test.use({ viewport: DESKTOP });

  test('the signed-out screens have no WCAG 2.1 AA violations', async ({ page }) => {
    // Each screen checked at two sizes, twice the time the walk at one size was given.
    test.setTimeout(180_000);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await expectAccessibleOnBoth(page, `sign-in`);

    // A failed sign-in shows its errors and moves focus to the first invalid field, which shows
    // a 2 px outline around its wrapper, not only Fluent's underline.
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
      // A link reached by keyboard shows the same 2 px outline, not only Fluent's double underline.
      await page.getByRole('button', { name: 'Login', exact: true }).focus();
      await page.keyboard.press('Tab');
      await expect(forgotLink).toBeFocused();
      await expect(forgotLink).toHaveCSS('outline-style', 'solid');
      await expect(forgotLink).toHaveCSS('outline-width', '2px');
      await shot(page, `a11y-sign-in-errors-${device}`);
    });

    await page.getByRole('button', { name: 'Create an account' }).click();
    const register = page.getByRole('dialog', { name: 'Create an account' });
    await expect(register).toBeVisible();
    await expectAccessibleOnBoth(page, `register`);
    await register.getByRole('button', { name: 'Sign up' }).click();
    await expectAccessibleOnBoth(page, `register with errors`);
    await page.keyboard.press('Escape');
    await expect(register).toBeHidden();

    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgot password' });
    await expect(forgot).toBeVisible();
    await expectAccessibleOnBoth(page, `forgot password`);
    await page.keyboard.press('Escape');
    await expect(forgot).toBeHidden();

    for (const path of LEGAL_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessibleOnBoth(page, `${path}`);
    }

    // A link the server does not know is refused before the form is shown.
    await page.goto('/reset-password?email=alice%40example.fi&token=t1');
    await expect(page.getByRole('alert')).toContainText('This password reset link has been used already');
    await expectAccessibleOnBoth(page, `reset password, link refused`);
    // A link the server accepts shows the form; its errors are checked too.
    await page.route('**/user/reset-password/check', (route) => route.fulfill({ status: 200, json: {} }));
    await page.goto('/reset-password?email=alice%40example.fi&token=t1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByLabel('New password')).toBeFocused();
    await expectAccessibleOnBoth(page, `reset password with errors`);

    await page.route('**/user/confirm-email', (route) =>
      route.fulfill({ status: 400, json: { code: 'validation_failed', message: 'Invalid token.' } }),
    );
    await page.goto('/confirm-email?userId=u1&token=used');
    await expect(page.getByRole('heading', { level: 1, name: 'Error Confirming Email Address' })).toBeVisible();
    await expectAccessibleOnBoth(page, `confirm email failed`);

    await page.goto('/logout');
    await expect(page.getByRole('heading', { level: 1, name: 'You have logged out' })).toBeVisible();
    await expectAccessibleOnBoth(page, `logged out`);

    await page.goto('/glossary');
    await expect(page.getByRole('heading', { level: 1, name: 'Glossary' })).toBeVisible();
    await expectAccessibleOnBoth(page, `glossary, signed out`);

    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessibleOnBoth(page, `not found`);

    await page.goto('/generate-decision');
    await expect(page.getByRole('heading', { level: 1, name: 'Create a Decision' })).toBeVisible();
    await expectAccessibleOnBoth(page, `anonymous decision`);
    await shot(page, `a11y-generate-decision-desktop`);
  });

  test("a party's screens have no WCAG 2.1 AA violations", async ({ page }) => {
    test.setTimeout(360_000);
    const user = await registerConfirmedUser(page.request, 'saavutettava');
    await signInByApi(page, user);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expectAccessibleOnBoth(page, `dashboard`);

    await page.getByRole('button', { name: 'Create New Case' }).click();
    await expect(page).toHaveURL(/\/new-dispute-form$/);
    await expectAccessibleOnBoth(page, `new case`);
    await page.getByRole('button', { name: 'Save and Send' }).click();
    await expect(page.getByLabel('Case name')).toBeFocused();
    await expectAccessibleOnBoth(page, `new case with errors`);
    await shot(page, `a11y-new-case-errors-desktop`, { fullPage: false });

    await createCase(page, user.email);
    const claimPhase = page.getByRole('region', { name: /^Claim\b/ });
    await expect(claimPhase).toBeVisible();
    await expectAccessibleOnBoth(page, `case page`);
    // The banner's "Upload documents" opens the file picker itself (not only the drop zone's focus).
    const uploadAction = page.getByTestId('case-banner').getByTestId('next-action');
    await atEachSize(page, async (device) => {
      await expect(uploadAction).toHaveText('Upload documents');
      const picker = page.waitForEvent('filechooser');
      await uploadAction.click();
      // The phone's picker is left unanswered; the desktop's takes the file.
      if (device === 'desktop') await (await picker).setFiles([await samplePdf('Sopimus.pdf')]);
      else await picker;
    });
    await expect(claimPhase.getByText('1 file uploaded.')).toBeVisible();
    await expectAccessibleOnBoth(page, `case page with a file`);

    await atEachSize(page, async (device) => {
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
    });

    // Its own round: the closing generator's focus return must not land after the next size's first click.
    await atEachSize(page, async (device) => {
      await page.getByRole('button', { name: 'Open Claim Generator' }).click();
      const generator = page.getByRole('dialog', { name: 'Claim Generator' });
      await expect(generator.getByText('Files of the Claim phase')).toBeVisible();
      await expectAccessible(page, `claim generator (${device})`);
      await page.keyboard.press('Escape');
      await expect(generator).toHaveCount(0);
    });

    await page.goto('/');
    await expect(page.getByRole('region', { name: 'In Progress Cases' })).toBeVisible();
    await expectAccessibleOnBoth(page, `dashboard with a case`);
    await shot(page, `a11y-dashboard-desktop`);

    // The menu is opened at each size, as a user there would: a popover is placed for the screen it opens on.
    await atEachSize(page, async (device) => {
      await page.getByRole('button', { name: /Account menu for/ }).click();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      // Checked once the popover has finished opening, not mid-animation.
      await menu.evaluate((element) =>
        Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
      );
      await expectAccessible(page, `account menu (${device})`, { exclude: ['#main'] });
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
    });

    await page.goto('/sessions');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessibleOnBoth(page, `sessions`);
    // Times in English: "25.11.2026, 14:30", never the Finnish "klo".
    await expect(page.locator('#main')).toContainText(/\d{1,2}\.\d{1,2}\.\d{4}, \d{2}:\d{2}/);
    await expect(page.locator('#main')).not.toContainText('klo');

    await page.goto('/security');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessibleOnBoth(page, `security`);

    await page.goto('/case-approved');
    await expect(page.getByRole('heading', { level: 1, name: 'Delayed roof renovation' })).toBeVisible();
    await expectAccessibleOnBoth(page, `case approved example`);

    await page.goto('/glossary');
    await expect(page.getByRole('heading', { level: 1, name: 'Glossary' })).toBeVisible();
    await expectAccessibleOnBoth(page, `glossary`);
    await shot(page, `a11y-glossary-desktop`, { fullPage: false });
  });

  test('the admin tabs have no WCAG 2.1 AA violations', async ({ page }) => {
    test.setTimeout(180_000);
    // The super-administrator's terms stay undecided (identity-flow.spec.ts accepts them).
    await signInByApi(page, E2E_ADMIN_ACCOUNT);
    await expect(page).toHaveURL(/\/(terms-of-service)?$/);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
    await expect(page.getByTestId('audit-chain-status')).toContainText('Verified', { timeout: 15_000 });
    await expectAccessibleOnBoth(page, `admin overview`);

    for (const tab of [/Tenants/, /Users/, /Audit Logs/, /AI oversight/, /Retention/]) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expect(page.getByRole('tabpanel').getByRole('progressbar')).toHaveCount(0);
      await expectAccessibleOnBoth(page, `admin ${tab.source}`);
    }
    await shot(page, `a11y-admin-audit-desktop`);

    await page.getByRole('tab', { name: /Tenants/ }).click();
    await page.getByRole('button', { name: 'Add Tenant' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Tenant' })).toBeVisible();
    await expectAccessibleOnBoth(page, `admin add tenant`);
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: /Users/ }).click();
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(page.getByRole('dialog', { name: 'Add User' })).toBeVisible();
    await expectAccessibleOnBoth(page, `admin add user`);
    await page.keyboard.press('Escape');
  });
});

test.describe('in Finnish on a desktop and a phone', () => {
  test.use({ viewport: DESKTOP });

  test('the screens in Finnish have no violations, say lang="fi" and show no English', async ({ page, request }) => {
    // Six legal pages and the public generator in Finnish besides the rest: axe takes its time on a shared machine.
    test.setTimeout(600_000);
    const user = await registerConfirmedUser(request, 'suomi');
    const other = await registerConfirmedUser(request, 'toinen');
    const disputeId = await caseInResolution(request, user, other, 'Teräspalkit, suomeksi');
    await signInByApi(page, user);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // The account menu switches the language; <html lang> follows and the choice is remembered.
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitemradio', { name: 'Suomi' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Etusivu' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
    await expectAccessibleOnBoth(page, `etusivu`);
    await shot(page, `fi-dashboard-desktop`, { fullPage: false });

    await page.getByRole('button', { name: 'Luo uusi asia' }).click();
    await page.getByRole('button', { name: 'Tallenna ja lähetä' }).click();
    await expect(page.getByRole('textbox', { name: /^Asian nimi/ })).toBeFocused();
    await expectAccessibleOnBoth(page, `uusi asia, virheet`);
    await shot(page, `fi-new-case-errors-desktop`, { fullPage: false });

    await page.goto(`/case-attachment/${disputeId}`);
    const card = page.getByRole('region', { name: 'Ratkaisu' });
    await expect(card.getByText('Ratkaisua ei ole vielä laadittu.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Kantajan asiakirjat' })).toBeVisible();
    await expectAccessibleOnBoth(page, `asia`);
    await shot(page, `fi-case-desktop`);
    // Dates are 25.11.2026 in both languages; an English "Due"/"Created" never shows on the Finnish page.
    const text = await page.locator('#main').innerText();
    expect(text).toMatch(/Luotu \d{1,2}\.\d{1,2}\.\d{4}/);
    expect(text).not.toMatch(/\b(Created|Due|Claimant|Respondent|Documents)\b/);

    await page.goto('/glossary');
    await expect(page.getByRole('heading', { level: 1, name: 'Sanasto' })).toBeVisible();
    await expectAccessibleOnBoth(page, `sanasto`);
    await shot(page, `fi-glossary-desktop`, { fullPage: false });

    // The legal documents are in Finnish (lang="fi"), under a note that the translation awaits a lawyer's review.
    for (const path of LEGAL_PAGES) {
      await page.goto(path);
      await expect(page.getByTestId('legal-translation-note')).toContainText('odottaa juristin tarkastusta');
      await expect(page.getByTestId('legal-document').locator('[lang="en"]')).toHaveCount(0);
      await expect(page.getByTestId('legal-document').locator('[lang="fi"]').first()).toBeVisible();
      await expectAccessibleOnBoth(page, `${path} suomeksi`);
    }
    await shot(page, `fi-legal-desktop`, { fullPage: false });

    await page.goto('/generate-decision');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessibleOnBoth(page, `avoin ratkaisugeneraattori`);

    await page.goto('/sessions');
    await expect(page.getByRole('heading', { level: 1, name: 'Tili' })).toBeVisible();
    await expectAccessibleOnBoth(page, `istunnot`);
    await expect(page.locator('#main')).toContainText(/\d{1,2}\.\d{1,2}\.\d{4} klo \d{2}\.\d{2}/);

    // Signed out, the sign-in screen stays Finnish and switches back to English with its own picker.
    await page.getByRole('button', { name: /Tilivalikko/ }).click();
    await page.getByRole('menuitem', { name: 'Kirjaudu ulos' }).click();
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Kirjaudu Ratkaisuun' })).toBeVisible();
    await expectAccessibleOnBoth(page, `kirjautuminen`);
    await shot(page, `fi-login-desktop`, { fullPage: false });
    await page.getByRole('combobox', { name: 'Kieli' }).selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in to Ratkaisu' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

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
  test.use({ viewport: DESKTOP });

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
