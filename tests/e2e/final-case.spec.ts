import { join } from 'node:path';
import { type APIRequestContext, type Locator } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { aiDecisionReady, bearer, caseInResolution, ok, type Account } from './support/case-api.js';
import { expectAccessibleOnBoth } from './support/axe.js';
import { latestMailTo, registerConfirmedUser, shot, signInByApi } from './support/test-host.js';

/**
 * Final means final in a browser against the real local host and its offline model: the respondent
 * has accepted version 1; the claimant's Create decision warns that the acceptance will lapse, and the
 * respondent is mailed; the accept dialog lets the claimant accept version 2 only after opening it; once
 * both accepted, the case says it is final, Create decision and Request an arbitrator are gone, and the API
 * refuses both with the catalogued 409.
 */

async function shotOf(target: Locator, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await target.screenshot({ path: join(dir, `${name}.png`) });
}

interface Phase {
  id: string;
  type: string;
  attachments: { id: string; fileName: string; version?: number; status?: string }[];
}

async function decisions(request: APIRequestContext, headers: Record<string, string>, disputeId: string) {
  const phases = (await ok(await request.get(`/api/dispute/${disputeId}/phases`, { headers }), 'phases')) as Phase[];
  return phases.find((phase) => phase.type === 'Resolution')!;
}

/** A party opens (downloads) a decision version and accepts it, through the API. */
async function openAndAccept(request: APIRequestContext, account: Account, disputeId: string, version: number) {
  const headers = await bearer(request, account);
  const resolution = await decisions(request, headers, disputeId);
  const file = resolution.attachments.find((candidate) => candidate.version === version)!;
  const download = await request.get(
    `/api/dispute/${disputeId}/phases/${resolution.id}/attachment/${file.id}/download`,
    { headers },
  );
  expect(download.ok()).toBe(true);
  await ok(await request.post(`/api/dispute/${disputeId}/award/${file.id}/accept`, { headers }), `accept v${version}`);
}

test.use({ viewport: { width: 1280, height: 1000 } });

test('a regeneration lapses the other party’s acceptance; after both accept one version the case is final', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const claimant = await registerConfirmedUser(request, 'kantaja');
  const respondent = await registerConfirmedUser(request, 'vastaaja');
  const asClaimant = await bearer(request, claimant);
  const disputeId = await caseInResolution(request, claimant, respondent, 'Lopullinen ratkaisu');

  // Version 1, asked for by the claimant; the respondent opens and accepts it.
  await aiDecisionReady(request, claimant, disputeId);
  await openAndAccept(request, respondent, disputeId, 1);

  await signInByApi(page, claimant);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.goto(`/case-attachment/${disputeId}`);
  const card = page.getByRole('region', { name: 'Decision', exact: true });
  await expect(card.getByText('Accepted by: respondent')).toBeVisible();
  await expect(card.getByText(/^Decision_RAT-\d{4}-\d{6}_v1\.pdf$/)).toBeVisible();

  // Create decision warns that the respondent's acceptance lapses.
  await card.getByRole('button', { name: 'Create decision' }).click();
  const confirm = page.getByRole('dialog', { name: 'Create decision' });
  await expect(confirm).toContainText(
    'The respondent has accepted version 1. If you create a new decision, that acceptance lapses: it no longer binds, and the respondent is emailed.',
  );
  await shotOf(confirm, 'final-regenerate-warning');
  await confirm.getByRole('button', { name: 'Create decision' }).click();
  await expect(card.getByText(/^Decision_RAT-\d{4}-\d{6}_v2\.pdf$/)).toBeVisible({ timeout: 240_000 });
  await expect(card.getByText('Not accepted by either party yet.')).toBeVisible();

  // The respondent is told by mail, in its account's language (English); version 1 keeps the lapse on its record.
  const mail = latestMailTo(respondent.email, 'acceptance has therefore lapsed') ?? '';
  expect(mail).toContain('You accepted version 1 of the AI decision');
  expect(mail).toContain('acceptance has therefore lapsed');
  await card.getByText('Earlier decision (1)').click();
  await expect(card.getByTestId('decision-lapsed')).toContainText('The respondent’s acceptance of');
  await shotOf(card, 'final-card-lapsed');

  // The accept dialog: the verification summary; Accept only once this version is opened.
  await card.getByRole('button', { name: 'Accept decision' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept version 2 of the AI decision' });
  await expect(dialog.getByText(/references to the case documents were checked automatically/)).toBeVisible();
  await expect(dialog.getByTestId('accept-ai-use')).toContainText('drafted by a language model');
  const acceptButton = dialog.getByRole('button', { name: 'Accept version 2' });
  await expect(acceptButton).toBeDisabled();
  await expect(dialog.getByTestId('accept-open-first')).toBeVisible();
  await shotOf(dialog, 'final-accept-dialog-unopened');
  await expectAccessibleOnBoth(page, 'accept decision dialog, not opened yet');
  const download = page.waitForEvent('download');
  await dialog.getByTestId('accept-open-first').getByRole('button', { name: 'Download decision' }).click();
  expect((await download).suggestedFilename()).toMatch(/^Decision_RAT-\d{4}-\d{6}_v2\.pdf$/);
  await expect(acceptButton).toBeEnabled();
  await expect(dialog.getByText(/^You opened this version on/)).toBeVisible();
  await shotOf(dialog, 'final-accept-dialog-opened');
  await acceptButton.click();
  await expect(card.getByText('Accepted by: claimant')).toBeVisible();

  // The respondent accepts the same version: the case is final.
  await openAndAccept(request, respondent, disputeId, 2);
  await page.reload();
  await expect(page.getByTestId('case-banner-title')).toHaveText(
    /^Final: both parties accepted version 2 on \d{1,2}\.\d{1,2}\.\d{4}$/,
  );
  // An accepted AI decision is no award: the banner promises no §§ 38–39 request.
  await expect(page.getByTestId('case-banner-next')).toContainText('both parties accepted this AI decision');
  await expect(page.getByTestId('case-banner-next')).not.toContainText('§§ 38–39');
  await expect(card.getByText('Both parties have accepted the decision: the case is resolved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create decision' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Request an arbitrator' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Accept decision' })).toHaveCount(0);
  await expect(page.getByTestId('upload-input-workfiles')).toHaveCount(0);
  await shot(page, 'final-case-desktop');

  // And the API refuses both, with the catalogued 409.
  for (const [path, data] of [
    [`/api/dispute/${disputeId}/generatedecision`, {}],
    [`/api/dispute/${disputeId}/tribunal/request`, { size: 1 }],
  ] as const) {
    const refused = await request.post(path, { headers: asClaimant, data });
    expect(refused.status(), path).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('case_final');
  }

  // The dashboard says so too.
  await page.goto('/home');
  const row = page.getByTestId('case-row').filter({ hasText: 'Lopullinen ratkaisu' });
  await expect(row.getByTestId('case-row-outcome')).toHaveText(/^Final: both parties accepted version 2 on /);
  await shot(page, 'final-dashboard-desktop');

  // On a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'final-dashboard-phone');
  await page.goto(`/case-attachment/${disputeId}`);
  await expect(page.getByTestId('case-banner-title')).toBeVisible();
  await shot(page, 'final-case-phone');
});
