import { readFileSync } from 'node:fs';
import type { PhaseView } from '@ratkaisu/core';
import { expect, test } from './support/fixtures.js';
import { expectAccessible } from './support/axe.js';
import { bearer, caseWithClaimUploaded, ok } from './support/case-api.js';
import { E2E_ADMIN, latestMailTo, registerConfirmedUser, shot } from './support/test-host.js';

/**
 * The filing fee on the case page (docs/fees.md "Due points"): with the documented example schedule set, the
 * claimant's Save and Send is refused for the fee and the page says what is due, by when and how (en and fi,
 * desktop and phone, axe clean); the claimant pays on the built-in test checkout, and the claim is sent and
 * the respondent invited without another click.
 */

const EXAMPLE = readFileSync(new URL('../../docs/fees/schedule.example.json', import.meta.url), 'utf8');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SPACE = '[\\s\\u00a0\\u202f]';

test('a claimant pays the filing fee on the test checkout, and the claim is sent', async ({ page, request }) => {
  test.setTimeout(120_000); // four screens through axe
  const admin = await bearer(request, { userName: E2E_ADMIN.email, password: E2E_ADMIN.password });
  await ok(
    await request.put('/api/superadmin/fee-schedule', {
      headers: { ...admin, 'content-type': 'application/json' },
      data: EXAMPLE,
    }),
    'set the fee schedule',
  );
  try {
    const claimant = await registerConfirmedUser(request, 'payer');
    const respondentEmail = `vastaaja.${Date.now().toString(36)}@example.fi`;
    const { disputeId, asClaimant } = await caseWithClaimUploaded(
      request,
      claimant,
      'Teräspalkkien viivästys',
      respondentEmail,
    );

    const token = asClaimant.Authorization!.slice('Bearer '.length);
    await page.addInitScript((value) => window.sessionStorage.setItem('ratkaisu.token', value), token);
    await page.setViewportSize(DESKTOP);
    await page.goto(`/case-attachment/${disputeId}`);
    const fees = page.getByRole('region', { name: 'Fees' });
    await expect(fees).toContainText('Amount in dispute: €30,000.00');

    await page.getByTestId('case-actions').getByRole('button', { name: 'Save and Send' }).click();
    await page.getByTestId('send-confirm').click();
    await expect(page.getByText('A fee is due before this step.').first()).toBeVisible();
    const due = page.getByTestId('case-payment-due');
    await expect(due).toContainText('Filing fee: €753.00 to pay (incl. VAT €153.00), by');
    await expect(due.getByRole('link', { name: 'Pay by card' })).toBeVisible();
    await expect(due.getByRole('link', { name: 'Invoice (PDF)' })).toHaveAttribute(
      'href',
      /\/api\/payments\/.+\/invoice$/,
    );
    await expectAccessible(page, 'case fees due, en, desktop');
    await shot(page, 'case-fees-en-desktop');
    await page.setViewportSize(PHONE);
    await expect(due).toBeVisible();
    await expectAccessible(page, 'case fees due, en, phone');
    await shot(page, 'case-fees-en-phone');

    await page.evaluate(() => window.localStorage.setItem('ratkaisu.language', 'fi'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
    const dueFi = page.getByTestId('case-payment-due');
    await expect(dueFi).toContainText(new RegExp(`Vireillepanomaksu: maksettavaa 753,00${SPACE}€`));
    await expect(dueFi.getByRole('link', { name: 'Maksa kortilla' })).toBeVisible();
    await expectAccessible(page, 'case fees due, fi, phone');
    await shot(page, 'case-fees-fi-phone');
    await page.setViewportSize(DESKTOP);
    await expectAccessible(page, 'case fees due, fi, desktop');
    await shot(page, 'case-fees-fi-desktop');

    await page.evaluate(() => window.localStorage.setItem('ratkaisu.language', 'en'));
    await page.reload();
    await page.getByTestId('case-payment-due').getByRole('link', { name: 'Pay by card' }).click();
    await expect(page).toHaveURL(/\/payments\/test\//);
    await page.getByRole('button', { name: 'Pay €753.00' }).click();
    await expect(page.getByTestId('test-checkout-status')).toContainText('Paid.');
    await page.getByRole('link', { name: 'Back to the case' }).click();
    await expect(page.getByTestId('case-payment-paid')).toContainText('Filing fee: paid.');
    await expect(page.getByTestId('case-payment-due')).toHaveCount(0);
    // The claim went out with the payment: the Response phase is the respondent's, and the invitation is mailed.
    const after = (await ok(
      await request.get(`/api/dispute/${disputeId}/phases`, { headers: asClaimant }),
      'phases after paying',
    )) as PhaseView[];
    expect(after.at(-1)!.type).toBe('Response');
    expect(latestMailTo(respondentEmail)).toContain('Teräspalkkien viivästys');
    await shot(page, 'case-fees-paid-desktop');
  } finally {
    await ok(await request.delete('/api/superadmin/fee-schedule', { headers: admin }), 'clear the fee schedule');
  }
});
