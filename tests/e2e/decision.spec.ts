import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { DEFAULT_CHAPTER_HEADINGS } from '@ratkaisu/core';
import { bearer, caseInResolution, ok } from './support/case-api.js';
import { dialogGone, expectAccessibleOnBoth } from './support/axe.js';
import { registerConfirmedUser, shot, signInByApi } from './support/test-host.js';

/**
 * The decision on a case against the real local host and its offline model. The case is brought to
 * Resolution through the API (the browser path there is covered by cases-two-users.spec.ts); then the
 * claimant changes a setting in the Settings modal, creates the decision, sees it generating, and
 * downloads the finished PDF, which must carry the seven chapter headings. Each state of the card and each of
 * its dialogs is checked with axe on a desktop and a phone on the way.
 */

/** With E2E_SCREENSHOT_DIR set, saves a screenshot of one element (the card, the modal) for looking at. */
async function shotOf(target: Locator, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await target.screenshot({ path: join(dir, `${name}.png`) });
}

test.use({ viewport: { width: 1280, height: 1000 } });

/**
 * Holds the job-status checks the page makes until `release` is called: the offline model writes a decision
 * in well under a second, so the card's generating state is held on screen for the test by the answer the
 * page waits for, not by timing.
 */
async function holdJobStatus(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const pattern = '**/api/dispute/job/*/status';
  await page.route(pattern, async (route) => {
    await held;
    // The page may have been closed meanwhile (the test's end): nothing is left to answer then.
    await route.continue().catch(() => undefined);
  });
  return async () => {
    release();
  };
}

test('a party sets the decision settings, creates the decision and downloads the PDF with all seven chapters', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const claimant = await registerConfirmedUser(request, 'kantaja');
  const respondent = await registerConfirmedUser(request, 'vastaaja');
  const asRespondent = await bearer(request, respondent);
  const disputeId = await caseInResolution(request, claimant, respondent);

  await signInByApi(page, claimant);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.goto(`/case-attachment/${disputeId}`);
  const card = page.getByRole('region', { name: 'Decision', exact: true });
  await expect(card.getByText('Decision not created yet.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Stop Generating' })).toHaveCount(0);
  await expectAccessibleOnBoth(page, 'decision card, no decision');

  // Settings: the seven chapter prompts under their headings; temperature goes from 0 to 0.3 and is saved.
  await card.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Decision settings' });
  for (const [index, heading] of DEFAULT_CHAPTER_HEADINGS.entries()) {
    await expect(settings.getByLabel(`Chapter ${index + 1}: ${heading}`)).not.toHaveValue('');
  }
  const temperature = settings.getByRole('slider', { name: 'Temperature' });
  await expect(temperature).toHaveValue('0');
  await temperature.focus();
  for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowRight');
  await expect(temperature).toHaveValue('0.3');
  await expect(settings.getByTestId('temperature-value')).toHaveText('0.3');
  await shotOf(settings, 'decision-settings-modal');
  await expectAccessibleOnBoth(page, 'decision settings dialog');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toHaveCount(0);
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('settings') ?? 'null') as unknown);
  expect(stored).toMatchObject({ temperature: 0.3, top_p: 1 });

  // Create decision sends the saved settings; the card shows the generation at once.
  const started = page.waitForRequest(
    (candidate) => candidate.method() === 'POST' && candidate.url().endsWith(`/${disputeId}/generatedecision`),
  );
  const releaseStatus = await holdJobStatus(page);
  await card.getByRole('button', { name: 'Create decision' }).click();
  expect((await started).postDataJSON()).toMatchObject({ settings: { temperature: 0.3, top_p: 1 } });
  // The job's own progress: the stage the server reports (chapter n of 7 while the model writes).
  await expect(card.getByRole('progressbar', { name: 'Generating decision...' })).toBeVisible();
  await expect(card.getByTestId('job-progress-stage')).toHaveText(
    /Waiting to start|Starting|Extracting text|Writing chapter \d of 7|Checking the citations|Rendering the PDF|Done/,
  );
  await expect(card.getByRole('button', { name: 'Create decision' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Stop Generating' })).toBeVisible();
  await shotOf(card, 'decision-card-generating');
  await shot(page, 'decision-generating');
  await expectAccessibleOnBoth(page, 'decision card, generating');
  await releaseStatus();

  // The card follows the job and fetches the case as soon as it ends: no reload needed.
  await expect(card.getByRole('button', { name: 'Download decision' })).toBeVisible({ timeout: 240_000 });
  await expect(card.getByRole('button', { name: 'Stop Generating' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Create decision' })).toBeEnabled();
  // An AI decision, not an award: the case is resolved only when both parties accept it.
  await expect(card.getByText('AI decision (not an arbitral award)')).toBeVisible();
  await expect(page.getByLabel('Status: Resolved')).toHaveCount(0);
  await shotOf(card, 'decision-card-completed');
  await shot(page, 'decision-completed');
  await expectAccessibleOnBoth(page, 'decision card, AI decision');
  await card.getByRole('button', { name: 'View settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Decision settings used' })).toBeVisible();
  await expectAccessibleOnBoth(page, 'decision settings used dialog');
  await page.keyboard.press('Escape');
  await dialogGone(page);

  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download decision' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Decision_RAT-\d{4}-\d{6}_v1\.pdf$/);
  const path = join(mkdtempSync(join(tmpdir(), 'ratkaisu-decision-')), 'decision.pdf');
  await file.saveAs(path);
  expect(readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // pdftotext breaks long headings over lines; compare with whitespace collapsed.
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  for (const heading of DEFAULT_CHAPTER_HEADINGS) expect(text).toContain(heading);
  expect(text).toContain('Teräs Oy');
  expect(text).not.toContain('VÄLITYSTUOMIO');

  // The claimant (who has opened it) accepts on screen, the respondent through the API after opening it: then
  // the case is Resolved and final, so no second decision is offered (final-case.spec.ts shows the rest).
  await card.getByRole('button', { name: 'Accept decision' }).click();
  const accept = page.getByRole('dialog', { name: 'Accept version 1 of the AI decision' });
  await expect(accept.getByRole('button', { name: 'Accept version 1' })).toBeEnabled();
  await expectAccessibleOnBoth(page, 'accept decision dialog, opened');
  await accept.getByRole('button', { name: 'Accept version 1' }).click();
  await expect(card.getByText('Accepted by: claimant')).toBeVisible();
  await dialogGone(page);
  await expectAccessibleOnBoth(page, 'decision card, accepted by one party');
  const phases = (await ok(
    await request.get(`/api/dispute/${disputeId}/phases`, { headers: asRespondent }),
    'phases',
  )) as { id: string; type: string; attachments: { id: string }[] }[];
  const resolution = phases.find((phase) => phase.type === 'Resolution')!;
  const decisionId = resolution.attachments[0]!.id;
  await request.get(`/api/dispute/${disputeId}/phases/${resolution.id}/attachment/${decisionId}/download`, {
    headers: asRespondent,
  });
  await ok(
    await request.post(`/api/dispute/${disputeId}/award/${decisionId}/accept`, { headers: asRespondent }),
    'respondent accepts',
  );
  await page.reload();
  await expect(card.getByText('Both parties have accepted the decision: the case is resolved.')).toBeVisible();
  await expect(page.getByLabel('Status: Resolved')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Create decision' })).toHaveCount(0);
  await shotOf(card, 'decision-card-final');
  await expectAccessibleOnBoth(page, 'decision card, accepted by both');
});
