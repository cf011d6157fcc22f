import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { RECEIPT_BUTTON } from '@ratkaisu/core';
import { expectAccessible } from './support/axe.js';
import { issuedAward, SOLE_ARBITRATOR } from './support/issued-award.js';
import { bearer, caseInResolution, ok } from './support/case-api.js';
import { expect, test } from './support/fixtures.js';
import { latestMailTo, registerConfirmedUser, shot, signInByApi, E2E_ADMIN_ACCOUNT } from './support/test-host.js';

/**
 * What a Finnish user meets first, and what a final award still offers: the aftercare card before and after the
 * respondent records receipt (Finnish, phone); the arbitrator's award page and the administrator's appointment
 * queue offer nothing the server would refuse (English, desktop); a Finnish invitation opens in Finnish in an
 * English browser. Each screen passes axe. The award is issued through the API (support/issued-award.ts, as
 * corrections.spec.ts does; tribunal.spec.ts walks the tribunal's own path).
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function pageAt(browser: Browser, viewport: typeof PHONE, locale = 'en-US'): Promise<Page> {
  return (await browser.newContext({ viewport, locale })).newPage();
}

/** With E2E_SCREENSHOT_DIR set, one element's screenshot (a card on a long phone page). */
async function shotOf(target: Locator, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await target.screenshot({ path: join(dir, `${name}.png`) });
}

