import { randomUUID } from 'node:crypto';
import type { AdminPaymentsOverview } from '@ratkaisu/core';
import { expectAccessible } from './support/axe.js';
import { bearer } from './support/case-api.js';
import { expect, test } from './support/fixtures.js';
import { E2E_ADMIN, shot } from './support/test-host.js';

/**
 * The admin panel's Payments tab (docs/fees.md "What administrators see", "Promo codes"): a super-administrator
 * creates a promo code with the form and disables it, and the tab shows payments, the outstanding ones and
 * VAT by month — in English and Finnish, at a desktop and a phone, axe clean. Nothing in the browser host
 * creates payments yet (the due points will), so the payments list is a fixture answer of its route; the
 * promo codes are the server's own.
 */

const TOKEN_STORAGE_KEY = 'ratkaisu.token';
const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

const paid = {
  id: 'pay-1',
  tenantId: 'default',
  disputeId: 'case-1',
  caseNumber: 'RAT-2026-000001',
  purpose: 'filingFee',
  payer: { userId: 'u-1', name: 'Maija Meikäläinen', email: 'maija@acme.fi' },
  status: 'paid',
  method: 'card',
  netCents: 54_000,
  vatCents: 13_770,
  grossCents: 67_770,
  receivedCents: 67_770,
  reverseCharge: false,
  promoCode: 'WELCOME',
  receiptNumber: 'R-2026-000007',
  createdAt: '2026-03-10T09:00:00Z',
  paidAt: '2026-03-10T10:00:00Z',
} as const;
const open = {
  id: 'pay-2',
  tenantId: 'default',
  disputeId: 'case-2',
  caseNumber: 'RAT-2026-000002',
  purpose: 'tribunalAdvanceShare',
  payer: { userId: 'u-2', name: 'Svensk AB', email: 'ekonomi@svensk.se' },
  status: 'open',
  netCents: 500_000,
  vatCents: 0,
  grossCents: 500_000,
  receivedCents: 0,
  reverseCharge: true,
  createdAt: '2026-03-01T09:00:00Z',
  ageDays: 12,
} as const;
const FIXTURE: AdminPaymentsOverview = {
  payments: [paid, open],
  outstanding: [open],
  monthly: [
    { month: '2026-03', payments: 1, netCents: 54_000, vatCents: 13_770, grossCents: 67_770, reverseChargeNetCents: 0 },
  ],
};

test('the Payments tab: a promo code made and disabled, the payments and VAT by month, en and fi', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000); // four screens through axe
  const code = `E2E-${randomUUID().slice(0, 8).toUpperCase()}`;
  const { Authorization: token = '' } = await bearer(request, {
    userName: E2E_ADMIN.email,
    password: E2E_ADMIN.password,
  });
  await page.addInitScript(({ key, value }) => window.sessionStorage.setItem(key, value), {
    key: TOKEN_STORAGE_KEY,
    value: token.slice('Bearer '.length),
  });
  await page.route('**/api/superadmin/payments', (route) => route.fulfill({ json: FIXTURE }));

  await page.goto('/admin?tab=payments');
  await expect(page.getByRole('tab', { name: 'Payments', selected: true })).toBeVisible();
  await expect(page.getByTestId('payment-row').first()).toContainText('RAT-2026-000001');
  await expect(page.getByTestId('outstanding-row')).toContainText('12 days');
  await expect(page.getByTestId('monthly-row')).toContainText('€137.70');

  await page.getByRole('textbox', { name: /^Code/ }).fill(code.toLowerCase());
  await page.getByRole('combobox', { name: 'Discount' }).selectOption('fixed');
  await page.getByRole('textbox', { name: /^Amount/ }).fill('49,90');
  await page.getByRole('textbox', { name: /^Number of uses/ }).fill('5');
  await page.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByTestId('promo-message')).toHaveText(`Promo code ${code} created.`);
  const row = page.getByTestId('promo-row').filter({ hasText: code });
  await expect(row).toContainText('€49.90');
  await expect(row).toContainText('0 / 5');
  // The same code again is refused by the server.
  await page.getByRole('textbox', { name: /^Code/ }).fill(code);
  await page.getByRole('textbox', { name: /^Amount/ }).fill('10');
  await page.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByTestId('promo-message')).toHaveText('A promo code with this name exists already.');

  for (const { name, viewport } of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expectAccessible(page, `admin payments, en, ${name}`);
    await shot(page, `admin-payments-en-${name}`);
  }

  await row.getByRole('button', { name: `Disable ${code}` }).click();
  await expect(row).toContainText('Disabled');

  await page.evaluate(() => window.localStorage.setItem('ratkaisu.language', 'fi'));
  for (const { name, viewport } of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto('/admin?tab=payments');
    await expect(page.getByRole('tab', { name: 'Maksut', selected: true })).toBeVisible();
    await expect(page.getByTestId('outstanding-row')).toContainText('12 päivää');
    await expect(page.getByTestId('promo-row').filter({ hasText: code })).toContainText('Pois käytöstä');
    await expectAccessible(page, `admin payments, fi, ${name}`);
    await shot(page, `admin-payments-fi-${name}`);
  }
});
