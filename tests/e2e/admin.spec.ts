import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { expectAccessibleOnBoth } from './support/axe.js';
import { shot, signInByApi, E2E_ADMIN_ACCOUNT } from './support/test-host.js';

/**
 * The admin panel against the real local host: the first super-administrator
 * signs in, creates a tenant and a user, changes the user's role, finds those
 * actions in the audit log and exports them as CSV. axe on each tab and dialog it opens, at a desktop and a
 * phone (support/axe.ts), and on the AI oversight and Retention tabs.
 */

/**
 * Signs the super-administrator in. Their terms are undecided, so the terms page
 * comes first; the test goes straight on to /admin and leaves the terms
 * undecided for identity-flow.spec.ts, which accepts them.
 */
async function signInAsSuperAdmin(page: Page): Promise<void> {
  await signInByApi(page, E2E_ADMIN_ACCOUNT);
  await expect(page).toHaveURL(/\/(terms-of-service)?$/);
}

test('the super-administrator manages a tenant and a user and finds it all in the audit log', async ({ page }) => {
  test.setTimeout(240_000); // seven tabs and dialogs through axe at two sizes
  const suffix = randomUUID().slice(0, 8);
  const tenantName = `Testi Oy ${suffix}`;
  const domain = `testi-${suffix}.fi`;
  const userName = `maija${suffix}`;
  const email = `maija.${suffix}@testi.fi`;

  await signInAsSuperAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  // The admin panel sits in the app's shell: the account menu (with logout) is there.
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();

  // Overview: the numbers, the verified chain and the system information.
  await expect(page.getByRole('group', { name: 'Active Tenants' })).toContainText(/\d/);
  await expect(page.getByTestId('audit-chain-status')).toContainText('Verified', { timeout: 15_000 });
  await expect(page.getByTestId('system-environment')).toHaveText('test');
  await expectAccessibleOnBoth(page, 'admin overview');
  await shot(page, 'admin-overview');

  // Tenants: create one.
  await page.getByRole('tab', { name: /Tenants/ }).click();
  await settledTab(page);
  await expectAccessibleOnBoth(page, 'admin Tenants');
  await page.getByRole('button', { name: 'Add Tenant' }).click();
  const tenantDialog = page.getByRole('dialog', { name: 'Add Tenant' });
  await expect(tenantDialog).toBeVisible();
  await expectAccessibleOnBoth(page, 'admin add tenant');
  await tenantDialog.getByRole('textbox', { name: /^Name/ }).fill(tenantName);
  await tenantDialog.getByRole('textbox', { name: /^Domain/ }).fill(domain);
  await tenantDialog.getByRole('textbox', { name: /^Cloud tenant ID/ }).fill(randomUUID());
  await tenantDialog.getByRole('textbox', { name: /^Description/ }).fill('Created by the browser test');
  await tenantDialog.getByRole('button', { name: 'Save' }).click();
  await expect(tenantDialog).toBeHidden();
  const tenantRow = page.getByTestId('tenant-row').filter({ hasText: domain });
  await expect(tenantRow).toContainText(tenantName);
  await expect(tenantRow).toContainText('Active');
  await shot(page, 'admin-tenants');

  // Users: create one in the new tenant, then make them an Admin.
  await page.getByRole('tab', { name: /Users/ }).click();
  await settledTab(page);
  await expectAccessibleOnBoth(page, 'admin Users');
  await page.getByRole('button', { name: 'Add User' }).click();
  const userDialog = page.getByRole('dialog', { name: 'Add User' });
  await expect(userDialog).toBeVisible();
  await expectAccessibleOnBoth(page, 'admin add user');
  await userDialog.getByRole('textbox', { name: /^User name/ }).fill(userName);
  await userDialog.getByRole('textbox', { name: /^Email/ }).fill(email);
  await userDialog.getByRole('combobox', { name: /^Tenant/ }).selectOption({ label: domain });
  await userDialog.getByRole('combobox', { name: /^Role/ }).selectOption('User');
  await userDialog.getByRole('button', { name: 'Save' }).click();
  await expect(userDialog).toBeHidden();
  const userRow = page.getByTestId('user-row').filter({ hasText: email });
  await expect(userRow.getByTestId('role-badge')).toHaveText('User');
  await expect(userRow).toContainText('Never');

  await userRow.getByRole('button', { name: `Edit ${userName}` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit User' });
  await editDialog.getByRole('combobox', { name: /^Role/ }).selectOption('Admin');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(editDialog).toBeHidden();
  await expect(userRow.getByTestId('role-badge')).toHaveText('Admin');
  await page.getByRole('searchbox', { name: 'Filter users' }).fill(suffix);
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Filter users' }).fill('');
  await shot(page, 'admin-users');

  // Audit Logs: each of the three actions, found by its filter.
  await page.getByRole('tab', { name: /Audit Logs/ }).click();
  await expect(page.getByTestId('audit-row').first()).toBeVisible();
  await settledTab(page);
  await expectAccessibleOnBoth(page, 'admin Audit Logs');
  const action = page.getByRole('combobox', { name: 'Action' });
  for (const [name, text] of [
    ['CreateUser', email],
    ['UpdateUser', 'Admin'],
    ['CreateTenant', domain],
  ] as const) {
    await action.selectOption(name);
    const row = page.getByTestId('audit-row').filter({ hasText: text }).first();
    await expect(row).toContainText(name);
    await expect(row).toContainText('Success');
    await expect(page.getByTestId('audit-row').filter({ hasNotText: name })).toHaveCount(0);
  }
  await shot(page, 'admin-audit');

  // Export the filtered entries (CreateTenant) as CSV.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv).toContain('CreateTenant');
  expect(csv).toContain(domain);
  expect(csv).not.toContain('UpdateUser');

  // The two tabs this test does not use otherwise: checked as they open.
  for (const tab of [/AI oversight/, /Retention/]) {
    await page.getByRole('tab', { name: tab }).click();
    await settledTab(page);
    await expectAccessibleOnBoth(page, `admin ${tab.source}`);
  }
});

/** The open tab's panel shown, with nothing in it still loading. */
async function settledTab(page: Page): Promise<void> {
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('progressbar')).toHaveCount(0);
}
