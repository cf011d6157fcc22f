import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isRfReference, type DisputeView, type PhaseView } from '@ratkaisu/core';
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe.js';
import { bearer, caseWithClaimUploaded, ok } from './support/case-api.js';
import { expect, test } from './support/fixtures.js';
import { E2E_ADMIN, latestMailTo, registerConfirmedUser, shot } from './support/test-host.js';

/**
 * Paying by invoice (docs/fees.md "Invoices", "Promo codes", "What administrators see"): with the documented
 * example schedule set, a company claimant's first Save and Send is refused for the filing fee; on the case page's
 * Fees card the claimant enters a promo code and sees the new amounts, then downloads the invoice PDF (its RF
 * reference and the discounted amounts checked with pdftotext); a super-administrator marks it paid with a
 * reason on the Payments tab's Mark paid dialog and finds it there by its filters; the claim is sent and the respondent invited without
 * another click. Axe clean on each screen; the card also at a 390×844 phone and in Finnish. (Paying by card on
 * the test page is tests/e2e/case-fees.spec.ts; the price page in fi and en is tests/e2e/pricing.spec.ts.)
 */

const EXAMPLE = readFileSync(new URL('../../docs/fees/schedule.example.json', import.meta.url), 'utf8');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SPACE = '[\\s\\u00a0\\u202f]';

/** Shows the app to `token`'s account from the next navigation on. */
async function signInAs(page: Page, authorization: string): Promise<void> {
  await page.evaluate((value) => window.sessionStorage.setItem('ratkaisu.token', value), authorization.slice(7));
}

