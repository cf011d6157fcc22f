import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { latestMailTo, registerConfirmedUser, shot, signInByApi } from './support/test-host.js';

/**
 * Two people, two browsers, one case, against the real local host: the
 * claimant opens a case and files the claim; the respondent's representative
 * follows the invitation mail, signs up with the invited address, sees the case
 * and answers in the Response phase; the claimant then ends the process and
 * the case reaches Resolution.
 */

async function pdfFile(name: string, text: string) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText(text, { x: 50, y: 750, size: 12, font });
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('claimant files, respondent signs up from the invitation and answers, the case goes to Resolution', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const respondentEmail = `vastaaja.${suffix}@example.fi`;

  // The claimant opens the case.
  const claimantPage = await newPage(browser);
  const claimant = await registerConfirmedUser(claimantPage.request, 'kantaja');
  await signInByApi(claimantPage, claimant);
  await claimantPage.getByRole('button', { name: 'Create New Case' }).click();
  await claimantPage.getByLabel('Case name').fill('Toimitusviive 2026');
  await claimantPage.getByLabel('Short description').fill('Kaluste toimitettiin kuusi viikkoa myöhässä.');
  const claimantGroup = claimantPage.getByRole('group', { name: 'Claimant Information' });
  await claimantGroup.getByLabel('Name', { exact: false }).first().fill('Rakennus Oy');
  await claimantGroup.getByLabel('Representative Email').fill(claimant.email);
  const respondentGroup = claimantPage.getByRole('group', { name: 'Respondent Information' });
  await respondentGroup.getByLabel('Name', { exact: false }).first().fill('Kaluste Ab');
  await respondentGroup.getByLabel('Representative Email').fill(respondentEmail);
  await claimantPage.getByLabel('I accept this arbitration agreement on behalf of the claimant.').check();
  await claimantPage.getByRole('button', { name: 'Save and Send' }).click();
  await expect(claimantPage).toHaveURL(/\/case-attachment\/[0-9a-f-]{36}$/);
  const caseUrl = new URL(claimantPage.url()).pathname;

  // Saving and sending an empty Claim phase is refused on the page, in plain words (SPEC's text is the API's).
  await claimantPage.getByRole('button', { name: 'Save and Send' }).click();
  await expect(claimantPage.getByText('Add at least one document before sending')).toBeVisible();

  // A file that is not a PDF is refused before anything is sent; the claim itself is filed.
  const claimPhase = claimantPage.getByRole('region', { name: /^Claim\b/ });
  const chooser = claimPhase.locator('input[type=file]');
  await chooser.setInputFiles({ name: 'muistio.txt', mimeType: 'text/plain', buffer: Buffer.from('ei pdf') });
  await expect(claimPhase.getByText('Only PDF files are allowed')).toBeVisible();
  await chooser.setInputFiles([
    await pdfFile('Haastehakemus.pdf', 'Haastehakemus: vaatimus 12 400 euroa'),
    await pdfFile('Sopimus.pdf', 'Toimitussopimus 1.3.2026'),
  ]);
  await expect(claimPhase.getByText('2 files uploaded.')).toBeVisible();
  await expect(claimantPage.getByText('Add at least one document before sending')).toHaveCount(0);
  await expect(claimPhase.getByText('Haastehakemus.pdf')).toBeVisible();
  await expect(claimPhase.getByText('Sopimus.pdf')).toBeVisible();
  // The same name again is refused with the specification's message.
  await chooser.setInputFiles(await pdfFile('Sopimus.pdf', 'toinen'));
  await expect(claimPhase.getByText('File(s) with the same name already exist: Sopimus.pdf')).toBeVisible();
  await shot(claimantPage, 'case-page-claim');

  // With files in the phase, Save and Send is also the status banner's next action; these use the bottom one.
  await claimantPage.getByTestId('case-actions').getByRole('button', { name: 'Save and Send' }).click();
  await claimantPage.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
  await expect(claimantPage.getByText(/Waiting for the respondent/)).toBeVisible();

  // The respondent's representative follows the link in the invitation mail and signs up with that address.
  const invitation = latestMailTo(respondentEmail);
  expect(invitation, 'an invitation mail to the respondent').toBeTruthy();
  // The link opens the invitation page (invitation-and-return.spec.ts follows it); here the dashboard is the way in.
  expect(invitation).toMatch(/\/invitation\/[A-Za-z0-9_-]{43}/);
  const respondentPage = await newPage(browser);
  const respondent = { userName: `vastaaja${suffix}`, password: 'Seitsemän-puuta-7' };
  await respondentPage.goto('/login');
  await respondentPage.getByRole('button', { name: 'Create an account' }).click();
  const register = respondentPage.getByRole('dialog', { name: 'Create an account' });
  await register.getByRole('textbox', { name: 'Full name' }).fill('Maija Meikäläinen');
  await register.getByRole('textbox', { name: 'Username' }).fill(respondent.userName);
  await register.getByRole('textbox', { name: 'Email' }).fill(respondentEmail);
  await register.getByLabel('Password', { exact: false }).first().fill(respondent.password);
  await register.getByRole('checkbox').check();
  await register.getByRole('button', { name: 'Sign up' }).click();
  await expect(register.getByText('Check your email')).toBeVisible();
  const confirmLink = /https?:\/\/[^\s"<>]+\/confirm-email\?[^\s"<>]+/.exec(latestMailTo(respondentEmail) ?? '')?.[0];
  expect(confirmLink).toBeTruthy();
  const confirmUrl = new URL(confirmLink!.replace(/&amp;/g, '&'));
  await respondentPage.goto(confirmUrl.pathname + confirmUrl.search);
  await expect(respondentPage.getByRole('heading', { level: 1, name: 'Email Address Confirmed' })).toBeVisible();
  await signInByApi(respondentPage, respondent);

  // The case is on the respondent's dashboard; the Response phase is theirs.
  const inProgress = respondentPage.getByRole('region', { name: 'In Progress Cases' });
  await inProgress.getByRole('link', { name: 'Toimitusviive 2026' }).click();
  await expect(respondentPage).toHaveURL(new RegExp(`${caseUrl}$`));
  // Only the active phase opens by default; the claimant's Claim phase opens on a click.
  await respondentPage.getByRole('button', { name: /^Claim\b/ }).click();
  await expect(respondentPage.getByRole('region', { name: /^Claim\b/ }).getByText('Haastehakemus.pdf')).toBeVisible();
  const responsePhase = respondentPage.getByRole('region', { name: /^Response\b/ });
  await responsePhase
    .locator('input[type=file]')
    .setInputFiles(await pdfFile('Vastine.pdf', 'Vastine: vaatimus kiistetään'));
  await expect(responsePhase.getByText('1 file uploaded.')).toBeVisible();
  await expect(responsePhase.getByText('Vastine.pdf')).toBeVisible();
  await shot(respondentPage, 'case-page-response');
  await respondentPage.getByTestId('case-actions').getByRole('button', { name: 'Save and Send' }).click();
  await respondentPage.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
  await expect(respondentPage.getByText(/Waiting for the claimant/)).toBeVisible();

  // Back to the claimant: the answer is there, and with an empty first letter phase End Process is offered.
  await claimantPage.reload();
  await claimantPage.getByRole('button', { name: /^Response\b/ }).click();
  await expect(claimantPage.getByRole('region', { name: /^Response\b/ }).getByText('Vastine.pdf')).toBeVisible();
  await claimantPage.getByTestId('case-actions').getByRole('button', { name: 'End Process' }).click();
  await claimantPage.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(claimantPage.getByText('Decision not created yet.')).toBeVisible();
  await expect(claimantPage.getByRole('button', { name: 'Save and Send' })).toHaveCount(0);
  await shot(claimantPage, 'case-page-resolution');

  // The respondent sees the same state.
  await respondentPage.reload();
  await expect(respondentPage.getByText('Decision not created yet.')).toBeVisible();
});
