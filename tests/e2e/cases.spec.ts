import { expect, test } from './support/fixtures.js';
import { registerConfirmedUser, shot, signInByApi } from './support/test-host.js';

/** Cases against the real local host: the dashboard and the new-case form. */
test('a signed-in user creates a case from the dashboard and finds it listed', async ({ page }) => {
  const user = await registerConfirmedUser(page.request, 'claimant');
  await signInByApi(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.getByRole('button', { name: 'Create New Case' }).click();
  await expect(page).toHaveURL(/\/new-dispute-form$/);
  await page.getByLabel('Case name').fill('Toimitusviive <script>alert(1)</script>');
  await page.getByLabel('Short description').fill('Kaluste toimitettiin 6 viikkoa myöhässä.');
  const claimant = page.getByRole('group', { name: 'Claimant Information' });
  await claimant.getByLabel('Name', { exact: false }).first().fill('Rakennus Oy');
  await claimant.getByLabel('Representative Email').fill(user.email);
  const respondent = page.getByRole('group', { name: 'Respondent Information' });
  await respondent.getByLabel('Name', { exact: false }).first().fill('Kaluste Ab');
  await respondent.getByLabel('Representative Email').fill('edustaja@kaluste.fi');
  // The claimant accepts the arbitration agreement as it opens the case.
  await expect(page.getByTestId('new-case-agreement')).toContainText('finally settled in arbitration');
  await page.getByLabel('I accept this arbitration agreement on behalf of the claimant.').check();
  await shot(page, 'new-case-filled');
  await page.getByRole('button', { name: 'Save and Send' }).click();
  await expect(page).toHaveURL(/\/case-attachment\/[0-9a-f-]{36}$/);

  await page.goto('/');
  const inProgress = page.getByRole('region', { name: 'In Progress Cases' });
  await expect(inProgress.getByRole('link', { name: 'Toimitusviive' })).toBeVisible();
  await shot(page, 'dashboard');
});
