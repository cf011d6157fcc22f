import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures.js';
import { atEachSize, expectAccessible, expectAccessibleOnBoth } from './support/axe.js';
import { bearer, caseInResolution, ok } from './support/case-api.js';
import { registerConfirmedUser, shot, signInByApi } from './support/test-host.js';

/**
 * axe-core (WCAG 2.1 A and AA, and 2.2's target size) at a desktop and at a 390×844 phone viewport, on the
 * screens no functional spec stands on: most legal pages, the refused reset link, the signed-out pages, the
 * dashboard with a case and its account menu, the approved-case example, and the Finnish screens reached by
 * switching the language. Every other screen is checked where its functional spec already is
 * (`expectAccessibleOnBoth` / `atEachSize`); docs/testing.md "Accessibility" lists each screen and its spec,
 * so no flow is walked again for axe alone. Each state here is built (seeded accounts, a case made by the API
 * or its scenario builder) and signed in by the API.
 */

const DESKTOP = { width: 1280, height: 800 };

/** Legal pages open signed out, each with its own h1 (the terms are checked by app.spec.ts). */
const LEGAL_PAGES = ['/privacy-policy', '/compliance-policy', '/dpa', '/cookie', '/eula'];

test.describe('on a desktop and a phone', () => {
  test.use({ viewport: DESKTOP });

  test('the signed-out screens no other spec visits have no WCAG 2.1 AA violations', async ({ page }) => {
    // Ten screens checked at two sizes: minutes on a loaded 2-core machine.
    test.setTimeout(240_000);
    for (const path of LEGAL_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessibleOnBoth(page, `${path}`);
    }

    // A link the server does not know is refused before the form is shown (the form: account-screens.spec.ts).
    await page.goto('/reset-password?email=alice%40example.fi&token=t1');
    await expect(page.getByRole('alert')).toContainText('This password reset link has been used already');
    await expectAccessibleOnBoth(page, `reset password, link refused`);

    await page.goto('/logout');
    await expect(page.getByRole('heading', { level: 1, name: 'You have logged out' })).toBeVisible();
    await expectAccessibleOnBoth(page, `logged out`);

    await page.goto('/glossary');
    await expect(page.getByRole('heading', { level: 1, name: 'Glossary' })).toBeVisible();
    await expectAccessibleOnBoth(page, `glossary, signed out`);

    await page.goto('/generate-decision');
    await expect(page.getByRole('heading', { level: 1, name: 'Create a Decision' })).toBeVisible();
    await expectAccessibleOnBoth(page, `anonymous decision`);
    await shot(page, `a11y-generate-decision-desktop`);
  });

  test("a party's dashboard with a case, its account menu and the example pages have no violations", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const user = await registerConfirmedUser(request, 'saavutettava');
    // The case's form and page are checked by first-use.spec.ts; here it only has to be on the dashboard.
    await ok(
      await request.post('/api/dispute', {
        headers: await bearer(request, user),
        data: {
          id: randomUUID(),
          name: 'Toimitusviive 2026',
          description: 'Kalusteet toimitettiin kuusi viikkoa myöhässä.',
          claimant: { name: 'Rakennus Oy', identificationNumber: '', email: user.email, address: '' },
          respondent: {
            name: 'Kaluste Ab',
            identificationNumber: '',
            email: `vastaaja.${Date.now().toString(36)}@example.fi`,
            address: '',
          },
        },
      }),
      'create case',
    );
    await signInByApi(page, user);
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

    await page.goto('/case-approved');
    await expect(page.getByRole('heading', { level: 1, name: 'Delayed roof renovation' })).toBeVisible();
    await expectAccessibleOnBoth(page, `case approved example`);

    await page.goto('/glossary');
    await expect(page.getByRole('heading', { level: 1, name: 'Glossary' })).toBeVisible();
    await expectAccessibleOnBoth(page, `glossary`);
    await shot(page, `a11y-glossary-desktop`, { fullPage: false });
  });
});

test.describe('in Finnish on a desktop and a phone', () => {
  test.use({ viewport: DESKTOP });

  test('the screens in Finnish have no violations, say lang="fi" and show no English', async ({ page, request }) => {
    // Six legal pages and the public generator in Finnish besides the rest: axe takes its time on a shared machine.
    test.setTimeout(480_000);
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
    for (const path of ['/terms-of-service', ...LEGAL_PAGES]) {
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
    // The Finnish sign-in screen's axe check is first-use.spec.ts's.
    await expect(page.getByRole('heading', { level: 1, name: 'Kirjaudu Ratkaisuun' })).toBeVisible();
    await shot(page, `fi-login-desktop`, { fullPage: false });
    await page.getByRole('combobox', { name: 'Kieli' }).selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in to Ratkaisu' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
