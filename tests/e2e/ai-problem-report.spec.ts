import { expect, test } from './support/fixtures.js';
import { aiDecisionReady, caseInResolution } from './support/case-api.js';
import {
  E2E_ADMIN,
  latestMailTo,
  registerConfirmedUser,
  shot,
  signInByApi,
  E2E_ADMIN_ACCOUNT,
} from './support/test-host.js';

/**
 * Report a problem with AI output in the browser: a party opens the AI decision's card,
 * reports what is wrong and where; the report reaches the tenant's administrators by mail and in the
 * admin panel's AI oversight view.
 */

test('a party reports a problem with the AI decision and the administrator finds it in the AI oversight view', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const claimant = await registerConfirmedUser(request, 'ilmoittaja');
  const respondent = await registerConfirmedUser(request, 'vastapuoli');
  const disputeId = await caseInResolution(request, claimant, respondent, 'Viittausvirheen ilmoitus');
  // The decision is the subject's precondition: written by the host's builder before the page opens.
  await aiDecisionReady(request, claimant, disputeId);

  await signInByApi(page, respondent);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.goto(`/case-attachment/${disputeId}`);
  const card = page.getByRole('region', { name: 'Decision', exact: true });
  await expect(card.getByText('AI decision (not an arbitral award)')).toBeVisible();

  await card.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem with the AI text' });
  await expect(dialog).toContainText('sent to the institution’s administrators');
  // Too short a description is refused on the spot.
  await dialog.getByLabel(/Describe the problem/).fill('Väärin');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Describe the problem in at least 10 characters.');

  await dialog.getByLabel('What is wrong').selectOption({ label: 'A reference does not say what the text claims' });
  await dialog.getByLabel('Where').fill('Luku 4, sivu 2');
  await dialog
    .getByLabel(/Describe the problem/)
    .fill('Viittaus [K1 s.1] ei tue väitettä, että toimitus viivästyi kuusi viikkoa.');
  await shot(page, 'ai-problem-report-dialog');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'ai-problem-report-dialog-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByTestId('ai-problem-sent')).toContainText('Your report has been logged');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);

  // The administrators hear of it by mail (the default tenant has no Admin of its own: its SuperAdmin).
  const mail = latestMailTo(E2E_ADMIN.email) ?? '';
  expect(mail).toContain('A problem was reported with the AI output (aiDecision) in "Viittausvirheen ilmoitus"');
  expect(mail).toContain('Where: Luku 4, sivu 2');

  // …and find it in the AI oversight view of the admin panel.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await adminContext.newPage();
  await signInByApi(admin, E2E_ADMIN_ACCOUNT);
  await expect(admin).toHaveURL(/\/(terms-of-service)?$/);
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'AI oversight' }).click();
  const oversight = admin.getByTestId('ai-oversight');
  await oversight.getByLabel('Tenant').selectOption({ label: 'Ratkaisu' });
  await oversight.getByRole('button', { name: 'Refresh' }).click();
  const report = oversight.getByTestId('ai-problem-report').filter({ hasText: 'Luku 4, sivu 2' });
  await expect(report).toContainText('A reference does not say what the text claims');
  await expect(report).toContainText('ei tue väitettä');
  await expect(report).toContainText(respondent.email);
  await expect(oversight.getByTestId('ai-uses')).toContainText(/decisions/);
  await shot(admin, 'ai-oversight');
  await admin.setViewportSize({ width: 390, height: 844 });
  await shot(admin, 'ai-oversight-phone');
  await adminContext.close();
});
