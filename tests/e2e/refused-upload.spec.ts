import { expect, test } from './support/fixtures.js';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { registerConfirmedUser, shot, signInByApi } from './support/test-host.js';

/**
 * A refusal the server sends while the browser is still sending the body must
 * reach the user as its catalogued text, not as "Failed to fetch": the page
 * left open on the Claim phase uploads after the case has moved on (sent
 * by a colleague), and the phase's message is shown.
 */
async function pdfFile(name: string, text: string) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText(text, { x: 50, y: 750, size: 12, font });
  // Large enough that the browser is still sending when the server has decided.
  // An unreferenced stream, not an embedded file (which uploads refuse as active content).
  doc.context.register(doc.context.stream(new Uint8Array(6 * 1024 * 1024).map((_, index) => (index * 7919) % 251)));
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}

test('an upload into a phase that closed meanwhile shows the phase-locked message', async ({ page }) => {
  test.setTimeout(90_000);
  const claimant = await registerConfirmedUser(page.request, 'lukittu');
  await signInByApi(page, claimant);
  await page.getByRole('button', { name: 'Create New Case' }).click();
  await page.getByLabel('Case name').fill('Lukittu vaihe');
  await page.getByLabel('Short description').fill('Kantaja lähettää vaiheen toisesta välilehdestä.');
  const claimantGroup = page.getByRole('group', { name: 'Claimant Information' });
  await claimantGroup.getByLabel('Name', { exact: false }).first().fill('Rakennus Oy');
  await claimantGroup.getByLabel('Representative Email').fill(claimant.email);
  const respondentGroup = page.getByRole('group', { name: 'Respondent Information' });
  await respondentGroup.getByLabel('Name', { exact: false }).first().fill('Kaluste Ab');
  await respondentGroup.getByLabel('Representative Email').fill(`vastaaja.${Date.now().toString(36)}@example.fi`);
  await page.getByLabel('I accept this arbitration agreement on behalf of the claimant.').check();
  await page.getByRole('button', { name: 'Save and Send' }).click();
  await expect(page).toHaveURL(/\/case-attachment\/[0-9a-f-]{36}$/);

  const claimPhase = page.getByRole('region', { name: /^Claim\b/ });
  await claimPhase
    .locator('input[type=file]')
    .setInputFiles(await pdfFile('Haastehakemus.pdf', 'Vaatimus 12 400 euroa'));
  await expect(claimPhase.getByText('1 file uploaded.')).toBeVisible();

  // Meanwhile the Claim phase is sent (as from another tab or a colleague); this page still shows it open. The
  // live page would learn of it within seconds (its change token) and close the zone itself: the token's answers
  // are held back here, so the upload races the send as on a page that has not heard yet.
  await page.route(/\/change-token$/, (route) => route.abort());
  const token = await page.evaluate(() => sessionStorage.getItem('ratkaisu.token'));
  const caseId = new URL(page.url()).pathname.split('/').pop();
  const sent = await page.request.post(`/api/dispute/${caseId}/phase/Response`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(sent.status()).toBe(200);

  const refused = page.waitForResponse((response) => /\/attachments$/.test(new URL(response.url()).pathname));
  await claimPhase.locator('input[type=file]').setInputFiles(await pdfFile('Myohassa.pdf', 'Liian myöhään'));
  // The browser received the answer (a reset connection would have no response at all).
  expect((await refused).status()).toBe(409);
  // Said at the upload (and, once the page has heard of the send, also on the closed phase in the list).
  await expect(page.getByText('This phase is closed: its files can no longer be changed.').first()).toBeVisible();
  await expect(page.getByText(/Failed to fetch|network/i)).toHaveCount(0);
  await shot(page, 'refused-upload-locked-phase');
});
