import { type Page, type Route } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { expectAccessible } from './support/axe.js';

/**
 * What a new user meets on the way: the new-case form refuses one representative on both sides, and
 * two-factor sign-in hands out recovery codes once — in English on a desktop and in Finnish on a phone, each
 * screen checked with axe. Against mocked API answers only (page.route), as account-screens.spec.ts is.
 */

const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const PHONE = { width: 390, height: 844 };
const CODES = [...'ABCDEFGHJK'].map((letter) => `K7Q${letter}9-X2MPL`);

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

function json(route: Route, body: unknown, status = 200) {
  return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
}

async function signedIn(page: Page, language: 'en' | 'fi', tfaEnabled: boolean) {
  await page.addInitScript((lang) => {
    window.sessionStorage.setItem('ratkaisu.token', 'tok-e2e');
    window.localStorage.setItem('ratkaisu.language', lang);
  }, language);
  await page.route('**/user/check-auth', (route) =>
    json(route, {
      id: 'u1',
      userName: 'alice',
      fullName: 'Alice Asianajaja',
      email: 'alice@example.fi',
      dateJoined: '2025-01-15T10:00:00Z',
      emailConfirmed: true,
      tfaEnabled,
      sessionId: 's-current',
      agreedTermsOfService: 1,
      language,
    }),
  );
  await page.route('**/api/admin/check-admin', (route) => json(route, { isAdmin: false }));
  await page.route('**/api/notices/unread', (route) => json(route, { unread: 0 }));
}

for (const run of [
  { language: 'en' as const, viewport: { width: 1280, height: 900 }, name: 'desktop-en' },
  { language: 'fi' as const, viewport: PHONE, name: 'phone-fi' },
]) {
  const words =
    run.language === 'en'
      ? {
          respondent: 'Respondent Information',
          email: 'Representative Email',
          save: 'Save and Send',
          same: 'The claimant and the respondent cannot have the same representative email.',
          twoFactor: 'Two-factor authentication',
          code: 'Two-factor code',
          enable: 'Enable',
          list: 'Your recovery codes',
          saved: 'I have saved them',
          left: '10 of your recovery codes are unused.',
        }
      : {
          respondent: 'Vastaajan tiedot',
          email: 'Asiamiehen sähköposti',
          save: 'Tallenna ja lähetä',
          same: 'Kantajalla ja vastaajalla ei voi olla samaa asiamiehen sähköpostiosoitetta.',
          twoFactor: 'Kaksivaiheinen tunnistautuminen',
          code: 'Kaksivaiheisen tunnistautumisen koodi',
          enable: 'Ota käyttöön',
          list: 'Varmistuskoodisi',
          saved: 'Olen tallentanut ne',
          left: 'Varmistuskoodeistasi 10 on käyttämättä.',
        };

  test(`the new-case form refuses one representative on both sides (${run.name})`, async ({ page }) => {
    await page.setViewportSize(run.viewport);
    await signedIn(page, run.language, false);
    let posted = 0;
    await page.route('**/api/dispute', (route) => {
      if (route.request().method() === 'POST') posted += 1;
      return json(route, []);
    });
    await page.goto('/new-dispute-form');
    const inputs = page.locator('form input:not([type="checkbox"]):not([type="radio"]), form textarea');
    await inputs.first().waitFor();
    // Case name, description, the optional amount in dispute, then each party's name, Business ID/PIN, email, address.
    const values = ['Kattoremontti', 'Vuotava katto', '', 'Rakennus Oy', '', 'counsel@example.fi', '', 'Teräs Oy', ''];
    for (const [index, value] of values.entries()) if (value) await inputs.nth(index).fill(value);
    const respondent = page.getByRole('group', { name: words.respondent });
    await respondent.getByLabel(words.email).fill('Counsel@Example.fi');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: words.save }).click();
    await expect(respondent.getByText(words.same)).toBeVisible();
    await expect(respondent.getByLabel(words.email)).toBeFocused();
    expect(posted).toBe(0);
    await shot(page, `same-party-${run.name}`);
    await expectAccessible(page, `new-case form, same party (${run.name})`);
  });

  test(`turning two-factor on shows the recovery codes once (${run.name})`, async ({ page }) => {
    await page.setViewportSize(run.viewport);
    await signedIn(page, run.language, false);
    await page.route('**/user/get-tfa-key', (route) =>
      json(route, {
        tfaKey: 'JBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/Ratkaisu:alice%40example.fi?secret=JBSWY3DPEHPK3PXP&issuer=Ratkaisu',
      }),
    );
    await page.route('**/user/toggle-tfa', (route) =>
      json(route, { tfaEnabled: true, message: 'TFA settings changed', recoveryCodes: CODES }),
    );
    await page.route('**/user/tfa-recovery-codes', (route) => json(route, { left: 10, createdAt: null }));
    await page.goto('/security');
    const card = page.getByRole('region', { name: words.twoFactor });
    await card.getByRole('textbox', { name: words.code }).first().fill('123456');
    await card.getByRole('button', { name: words.enable }).click();
    const list = card.getByRole('list', { name: words.list });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    await expect(list).toContainText(CODES[0]!);
    await list.scrollIntoViewIfNeeded();
    await shot(page, `recovery-codes-${run.name}`);
    await expectAccessible(page, `security page, recovery codes (${run.name})`);
    await card.getByRole('button', { name: words.saved }).click();
    await expect(card.getByText(words.left)).toBeVisible();
    await expect(list).toHaveCount(0);
  });
}
