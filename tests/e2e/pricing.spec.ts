import { readFileSync } from 'node:fs';
import { expect, test } from './support/fixtures.js';
import { expectAccessible } from './support/axe.js';
import { bearer, ok } from './support/case-api.js';
import { E2E_ADMIN, shot } from './support/test-host.js';

/**
 * The public price page (docs/fees.md): without a schedule it says nothing is charged; with the documented
 * example set, it shows the server's quote in English and Finnish, at a desktop and a phone, axe clean.
 */

const EXAMPLE = readFileSync(new URL('../../docs/fees/schedule.example.json', import.meta.url), 'utf8');
const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];
// Intl separates thousands with a (narrow) no-break space in Finnish.
const SPACE = '[\\s\\u00a0\\u202f]';

test('the price page: free by default, then the fees of the schedule in English and Finnish', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000); // four screens through axe
  const admin = await bearer(request, { userName: E2E_ADMIN.email, password: E2E_ADMIN.password });
  try {
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1, name: 'Prices' })).toBeVisible();
    await expect(page.getByTestId('pricing-free')).toHaveText(/No fees are charged at present/);
    await expectAccessible(page, 'pricing, no schedule');

    await ok(
      await request.put('/api/superadmin/fee-schedule', {
        headers: { ...admin, 'content-type': 'application/json' },
        data: EXAMPLE,
      }),
      'set the fee schedule',
    );

    for (const { name, viewport } of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto('/pricing');
      // 25 000 € falls in the second filing band: 600 € + 25.5 % VAT.
      const filing = page.getByTestId('pricing-filing');
      await expect(filing).toContainText('€600.00');
      await expect(filing).toContainText('€153.00');
      await expect(filing).toContainText('€753.00');
      await expect(page.getByRole('columnheader', { name: 'VAT 25.5%' })).toBeVisible();
      await expectAccessible(page, `pricing, en, ${name}`);
      await shot(page, `pricing-en-${name}`);

      await page.getByRole('textbox', { name: /Amount in dispute/ }).fill('1.005');
      await page.getByRole('button', { name: 'Calculate' }).click();
      await expect(page.getByText('Enter the amount in euros, with at most two decimals.')).toBeVisible();
      await page.getByRole('textbox', { name: /Amount in dispute/ }).fill('250000');
      await page.getByRole('radio', { name: 'A tribunal of three arbitrators' }).check();
      await page.getByRole('button', { name: 'Calculate' }).click();
      // Above 200 000 €, three arbitrators: an advance of 100 000 €, 50 000 € a party.
      await expect(page.getByRole('heading', { name: 'Fees for an amount in dispute of €250,000.00' })).toBeVisible();
      await expect(page.getByTestId('pricing-advance-respondent')).toContainText('€62,750.00');
    }

    await page.addInitScript(() => window.localStorage.setItem('ratkaisu.language', 'fi'));
    for (const { name, viewport } of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto('/pricing');
      await expect(page.getByRole('heading', { level: 1, name: 'Hinnasto' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
      const filing = page.getByTestId('pricing-filing');
      await expect(filing).toContainText('Vireillepanomaksu');
      await expect(filing).toContainText(new RegExp(`753,00${SPACE}€`));
      await expect(page.getByRole('columnheader', { name: new RegExp(`ALV 25,5${SPACE}%`) })).toBeVisible();
      await expectAccessible(page, `pricing, fi, ${name}`);
      await shot(page, `pricing-fi-${name}`);
    }
  } finally {
    await ok(await request.delete('/api/superadmin/fee-schedule', { headers: admin }), 'clear the fee schedule');
  }
});
