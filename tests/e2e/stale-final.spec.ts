import { type APIRequestContext } from '@playwright/test';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { bearer, caseInResolution, ok, type Account } from './support/case-api.js';
import { registerConfirmedUser, shot, signInByApi } from './support/test-host.js';

/**
 * A stale tab learns that the case became final: the claimant has the case open on a phone in Finnish, having
 * accepted the AI decision; the respondent accepts it elsewhere. Without a reload the claimant's page says, in
 * Finnish, that the case became final and what remains, and offers nothing the server would refuse. The
 * respondent's page, on a desktop in English, offers nothing either. Both pass axe.
 */

interface Phase {
  id: string;
  type: string;
  attachments: { id: string; version?: number }[];
}

/** A party opens (downloads) a decision version and accepts it, through the API. */
async function openAndAccept(request: APIRequestContext, account: Account, disputeId: string, version: number) {
  const headers = await bearer(request, account);
  const phases = (await ok(await request.get(`/api/dispute/${disputeId}/phases`, { headers }), 'phases')) as Phase[];
  const resolution = phases.find((phase) => phase.type === 'Resolution')!;
  const file = resolution.attachments.find((candidate) => candidate.version === version)!;
  const download = await request.get(
    `/api/dispute/${disputeId}/phases/${resolution.id}/attachment/${file.id}/download`,
    { headers },
  );
  expect(download.ok()).toBe(true);
  await ok(await request.post(`/api/dispute/${disputeId}/award/${file.id}/accept`, { headers }), `accept v${version}`);
}

test('a stale tab shows the final state in its language after the other side’s acceptance; no refused action is offered', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const claimant = await registerConfirmedUser(request, 'kantaja');
  const respondent = await registerConfirmedUser(request, 'vastaaja');
  const asClaimant = await bearer(request, claimant);
  const disputeId = await caseInResolution(request, claimant, respondent, 'Vanhentunut välilehti');
  const started = (await ok(
    await request.post(`/api/dispute/${disputeId}/generatedecision`, { headers: asClaimant, data: {} }),
    'generate',
  )) as { data: { jobId: string } };
  await expect
    .poll(
      async () =>
        (
          (await ok(
            await request.get(`/api/dispute/job/${started.data.jobId}/status`, { headers: asClaimant }),
            'job',
          )) as { status: string }
        ).status,
      { timeout: 240_000, intervals: [1_000] },
    )
    .toBe('Completed');
  await openAndAccept(request, claimant, disputeId, 1);

  // The claimant's tab: a phone, Finnish chosen in this browser.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await signInByApi(page, claimant);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.evaluate(() => window.localStorage.setItem('ratkaisu.language', 'fi'));
  await page.goto(`/case-attachment/${disputeId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Vanhentunut välilehti' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Laadi ratkaisu' }).first()).toBeVisible();
  await expect(page.getByTestId('became-final')).toHaveCount(0);

  // Elsewhere, the respondent accepts the same version: the case is final.
  await openAndAccept(request, respondent, disputeId, 1);

  // The open tab learns it through the live token (at most 15 s), with no reload.
  const notice = page.getByTestId('became-final');
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(notice).toContainText('Asia ratkesi lopullisesti sillä aikaa, kun sivu oli auki');
  await expect(notice).toContainText(/Molemmat asianosaiset hyväksyivät tekoälyn ratkaisuehdotuksen version 1 /);
  await expect(notice).toContainText('Jäljellä on asiakirjojen ja ratkaisun lataaminen.');
  // An accepted AI decision is no award: nothing about §§ 38–39.
  await expect(notice).not.toContainText('38–39');
  await expect(page.getByRole('button', { name: 'Laadi ratkaisu' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pyydä välimiestä' })).toHaveCount(0);
  await expect(page.locator('input[type="file"]')).toHaveCount(0);
  await expectAccessible(page, 'stale tab, final, phone fi');
  await shot(page, 'stale-final-phone-fi');
  await phone.close();

  // The respondent's page on a desktop in English: the outcome, and nothing refused.
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const other = await desktop.newPage();
  await signInByApi(other, respondent);
  await expect(other.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await other.goto(`/case-attachment/${disputeId}`);
  await expect(other.getByTestId('case-banner-title')).toHaveText(
    /^Final: both parties accepted version 1 on \d{1,2}\.\d{1,2}\.\d{4}$/,
  );
  // Final when this page opened: the page shows the outcome, not the news of it.
  await expect(other.getByTestId('became-final')).toHaveCount(0);
  for (const name of ['Create decision', 'Request an arbitrator', 'Accept decision', 'Save and Send', 'End Process']) {
    await expect(other.getByRole('button', { name })).toHaveCount(0);
  }
  await expect(other.locator('input[type="file"]')).toHaveCount(0);
  await expectAccessible(other, 'final case, desktop en');
  await shot(other, 'stale-final-desktop-en');
  await desktop.close();
});