test('a company claimant pays its filing fee by invoice with a promo code, and the claim is sent', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000); // five screens through axe, a PDF download
  const admin = await bearer(request, { userName: E2E_ADMIN.email, password: E2E_ADMIN.password });
  const json = { ...admin, 'content-type': 'application/json' };
  await ok(await request.put('/api/superadmin/fee-schedule', { headers: json, data: EXAMPLE }), 'set the schedule');
  try {
    const promo = `E2E${randomUUID().slice(0, 6).toUpperCase()}`;
    await ok(
      await request.post('/api/superadmin/promo-codes', {
        headers: json,
        data: { code: promo, discount: { kind: 'percentage', percent: 20 } },
      }),
      'create a promo code',
    );
    const claimant = await registerConfirmedUser(request, 'invoiced');
    const respondentEmail = `laskutettu.${Date.now().toString(36)}@example.fi`;
    const { disputeId, asClaimant } = await caseWithClaimUploaded(
      request,
      claimant,
      'Laskulla maksettu riita',
      respondentEmail,
    );

    // The first Save and Send: refused for the fee, and the card says what is due.
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await signInAs(page, asClaimant.Authorization!);
    await page.goto(`/case-attachment/${disputeId}`);
    await page.getByTestId('case-actions').getByRole('button', { name: 'Save and Send' }).click();
    await page.getByTestId('send-confirm').click();
    const due = page.getByTestId('case-payment-due');
    await expect(due).toContainText('Filing fee: €753.00 to pay (incl. VAT €153.00), by');

    // A promo code: 20 % off the net 600,00 € → 480,00 € + VAT 122,40 € = 602,40 €.
    const form = due.getByTestId('promo-code-form');
    await form.getByRole('textbox', { name: 'Promo code' }).fill('NO-SUCH-CODE');
    await form.getByRole('button', { name: 'Apply code' }).click();
    await expect(form).toContainText('There is no such promo code. Check how it is written.');
    await expectAccessible(page, 'fees card with a refused promo code, en, desktop');
    await shot(page, 'invoice-promo-refused-en-desktop', { fullPage: false });
    await form.getByRole('textbox', { name: 'Promo code' }).fill(promo.toLowerCase());
    await form.getByRole('button', { name: 'Apply code' }).click();
    await expect(due.getByTestId('case-payment-promo')).toHaveText(
      `Promo code ${promo}: €120.00 off the price before VAT, which is now €480.00.`,
    );
    await expect(due).toContainText('Filing fee: €602.40 to pay (incl. VAT €122.40), by');
    await expect(due.getByTestId('promo-code-form')).toHaveCount(0);
    await expectAccessible(page, 'fees card with a promo code, en, desktop');
    await shot(page, 'invoice-fees-en-desktop');

    // The invoice, downloaded through the API with the session: its RF reference and the discounted amounts.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      due.getByRole('link', { name: 'Invoice (PDF)' }).click(),
    ]);
    const pdfPath = join(testInfo.outputDir, 'invoice.pdf');
    await download.saveAs(pdfPath);
    expect(download.suggestedFilename()).toMatch(/^Invoice-.+\.pdf$/);
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    const rf = /RF\d\d(?: \d{1,4})+/.exec(text)?.[0];
    expect(rf, text).toBeDefined();
    expect(isRfReference(rf!.replace(/ /g, ''))).toBe(true);
    for (const shown of [
      'Invoice',
      'Rakennus Oy',
      '1234567-8',
      '1234567-1',
      '€480.00',
      '€122.40',
      '€602.40',
      'FI21 1234 5600 0007 85',
    ]) {
      expect(text, shown).toContain(shown);
    }
    if (process.env.E2E_SCREENSHOT_DIR) {
      execFileSync('pdftoppm', ['-png', '-r', '60', pdfPath, join(process.env.E2E_SCREENSHOT_DIR, 'invoice-pdf')]);
    }

    // On a phone, in Finnish: the card with the code applied.
    await page.setViewportSize(PHONE);
    await page.evaluate(() => window.localStorage.setItem('ratkaisu.language', 'fi'));
    await page.reload();
    const dueFi = page.getByTestId('case-payment-due');
    await expect(dueFi).toContainText(new RegExp(`Vireillepanomaksu: maksettavaa 602,40${SPACE}€`));
    await expect(dueFi.getByTestId('case-payment-promo')).toContainText(`Kampanjakoodi ${promo}`);
    await expectAccessible(page, 'fees card with a promo code, fi, phone');
    await shot(page, 'invoice-fees-fi-phone');

    // Still unpaid: the claim waits. A super-administrator records the bank transfer with a reason, on the
    // Payments tab's Mark paid dialog.
    const view = (await ok(
      await request.get(`/api/dispute/${disputeId}`, { headers: asClaimant }),
      'the case',
    )) as DisputeView;
    expect(
      (await ok(
        await request.get(`/api/dispute/${disputeId}/phases`, { headers: asClaimant }),
        'phases',
      )) as PhaseView[],
    ).toHaveLength(1);
    await page.evaluate(() => window.localStorage.setItem('ratkaisu.language', 'en'));
    await signInAs(page, admin.Authorization!);
    await page.setViewportSize(DESKTOP);
    await page.goto('/admin?tab=payments');
    const filters = page.getByRole('search', { name: 'Filter the payments' });
    await filters.getByLabel('Case number or payer').fill(view.caseNumber!);
    await filters.getByRole('button', { name: 'Filter' }).click();
    const rows = page.getByTestId('payment-row');
    await expect(rows).toHaveCount(1);
    await rows
      .first()
      .getByRole('button', { name: `Mark paid: ${view.caseNumber!}, Filing fee` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Mark a payment paid' });
    await expect(dialog.getByTestId('mark-paid-summary')).toContainText(
      `Filing fee for case ${view.caseNumber!}, payer`,
    );
    await expect(dialog.getByTestId('mark-paid-summary')).toContainText(': €602.40 still due.');
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill(`Bank transfer with reference ${rf!}`);
    await expectAccessible(page, 'mark paid dialog, en, desktop');
    await shot(page, 'invoice-mark-paid-en-desktop', { fullPage: false });
    await page.setViewportSize(PHONE);
    await shot(page, 'invoice-mark-paid-en-phone', { fullPage: false });
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByTestId('payments-notice')).toHaveText(
      new RegExp(`^Payment for case ${view.caseNumber!} marked paid; receipt R-\\d{6}\\.$`),
    );
    await expect(dialog).toHaveCount(0);

    // The Payments tab finds it by its filters: paid, by invoice, this case.
    await filters.getByLabel('Status').selectOption('paid');
    await filters.getByLabel('Method').selectOption('invoice');
    await filters.getByRole('button', { name: 'Filter' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(view.caseNumber!);
    await expect(rows.first()).toContainText('Invoice');
    await expect(rows.first()).toContainText('€602.40 (VAT €122.40)');
    await expect(rows.first()).toContainText(`Promo code: ${promo}`);
    await expect(rows.first()).toContainText(/R-\d{6}/);
    await expectAccessible(page, 'payments tab filtered, en, desktop');
    await shot(page, 'invoice-admin-payments-en-desktop');
    await page.setViewportSize(PHONE);
    await shot(page, 'invoice-admin-payments-en-phone');

    // The case went on: the claim sent, the respondent invited, and the card says paid.
    await signInAs(page, asClaimant.Authorization!);
    await page.setViewportSize(DESKTOP);
    await page.goto(`/case-attachment/${disputeId}`);
    await expect(page.getByTestId('case-payment-paid')).toContainText('Filing fee: paid.');
    const after = (await ok(
      await request.get(`/api/dispute/${disputeId}/phases`, { headers: asClaimant }),
      'phases after paying',
    )) as PhaseView[];
    expect(after.at(-1)!.type).toBe('Response');
    expect(latestMailTo(respondentEmail)).toContain('Laskulla maksettu riita');
    await expectAccessible(page, 'case paid by invoice, en, desktop');
    await shot(page, 'invoice-paid-en-desktop');
  } finally {
    await ok(await request.delete('/api/superadmin/fee-schedule', { headers: admin }), 'clear the fee schedule');
  }
});
