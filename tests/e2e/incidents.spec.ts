import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './support/axe.js';
import { bearer, ok } from './support/case-api.js';
import { expect, test } from './support/fixtures.js';
import { E2E_ADMIN, registerConfirmedUser, shot, signInByApi, E2E_ADMIN_ACCOUNT } from './support/test-host.js';

/**
 * Incidents (docs/operations.md "Incidents") against the real local host: the super-administrator copies five
 * people's data in a row, which opens a bulk-copy incident at the fifth copy; the Incidents tab lists it with
 * its 72-hour clock, and its page takes a note — on a desktop and on a 390×844 phone, axe clean.
 */

async function userId(request: APIRequestContext, account: { userName: string; password: string }): Promise<string> {
  const signedIn = (await ok(
    await request.post('/user/login', { data: { username: account.userName, password: account.password } }),
    'sign-in',
  )) as { user: { id: string } };
  return signedIn.user.id;
}

test('a bulk copy of data opens an incident the super-administrator follows on a desktop and a phone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const subjects = [await registerConfirmedUser(request, 'kopio'), await registerConfirmedUser(request, 'toinen')];
  const ids = [await userId(request, subjects[0]!), await userId(request, subjects[1]!)];
  const asAdmin = await bearer(request, { userName: E2E_ADMIN.email, password: E2E_ADMIN.password });
  for (const id of [ids[0], ids[0], ids[0], ids[1], ids[1]]) {
    await ok(
      await request.post(`/api/superadmin/users/${id}/data-export`, {
        headers: asAdmin,
        data: { reason: 'Data-subject request by letter' },
      }),
      'data export',
    );
  }

  await signInByApi(page, E2E_ADMIN_ACCOUNT);
  await expect(page).toHaveURL(/\/(terms-of-service)?$/);
  await page.goto('/admin?tab=incidents');
  const row = page.getByTestId('incident-row').filter({ hasText: 'One account copied much data' }).first();
  await expect(row).toBeVisible();
  await expect(row.getByTestId('incident-clock')).toContainText(/7[01] h \d+ min left/);
  await expectAccessible(page, 'incidents list');
  await shot(page, 'incidents-list');

  await row.getByRole('button', { name: /^Open: One account copied much data/ }).click();
  const detail = page.getByTestId('incident-detail');
  await expect(detail.getByTestId('incident-counts')).toContainText('Copies of personal data5');
  await detail.getByRole('textbox', { name: 'New note' }).fill('Five copies for two letters; checking the reasons.');
  await detail.getByRole('button', { name: 'Add note' }).click();
  await expect(detail.getByTestId('incident-notes')).toContainText('Five copies for two letters');
  await detail.getByRole('button', { name: 'Prepare notices' }).click();
  await expect(detail.getByTestId('incident-notices')).toContainText('security incident');
  await expectAccessible(page, 'incident detail');
  await shot(page, 'incident-detail');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(detail.getByTestId('incident-notes')).toBeVisible();
  await expectAccessible(page, 'incident detail on a phone');
  await shot(page, 'incident-detail-phone');
  await detail.getByRole('button', { name: 'Back to the incidents' }).click();
  await expect(row).toBeVisible();
  await expectAccessible(page, 'incidents list on a phone');
  await shot(page, 'incidents-list-phone');
});
