import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { ARBITRATION_AGREEMENT } from '@ratkaisu/core';
import { bearer, caseInResolution, ok } from './support/case-api.js';
import { dialogGone, expectAccessibleOnBoth } from './support/axe.js';
import {
  E2E_ADMIN,
  registerConfirmedUser,
  shot,
  enableSecondFactor,
  signInByApi,
  E2E_ADMIN_ACCOUNT,
} from './support/test-host.js';

/**
 * The whole tribunal path on screen, with two parties and an arbitrator against the real local host and its
 * offline model: the claimant asks for an arbitrator on the case page; an administrator (through the API)
 * grants the attribute and appoints; the arbitrator accepts with a statement of independence, creates the
 * draft, reviews it (edits a chapter, writes the dispositive part), saves, adopts and signs with the
 * password; the parties then see and download the issued award, titled VÄLITYSTUOMIO with the arbitrator's
 * name under the signature line. Every screen and dialog on the way is checked with axe on a desktop and a phone.
 */

test.use({ viewport: { width: 1280, height: 1000 } });

async function newPage(browser: Browser, viewport = { width: 1280, height: 1000 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

test('a party asks for an arbitrator, who accepts, reviews, adopts and signs the award the parties receive', async ({
  browser,
  request,
}) => {
  // The whole path and an axe check of each screen on the way, on a phone and a desktop.
  test.setTimeout(720_000);
  const claimant = await registerConfirmedUser(request, 'kantaja');
  const respondent = await registerConfirmedUser(request, 'vastaaja');
  const arbitrator = await registerConfirmedUser(request, 'valimies');
  const disputeId = await caseInResolution(request, claimant, respondent, 'Teräspalkit, välimiesmenettely');

  // The claimant asks for a sole arbitrator on the case page.
  const party = await newPage(browser);
  await signInByApi(party, claimant);
  await expect(party.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await party.goto(`/case-attachment/${disputeId}`);
  await expect(party.getByText(/^Case RAT-\d{4}-\d{6}$/)).toBeVisible();
  await party.getByRole('button', { name: 'Request an arbitrator' }).click();
  const requestDialog = party.getByRole('dialog', { name: 'Request an arbitrator' });
  await expect(requestDialog).toBeVisible();
  await expectAccessibleOnBoth(party, 'request an arbitrator dialog');
  await requestDialog.getByLabel('Note to the administrator (optional)').fill('Pyydämme asiantuntevaa välimiestä.');
  await requestDialog.getByRole('button', { name: 'Send request' }).click();
  await expect(party.getByText('Waiting for appointment')).toBeVisible();
  await dialogGone(party);
  await expectAccessibleOnBoth(party, 'case page, arbitrator requested');
  // With a tribunal asked for, the parties no longer generate decisions themselves.
  await shot(party, 'tribunal-requested');

  // An administrator grants the arbitrator attribute and appoints (the admin screens have their own tests).
  const asAdmin = await bearer(request, { userName: E2E_ADMIN.email, password: E2E_ADMIN.password });
  const login = (await ok(
    await request.post('/user/login', { data: { username: arbitrator.userName, password: arbitrator.password } }),
    'arbitrator login',
  )) as { user: { id: string }; token: string };
  // An arbitrator signs with a second factor, so only an account with one can be appointed.
  const authenticator = await enableSecondFactor(request, login.token);
  await ok(
    await request.put(`/api/superadmin/users/${login.user.id}/arbitrator`, {
      headers: asAdmin,
      data: { arbitrator: { name: 'OTT Maija Virtanen', title: 'asianajaja' } },
    }),
    'grant the attribute',
  );
  // The administrator's Appointments tab lists the request, with an arbitrator to choose.
  const admin = await newPage(browser);
  await signInByApi(admin, E2E_ADMIN_ACCOUNT);
  await expect(admin).toHaveURL(/\/(terms-of-service)?$/);
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: /Appointments/ }).click();
  await expect(admin.getByRole('tabpanel').getByText('Teräspalkit, välimiesmenettely')).toBeVisible();
  await expectAccessibleOnBoth(admin, 'admin appointments');
  await admin.context().close();
  await ok(
    await request.post(`/api/admin/tribunal/${disputeId}/appoint`, {
      headers: asAdmin,
      data: { arbitratorIds: [login.user.id] },
    }),
    'appoint',
  );

  // The arbitrator accepts with the statement of independence, on the case page.
  const judge = await newPage(browser);
  await signInByApi(judge, arbitrator, { code: await authenticator.code() });
  await expect(judge.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(judge.getByText('Cases as arbitrator')).toBeVisible();
  await expectAccessibleOnBoth(judge, 'dashboard with cases as arbitrator');
  await judge.goto(`/case-attachment/${disputeId}`);
  await judge.getByRole('button', { name: 'Accept appointment' }).click();
  const accept = judge.getByRole('dialog', { name: 'Accept the appointment' });
  await expect(accept).toBeVisible();
  await expectAccessibleOnBoth(judge, 'accept the appointment dialog');
  await accept
    .getByRole('radio', {
      name: 'There are no circumstances that could raise justifiable doubts about my impartiality or independence.',
    })
    .check();
  await accept.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(judge.getByText('Constituted')).toBeVisible();
  await dialogGone(judge);
  await expectAccessibleOnBoth(judge, 'case page, tribunal constituted');
  // The parties accept the arbitration agreement and waive the 15-day challenge period: the claimant on screen,
  // the respondent through the API (tests/api/constitution.test.ts shows the period, challenges and decisions).
  await party.reload();
  const footing = party.getByRole('region', { name: 'Arbitration agreement and tribunal' });
  await footing.getByRole('button', { name: 'Accept the arbitration agreement' }).click();
  // Each binding step is confirmed in a dialog that says what it means.
  await party
    .getByRole('dialog', { name: 'Accept the arbitration agreement?' })
    .getByRole('button', { name: 'Accept the arbitration agreement' })
    .click();
  await expect(footing.getByText(/^The claimant accepted on /u)).toBeVisible();
  await footing.getByRole('button', { name: 'Waive challenges' }).click();
  await party
    .getByRole('dialog', { name: 'Waive challenging the arbitrators?' })
    .getByRole('button', { name: 'Waive challenges' })
    .click();
  await expect(footing.getByText('The claimant waived challenging: OTT Maija Virtanen.')).toBeVisible();
  const asRespondentEarly = await bearer(request, { userName: respondent.userName, password: respondent.password });
  await ok(
    await request.post(`/api/dispute/${disputeId}/agreement`, {
      headers: asRespondentEarly,
      data: { version: ARBITRATION_AGREEMENT.version },
    }),
    'the respondent accepts the agreement',
  );
  await ok(
    await request.post(`/api/dispute/${disputeId}/tribunal/waive-challenge`, { headers: asRespondentEarly }),
    'the respondent waives challenges',
  );
  // The contract's own arbitration clause: the tribunal records its decision on jurisdiction on the case page.
  await judge.reload();
  const judgeFooting = judge.getByRole('region', { name: 'Arbitration agreement and tribunal' });
  await expect(judgeFooting.getByText(/Sopimus\.pdf, page 2/u)).toBeVisible({ timeout: 30_000 });
  await judgeFooting
    .getByLabel('The tribunal’s decision on its jurisdiction')
    .fill('Sopimuksen välityslauseke ja palvelun välityssopimus ohjaavat riidan tähän menettelyyn.');
  await judgeFooting.getByRole('button', { name: 'Record the decision' }).click();
  await expect(judgeFooting.getByText(/^Decision recorded on /u)).toBeVisible();
  // An arbitrator reads the documents but has no upload zone, Save and Send or End Process.
  await expect(judge.getByRole('button', { name: 'Save and Send' })).toHaveCount(0);
  await expect(judge.getByRole('button', { name: 'End Process' })).toHaveCount(0);

  // The first validation gate: the arbitrator has the parties' claims extracted; the claimant confirms its side on
  // screen, the respondent through the API; only then may the tribunal draft without giving a reason.
  const claims = judge.getByRole('region', { name: 'Summary of the claims' });
  await claims.getByRole('button', { name: 'Extract the parties’ claims' }).click();
  await expect(claims.getByText('The summary of the claims is ready for the parties to confirm.')).toBeVisible({
    timeout: 120_000,
  });
  // Until the parties confirm, drafting needs a reason: the decision card's gate.
  await expect(judge.getByRole('region', { name: 'Decision', exact: true }).getByTestId('claims-gate')).toBeVisible();
  await expectAccessibleOnBoth(judge, 'claims summary extracted, decision card gated');
  await party.reload();
  const claimantSide = party.getByTestId('claims-claimant');
  await expect(claimantSide.getByRole('button', { name: 'Confirm' })).toBeVisible();
  await expectAccessibleOnBoth(party, 'claims summary, a party to confirm');
  await claimantSide.getByRole('button', { name: 'Confirm' }).click();
  await expect(claimantSide.getByText(/^Confirmed on /u)).toBeVisible();
  const asRespondent = await bearer(request, { userName: respondent.userName, password: respondent.password });
  await ok(
    await request.put(`/api/dispute/${disputeId}/tribunal/claims-summary/respondent`, {
      headers: asRespondent,
      data: { text: 'Vastaaja vaatii, että kanne hylätään [V1 s.1].' },
    }),
    'the respondent corrects its claims',
  );
  // The correction is put to the claimant, who answers it on the case page before the tribunal drafts.
  await party.reload();
  await footing.getByLabel('Your answer').fill('Kantaja pitää vaatimuksensa ennallaan.');
  await footing.getByRole('button', { name: 'Send answer' }).click();
  await expect(footing.getByText(/^Answered on /u)).toBeVisible();
  await judge.reload();

  // How the case is heard: the tribunal records that it decides on the documents (the award's history says so).
  const hearing = judge.getByRole('region', { name: 'Hearing' });
  await expect(hearing.getByTestId('hearing-status')).toContainText('Nothing recorded yet.');
  await hearing.getByRole('radio', { name: /decided on the documents/ }).check();
  await hearing.getByLabel(/^Grounds/).fill('Kumpikaan asianosainen ei pyytänyt suullista käsittelyä.');
  await hearing.getByRole('button', { name: 'Record' }).click();
  await expect(hearing.getByTestId('hearing-status')).toContainText(
    'Decided on the documents, without an oral hearing',
  );
  await shot(judge, 'tribunal-hearing-card');
  await party.reload();
  await expect(party.getByTestId('hearing-card').getByTestId('hearing-status')).toContainText(
    'Decided on the documents',
  );
  await expect(party.getByTestId('hearing-card').getByRole('button', { name: 'Record' })).toHaveCount(0);

  // Only the tribunal creates the draft; it is for the tribunal's eyes until the award is issued.
  const card = judge.getByRole('region', { name: 'Decision', exact: true });
  await card.getByRole('button', { name: 'Create decision' }).click();
  // The page follows the job it started (its poller) and the case's change token, so the draft's link appears
  // without a reload once the offline model has written it.
  await expect(card.getByRole('link', { name: 'Review draft' })).toBeVisible({ timeout: 240_000 });
  await expectAccessibleOnBoth(judge, 'decision card, draft for the tribunal');
  await party.reload();
  await expect(party.getByText('The tribunal is preparing the award.')).toBeVisible();
  await expectAccessibleOnBoth(party, 'decision card, tribunal preparing');
  await expect(party.getByRole('link', { name: 'Review draft' })).toHaveCount(0);

  // The review screen: edit chapter 6, write the dispositive part, save, adopt, sign.
  await card.getByRole('link', { name: 'Review draft' }).click();
  await expect(judge.getByRole('heading', { name: 'Review the award' })).toBeVisible();
  await expectAccessibleOnBoth(judge, 'review screen');
  const six = judge.getByLabel('Text 6', { exact: true });
  await six.fill(
    'Vastaaja on viivästynyt toimituksessa [K1 s.1]. Sopimussakko on sopimuksen mukainen. Kanne hyväksytään sopimussakon osalta.\n' +
      '1. Vastaaja velvoitetaan suorittamaan kantajalle sopimussakkona 372 euroa sekä viivästyskorkoa 20.4.2026 lukien.',
  );
  const dispositive = judge.getByTestId('dispositive');
  await dispositive.getByRole('button', { name: 'Add order' }).click();
  const order = judge.getByTestId('order-1');
  await order.getByLabel('Kind').selectOption('payment');
  await order.getByLabel('Debtor').selectOption('respondent');
  await order.getByLabel('Creditor').selectOption('claimant');
  await order.getByLabel('Amount (EUR)').fill('372');
  await order.getByLabel('Penalty interest (Interest Act § 4) from').fill('2026-04-20');
  await order.getByLabel('Wording of the order 1').fill('Sopimussakko viivästyksestä.');
  await shot(judge, 'tribunal-review-screen');
  await expectAccessibleOnBoth(judge, 'review screen with an order');
  await judge.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(judge.getByText('Version 2 saved.')).toBeVisible();

  // The chapter graph: 7 (the applied law) is written from 6, which changed after it — 7 is marked stale,
  // with the offer to regenerate it or keep it; chapter 6 counts as opened by the member who edited it.
  const stale = judge.getByTestId('stale-7');
  await expect(stale).toContainText('chapter 6 it is written from changed after it');
  await expect(judge.getByTestId('stale-6')).toHaveCount(0);
  await expect(judge.getByTestId('oversight-6')).toContainText('Opened by OTT Maija Virtanen');
  await expect(judge.getByTestId('oversight-7')).toContainText('Not opened by any member');
  await stale.getByRole('button', { name: 'Regenerate with the changes' }).click();
  await expect(judge.getByRole('textbox', { name: 'What should chapter 7 do differently?' })).toHaveValue(
    'Take into account the changed text of chapter(s) 6.',
  );
  await shot(judge, 'tribunal-review-stale-chapter');
  await stale.getByRole('button', { name: 'Keep as it is' }).click();
  await expect(judge.getByText('Chapter 7 is kept as it is.')).toBeVisible();
  await expect(judge.getByTestId('stale-7')).toHaveCount(0);

  // A page reference opens the page beside the chapter, drawn by pdf.js.
  await judge.getByRole('button', { name: 'Preview 6' }).click();
  await judge.getByTestId('preview-6').getByRole('button', { name: 'K1 s.1' }).click();
  const panel = judge.getByTestId('document-panel');
  await expect(panel.getByText(/^Page 1 of \d+$/u)).toBeVisible();
  await expect(panel.getByRole('img', { name: /^Page 1 of \d+ – K1$/u })).toBeVisible();
  // Drawn: the page's spinner is gone and no error is shown.
  await expect(panel.getByLabel('Loading the page')).toHaveCount(0, { timeout: 30_000 });
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await shot(judge, 'tribunal-review-document-panel');
  await judge.getByRole('button', { name: 'Close the document' }).click();
  await expect(judge.getByTestId('document-panel')).toHaveCount(0);

  await judge.getByRole('button', { name: 'Adopt', exact: true }).click();
  const adopt = judge.getByRole('dialog', { name: 'Adopt the award' });
  // The tuomiolauselma agrees with chapter 6 (amount, payer, interest); only the fee order is missing, and the
  // chair must confirm that before adopting. Chapters no member opened are listed too; the chair adopts them as
  // they are only by saying so.
  await expect(adopt.getByText('The dispositive part and chapter 6 differ in 1 respect:')).toBeVisible();
  await expect(adopt.getByTestId('adopt-review')).toContainText(
    'No member has opened these chapters since they last changed: 1, 2, 3, 4, 5.',
  );
  await expectAccessibleOnBoth(judge, 'adopt dialog');
  await adopt.getByRole('button', { name: 'Adopt', exact: true }).click();
  await expect(adopt.getByText('Confirm the differences, or close this and correct the draft first.')).toBeVisible();
  await expect(adopt.getByText('Confirm that you adopt the award with these chapters as they are.')).toBeVisible();
  await expectAccessibleOnBoth(judge, 'adopt dialog, chapters to confirm');
  await adopt.getByRole('checkbox', { name: 'I have compared them and adopt the award as it stands' }).check();
  await adopt.getByRole('checkbox', { name: 'I adopt the award with these chapters as they are.' }).check();
  await shot(judge, 'tribunal-adopt-differences');
  await adopt.getByRole('button', { name: 'Adopt', exact: true }).click();
  await expect(judge.getByText('Adopted, waiting for signatures')).toBeVisible();
  await dialogGone(judge);
  await expectAccessibleOnBoth(judge, 'review screen, adopted');
  await judge.getByRole('button', { name: 'Sign', exact: true }).click();
  const sign = judge.getByRole('dialog', { name: 'Sign the award' });
  // Sign waits until the PDF to be signed has been opened here.
  await sign.getByRole('button', { name: 'Open the PDF to sign' }).click();
  await expect(sign.getByText('You opened this exact file: its SHA-256 matches.')).toBeVisible();
  await sign.getByLabel('Password').fill('not my password');
  await sign.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(sign.getByText('The password or the authenticator code is not correct.')).toBeVisible();
  await expectAccessibleOnBoth(judge, 'sign dialog with an error');
  // Sign what you see: the dialog names the PDF by its SHA-256 (the adopted award's).
  await expect(sign.getByTestId('sign-pdf-hash')).toContainText(/SHA-256 of the PDF you sign: [0-9a-f]{64}/);
  // On a phone the dialog fits the screen: the hash wraps, the fields and the buttons stay inside.
  const desktopSize = judge.viewportSize();
  await judge.setViewportSize({ width: 390, height: 844 });
  const signBox = await sign.boundingBox();
  expect(signBox!.x).toBeGreaterThanOrEqual(0);
  expect(signBox!.x + signBox!.width).toBeLessThanOrEqual(390);
  expect(await sign.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
  await shot(judge, 'tribunal-sign-dialog-phone', { fullPage: false });
  if (desktopSize) await judge.setViewportSize(desktopSize);
  await sign.getByLabel('Password').fill(arbitrator.password);
  await sign.getByLabel('Authenticator code (6 digits)').fill(await authenticator.code());
  await sign.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(judge.getByText('Issued', { exact: true })).toBeVisible();
  await dialogGone(judge);
  await expectAccessibleOnBoth(judge, 'review screen, issued');
  await shot(judge, 'tribunal-award-issued');

  // The parties: the award is the case's decision, the case Resolved; the first opening is the receipt.
  await party.reload();
  const partyCard = party.getByRole('region', { name: 'Decision', exact: true });
  await expect(partyCard.getByRole('button', { name: 'Download award' })).toBeVisible();
  await expect(party.getByLabel('Status: Resolved')).toBeVisible();
  await expectAccessibleOnBoth(party, 'decision card, issued award');
  const download = party.waitForEvent('download');
  await partyCard.getByRole('button', { name: 'Download award' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Award_RAT-\d{4}-\d{6}\.pdf$/);
  const dir = mkdtempSync(join(tmpdir(), 'ratkaisu-award-'));
  const path = join(dir, 'award.pdf');
  await file.saveAs(path);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  for (const expected of [
    'VÄLITYSTUOMIO',
    'OTT Maija Virtanen',
    'ainoa välimies',
    'Tuomiolauselma',
    'Vastaaja velvoitetaan suorittamaan kantajalle 372,00 euroa',
    'Kanne hyväksytään sopimussakon osalta.',
    'Välitystuomion moittiminen ja mitättömyys',
    'Tuomiolauselmassa ei ole välimiehen palkkiota koskevaa määräystä.',
    'Helsingissä',
  ]) {
    expect(text).toContain(expected);
  }
  const screenshots = process.env.E2E_SCREENSHOT_DIR;
  if (screenshots) execFileSync('pdftoppm', ['-r', '60', '-png', path, join(screenshots, 'tribunal-award-page')]);
  await party.reload();
  await expect(partyCard.getByTestId('award-receipts')).toContainText('The claimant first opened it on');
  await shot(party, 'tribunal-party-award');

  // The review screen on a phone.
  const phone = await newPage(browser, { width: 390, height: 844 });
  await signInByApi(phone, arbitrator, { code: await authenticator.code() });
  await expect(phone.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await phone.goto(judge.url());
  // The shared test machine may take longer than the default 10 s to load the review page.
  await expect(phone.getByRole('heading', { name: 'Review the award' })).toBeVisible({ timeout: 30_000 });
  await shot(phone, 'tribunal-review-phone', { fullPage: false });
  // On a phone the document opens as a drawer over the text.
  await phone.getByTestId('preview-6').getByRole('button', { name: 'K1 s.1' }).click();
  await expect(phone.getByTestId('document-panel').getByText(/^Page 1 of \d+$/u)).toBeVisible();
  await expect(phone.getByTestId('document-panel').getByLabel('Loading the page')).toHaveCount(0, { timeout: 30_000 });
  await shot(phone, 'tribunal-review-document-drawer-phone', { fullPage: false });
});
