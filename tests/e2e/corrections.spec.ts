import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { caseInResolution } from './support/case-api.js';
import { issuedAward, SOLE_ARBITRATOR } from './support/issued-award.js';
import { latestMailTo, registerConfirmedUser, shot, signInByApi } from './support/test-host.js';

/**
 * A correction of an issued award on screen (Arbitration Act §§ 37–39): the award is issued through the API
 * (the tribunal's own path is tribunal.spec.ts); the respondent sees its delivery, confirms receipt and sees
 * the deadlines as dates, then requests a correction in the dialog; the claimant comments; the arbitrator
 * grants it with the text of the correction and signs it with the password; the correction appears under the
 * award for the parties, is mailed to them with its PDF, and downloads as VÄLITYSTUOMION KORJAUS.
 */

test.use({ viewport: { width: 1280, height: 1000 } });

async function newPage(browser: Browser, viewport = { width: 1280, height: 1000 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

test('a party requests a correction, the other comments, the arbitrator grants and signs it, and both receive it', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const claimant = await registerConfirmedUser(request, 'kantajak');
  const respondent = await registerConfirmedUser(request, 'vastaajak');
  const arbitrator = await registerConfirmedUser(request, 'valimiesk', SOLE_ARBITRATOR);
  const disputeId = await caseInResolution(request, claimant, respondent, 'Teräspalkit, korjauspyyntö');

  // The award, through the API: request, appointment, acceptance, draft, adoption, signature.
  const authenticator = await issuedAward(request, claimant, respondent, arbitrator, disputeId);
  expect(latestMailTo(respondent.email)).toContain('the arbitral award has been issued');

  // The respondent: delivery shown, receipt confirmed, deadlines as dates, then the request.
  const party = await newPage(browser);
  await signInByApi(party, respondent);
  await expect(party.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await party.goto(`/case-attachment/${disputeId}`);
  const aftercare = party.getByTestId('award-aftercare');
  await expect(aftercare.getByTestId('award-deliveries')).toContainText(`Mailed to ${respondent.email} (respondent)`);
  await expect(aftercare.getByTestId('award-deliveries')).toContainText('signed PDF attached');
  await expect(aftercare.getByTestId('deadlines-respondent')).toContainText('No period runs yet for the respondent');
  await expect(aftercare.getByTestId('deadlines-respondent')).toContainText('Counted from the delivery by e-mail on');
  await aftercare.getByRole('button', { name: 'I have received the award' }).click();
  await expect(aftercare.getByTestId('award-receipts')).toContainText('The respondent confirmed receipt on');
  const deadlines = aftercare.getByTestId('deadlines-respondent');
  await expect(deadlines).toContainText(
    /A request for correction, interpretation or an additional award \(§§ 38–39\): by \d{1,2}\.\d{1,2}\.\d{4}/,
  );
  // The award orders no fees: no § 47 period.
  await expect(deadlines).not.toContainText('§ 47');
  await expect(deadlines).toContainText(/An action to set the award aside \(§ 41\): by \d{1,2}\.\d{1,2}\.\d{4}/);
  await shot(party, 'award-aftercare-party');
  await aftercare.getByRole('button', { name: 'Request a correction…' }).click();
  const dialog = party.getByRole('dialog', { name: 'Request a correction, an interpretation or an additional award' });
  await dialog.getByRole('radio', { name: 'Correction of a clerical or calculation error' }).check();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Write at least 10 characters.')).toBeVisible();
  await dialog
    .getByRole('textbox', { name: /Your request/ })
    .fill('Tuomiolauselmassa sopimussakko on 12 400,00 €, perusteluissa 1 240,00 €. Pyydämme korjausta.');
  await shot(party, 'correction-request-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
  await expect(aftercare.getByTestId('correction-request')).toContainText('requested by the respondent');
  expect(latestMailTo(claimant.email)).toContain('You may comment on the request on the case page until');

  // The claimant comments.
  const other = await newPage(browser, { width: 390, height: 844 });
  await signInByApi(other, claimant);
  await expect(other.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await other.goto(`/case-attachment/${disputeId}`);
  const request2 = other.getByTestId('correction-request');
  await request2.getByRole('textbox', { name: 'Your comment' }).fill('Kantaja yhtyy: kyse on kirjoitusvirheestä.');
  await request2.getByRole('button', { name: 'Send comment' }).click();
  await expect(request2).toContainText('Comment of the claimant on');
  await shot(other, 'correction-comment-phone');

  // The arbitrator grants with the correction's text and signs it.
  const judge = await newPage(browser);
  await signInByApi(judge, arbitrator, { code: await authenticator.code() });
  await expect(judge.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await judge.goto(`/case-attachment/${disputeId}`);
  const item = judge.getByTestId('correction-request');
  await expect(item).toContainText('Kantaja yhtyy');
  await item
    .getByRole('textbox', { name: 'Text of the correction, interpretation or additional award' })
    .fill('Tuomiolauselman 1 kohdan määrä ”12 400,00 €” korjataan kuulumaan ”1 240,00 €”.');
  await item.getByRole('button', { name: 'Grant and adopt' }).click();
  await judge
    .getByRole('dialog', { name: 'Grant the request and adopt the decision?' })
    .getByRole('button', { name: 'Grant and adopt' })
    .click();
  await expect(item.getByTestId('correction-status')).toContainText('Granted on');
  const document = judge.getByTestId('correction-document');
  await expect(document).toContainText('Correction of the award');
  await expect(document).toContainText('signatures 0/1');
  await shot(judge, 'correction-granted-tribunal');
  await document.getByRole('button', { name: 'Sign' }).click();
  const sign = judge.getByRole('dialog');
  // Sign waits until the PDF to be signed has been opened here.
  await sign.getByRole('button', { name: 'Open the PDF to sign' }).click();
  await expect(sign.getByText('You opened this exact file: its SHA-256 matches.')).toBeVisible();
  await sign.getByLabel(/^Password/).fill(arbitrator.password);
  await sign.getByLabel('Authenticator code (6 digits)').fill(await authenticator.code());
  await sign.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(document).toContainText('Signed and issued on');

  // The parties: the correction under the award, mailed with its PDF, downloadable; the award unchanged.
  expect(latestMailTo(respondent.email)).toContain(
    'The tribunal has signed and issued a correction of the arbitral award',
  );
  await party.reload();
  const delivered = party.getByTestId('correction-document');
  await expect(delivered).toContainText('Signed and issued on');
  const downloading = party.waitForEvent('download');
  await delivered.getByRole('button', { name: /^Download Correction_RAT-\d{4}-\d{6}_[0-9a-f]{8}\.pdf$/ }).click();
  const file = await downloading;
  const dir = mkdtempSync(join(tmpdir(), 'ratkaisu-correction-'));
  const pdfPath = join(dir, 'correction.pdf');
  await file.saveAs(pdfPath);
  const text = execFileSync('pdftotext', [pdfPath, '-']).toString().replace(/\s+/g, ' ');
  expect(text).toContain('VÄLITYSTUOMION KORJAUS');
  expect(text).toContain('korjataan kuulumaan');
  await expect(delivered).toContainText('The respondent first opened it on');
  await shot(party, 'correction-issued-party');
  if (process.env.E2E_SCREENSHOT_DIR)
    writeFileSync(join(process.env.E2E_SCREENSHOT_DIR, 'correction.pdf'), execFileSync('cat', [pdfPath]));
});