test('the aftercare card before and after receipt (fi, phone); a final award offers no refused action', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const claimant = await registerConfirmedUser(request, 'ensik');
  const respondent = await registerConfirmedUser(request, 'ensiv');
  const arbitrator = await registerConfirmedUser(request, 'ensivm', SOLE_ARBITRATOR);
  const name = `Ensikosketus ${randomUUID().slice(0, 6)}`;
  const disputeId = await caseInResolution(request, claimant, respondent, name);
  const { awardId, code } = await issuedAward(request, claimant, respondent, arbitrator, disputeId);

  // The respondent, on a phone in Finnish: before receipt the card says what starts each period and shows the
  // dates counted from the recorded delivery; no heading stands empty.
  // (Signed in on the English sign-in screen, then Finnish chosen in this browser, as a user would switch.)
  const party = await pageAt(browser, PHONE);
  await signInByApi(party, respondent);
  await expect(party.getByRole('heading', { level: 1 })).toBeVisible();
  await party.evaluate(() => window.localStorage.setItem('ratkaisu.language', 'fi'));
  await party.goto(`/case-attachment/${disputeId}`);
  const aftercare = party.getByTestId('award-aftercare');
  await expect(aftercare).toContainText('Tiedoksianto, määräajat ja korjaukset');
  const deadlines = aftercare.getByTestId('deadlines-respondent');
  await expect(deadlines).toContainText(RECEIPT_BUTTON.fi.award);
  await expect(deadlines).toContainText(/\d{1,2}\.\d{1,2}\.\d{4}/);
  await aftercare.scrollIntoViewIfNeeded();
  await expectAccessible(party, 'aftercare before receipt, phone fi');
  await shot(party, 'first-contact-aftercare-before-fi-phone');
  await shotOf(aftercare, 'first-contact-aftercare-card-before-fi-phone');

  await aftercare.getByRole('button', { name: RECEIPT_BUTTON.fi.award }).click();
  await expect(aftercare.getByRole('button', { name: RECEIPT_BUTTON.fi.award })).toHaveCount(0);
  await expect(aftercare.getByTestId('award-receipts')).toContainText(/\d{1,2}\.\d{1,2}\.\d{4}/);
  await expect(deadlines).toContainText(/\(38–39 §\): viimeistään \d{1,2}\.\d{1,2}\.\d{4}/);
  await expect(deadlines).toContainText(/kumoamiseksi \(41 §\): viimeistään \d{1,2}\.\d{1,2}\.\d{4}/);
  // The award fixes no fee: no § 47 row.
  await expect(deadlines).not.toContainText('47 §');
  await expectAccessible(party, 'aftercare after receipt, phone fi');
  await shot(party, 'first-contact-aftercare-after-fi-phone');
  await shotOf(aftercare, 'first-contact-aftercare-card-after-fi-phone');
  await party.context().close();

  // The arbitrator's award page, desktop, English: signed and final, nothing to adopt, save, regenerate or sign.
  const judge = await pageAt(browser, DESKTOP);
  await signInByApi(judge, arbitrator, { code: await code() });
  await expect(judge.getByRole('heading', { level: 1 })).toBeVisible();
  await judge.goto(`/case-attachment/${disputeId}/award/${awardId}`);
  // The review page loads the award, the case and its documents: slow on a busy machine.
  await expect(judge.getByRole('progressbar')).toHaveCount(0, { timeout: 60_000 });
  await expect(judge.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(judge.getByRole('main')).toContainText(/signed|issued/i);
  for (const label of ['Adopt', 'Sign', 'Save', 'Regenerate this chapter', 'Open the PDF to sign']) {
    await expect(judge.getByRole('button', { name: label, exact: true })).toHaveCount(0);
  }
  // The award's texts are shown as text, its costs too: nothing can be typed into a signed award.
  await expect(judge.getByTestId('costs-text')).toBeVisible();
  await expect(
    judge.getByRole('main').locator('textarea:not([readonly]), input[type="text"]:not([readonly])'),
  ).toHaveCount(0);
  await expectAccessible(judge, 'final award page, arbitrator, desktop en');
  await shot(judge, 'first-contact-award-arbitrator-desktop-en');
  await judge.context().close();

  // The administrator's appointment queue never lists the final case: nothing to appoint.
  const admin = await pageAt(browser, DESKTOP);
  await signInByApi(admin, E2E_ADMIN_ACCOUNT);
  await expect(admin).toHaveURL(/\/(terms-of-service)?$/);
  await admin.goto('/admin?tab=appointments');
  await expect(admin.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await expect(admin.getByRole('tab', { name: /Appointments/, selected: true })).toBeVisible();
  await expect(admin.getByRole('main')).not.toContainText(name);
  await expectAccessible(admin, 'appointments, final case absent, desktop en');
  await shot(admin, 'first-contact-admin-appointments-desktop-en', { fullPage: false });
  await admin.context().close();
});

test('a Finnish invitation opens in Finnish in an English browser', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const claimant = await registerConfirmedUser(request, 'kutsuja');
  const invited = `kutsuttu.${randomUUID().slice(0, 8)}@example.fi`;
  const headers = await bearer(request, claimant);
  const disputeId = randomUUID();
  await ok(
    await request.post('/api/dispute', {
      headers,
      data: {
        id: disputeId,
        name: 'Kattoremontin viivästys',
        description: 'Katto valmistui kaksi kuukautta myöhässä.',
        claimant: { name: 'Rakennus Oy', identificationNumber: '1234567-8', email: claimant.email, address: 'Katu 1' },
        respondent: { name: 'Katto Oy', identificationNumber: '7654321-0', email: invited, address: 'Tie 2' },
        language: 'fi',
        filerFullName: 'Kalle Kutsuja',
      },
    }),
    'file the case',
  );
  const { makeFinnishPdf, CONTRACT_PAGES } = await import('../api/support/finnish-pdf.js');
  const phases = (await ok(await request.get(`/api/dispute/${disputeId}/phases`, { headers }), 'phases')) as {
    id: string;
  }[];
  await ok(
    await request.post(`/${disputeId}/phases/${phases[0]!.id}/attachments`, {
      headers,
      multipart: {
        file: {
          name: 'Kanne.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from(await makeFinnishPdf([...CONTRACT_PAGES])),
        },
      },
    }),
    'upload the claim',
  );
  await ok(await request.post(`/api/dispute/${disputeId}/phase/Response`, { headers }), 'send the claim');
  const path = /\/invitation\/[A-Za-z0-9_-]{43}/.exec(latestMailTo(invited) ?? '')?.[0];
  expect(path, 'an invitation link in the mail').toBeDefined();

  const page = await pageAt(browser, DESKTOP, 'en-US');
  await page.goto(path!);
  await expect(page.getByText('Uusi Ratkaisun käyttäjä?')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
  await expect(page.getByText('Kattoremontin viivästys').first()).toBeVisible();
  await expectAccessible(page, 'Finnish invitation, English browser, desktop');
  await shot(page, 'first-contact-invitation-fi-desktop');
  await page.context().close();
});
