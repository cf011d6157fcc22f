import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { formatIsoDate } from '@ratkaisu/core';
import { expect, test } from './support/fixtures.js';
import { expectAccessibleOnBoth } from './support/axe.js';
import { PDFDocument } from 'pdf-lib';
import { registerConfirmedUser, shot, signInByApi } from './support/test-host.js';

/**
 * The claim generator against the real local host and its offline model: the claimant files two
 * Finnish PDFs in the Claim phase, drafts a claim from them, reads and edits it, finds it again after
 * closing the generator and reloading the page (the draft is kept on the server), downloads it as
 * markdown and as a PDF, and files it in the Claim phase once however often File is clicked. The generator's
 * dialog is checked with axe at a desktop and a phone as it first opens.
 */

// The standard PDF fonts cannot encode ä or ö; DejaVu Serif can, and pdf-lib writes its ToUnicode map.
const DEJAVU_SERIF = readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf');

async function finnishPdf(name: string, lines: string[]) {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(DEJAVU_SERIF, { subset: true });
  const page = doc.addPage();
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 18, size: 11, font }));
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}

/** Today as the app dates its files: YYYY-MM-DD in Helsinki (core's one ISO-date format). */
function helsinkiDate(): string {
  return formatIsoDate(new Date());
}

test('the claimant drafts a claim from two Finnish PDFs, edits it and files it as a PDF', async ({ page }) => {
  test.setTimeout(180_000);
  const claimant = await registerConfirmedUser(page.request, 'kantaja');
  await signInByApi(page, claimant);
  await page.getByRole('button', { name: 'Create New Case' }).click();
  await page.getByLabel('Case name').fill('Toimitusviive 2026');
  await page.getByLabel('Short description').fill('Kalusteet toimitettiin kuusi viikkoa myöhässä.');
  const claimantGroup = page.getByRole('group', { name: 'Claimant Information' });
  await claimantGroup.getByLabel('Name', { exact: false }).first().fill('Rakennus Oy');
  await claimantGroup.getByLabel('Address').fill('Mannerheimintie 1, 00100 Helsinki');
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
    .setInputFiles([
      await finnishPdf('Haastehakemus.pdf', [
        'Haastehakemus',
        'Kantaja Rakennus Oy vaatii, että vastaaja Kaluste Ab velvoitetaan maksamaan 12 400 euroa.',
        'Kalusteet toimitettiin kuusi viikkoa myöhässä 15.4.2026.',
        'Vaatimus perustuu kauppalain 22 §:ään ja sopimuksen viivästyssakkoehtoon.',
      ]),
      await finnishPdf('Sopimus.pdf', [
        'Toimitussopimus 1.3.2026',
        'Kaluste Ab toimittaa Rakennus Oy:lle toimistokalusteet viimeistään 1.3.2026.',
        'Viivästyssakko on 0,5 % kauppahinnasta jokaiselta alkavalta viikolta.',
      ]),
    ]);
  await expect(claimPhase.getByText('2 files uploaded.')).toBeVisible();

  // Tools → Claim Generator opens it with nothing chosen yet.
  await page.getByRole('button', { name: 'Open Claim Generator' }).click();
  let generator = page.getByRole('dialog', { name: 'Claim Generator' });
  await expect(generator.getByText('Files of the Claim phase')).toBeVisible();
  await expect(generator.getByRole('checkbox', { name: 'Haastehakemus.pdf' })).not.toBeChecked();
  await expect(generator.getByRole('button', { name: 'Generate', exact: true })).toBeDisabled();
  await expectAccessibleOnBoth(page, 'claim generator');
  await page.keyboard.press('Escape');
  await expect(generator).toHaveCount(0);

  // The Claim phase's Generate Claim hands over the selected files.
  await claimPhase.getByRole('checkbox', { name: 'Select Haastehakemus.pdf' }).check();
  await claimPhase.getByRole('checkbox', { name: 'Select Sopimus.pdf' }).check();
  await claimPhase.getByRole('button', { name: 'Generate Claim' }).click();
  generator = page.getByRole('dialog', { name: 'Claim Generator' });
  await expect(generator.getByRole('checkbox', { name: 'Haastehakemus.pdf' })).toBeChecked();
  await expect(generator.getByRole('checkbox', { name: 'Sopimus.pdf' })).toBeChecked();
  await generator.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(generator.getByRole('progressbar', { name: 'Claim generation progress' })).toBeVisible();
  await shot(page, 'claim-generator-progress');

  // The server's own progress: the first status comes within a second, so the offline model's draft shows in
  // seconds, not after a 15 s poll.
  const started = Date.now();
  const preview = generator.getByTestId('claim-preview');
  await expect(preview).toBeVisible({ timeout: 60_000 });
  console.log(`claim draft shown ${Date.now() - started} ms after Generate`);
  await expect(generator.getByTestId('claim-draft-date')).toContainText('Draft of');
  // The rendered draft: headings, the case name, and page references into the two documents.
  await expect(preview.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(preview).toContainText('Toimitusviive 2026');
  await expect(preview).toContainText('[K1 s.1]');
  await expect(preview).not.toContainText('##');

  // Edit the markdown; the edit is saved on the server as it is made.
  await generator.getByRole('tab', { name: 'Edit' }).click();
  const editor = generator.getByRole('textbox', { name: 'Claim application (markdown)' });
  await expect(editor).toHaveAttribute('rows', '20');
  await expect(editor).toHaveValue(/Toimitusviive 2026/);
  await editor.press('ControlOrMeta+End');
  await editor.pressSequentially('\n\nHelsingissä, kantajan puolesta: Rakennus Oy\n');
  await shot(page, 'claim-generator-edit');
  await expect(generator.getByTestId('claim-draft-save-state')).toContainText('Your edits are saved');

  // Closing the generator loses nothing: reopened, it shows the draft with the edit.
  await page.keyboard.press('Escape');
  await expect(generator).toHaveCount(0);
  // Reopened at once, the dialog is found by its role, hidden elements left out: a screen reader reaches it.
  await page.getByRole('button', { name: 'Open Claim Generator' }).click();
  generator = page.getByRole('dialog', { name: 'Claim Generator' });
  await expect(generator.getByTestId('claim-preview')).toContainText('Helsingissä, kantajan puolesta: Rakennus Oy', {
    timeout: 45_000,
  });

  // Nor does a reload of the page.
  await page.reload();
  generator = page.getByRole('dialog', { name: 'Claim Generator' });
  await expect(async () => {
    if ((await generator.count()) === 0) await page.getByRole('button', { name: 'Open Claim Generator' }).click();
    await expect(generator.getByTestId('claim-preview')).toContainText('Helsingissä, kantajan puolesta: Rakennus Oy', {
      timeout: 5_000,
    });
  }).toPass({ timeout: 45_000 });
  await expect(generator.getByTestId('claim-draft-date')).toContainText('Draft of');
  await shot(page, 'claim-generator-reopened');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'claim-generator-reopened-phone', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });

  const date = helsinkiDate();
  const [markdownDownload] = await Promise.all([
    page.waitForEvent('download'),
    generator.getByRole('button', { name: 'Download as markdown' }).click(),
  ]);
  expect(markdownDownload.suggestedFilename()).toBe(`Claim_${date}.md`);
  expect(readFileSync((await markdownDownload.path())!, 'utf8')).toContain(
    'Helsingissä, kantajan puolesta: Rakennus Oy',
  );

  // Download PDF gives the file and files nothing.
  const [pdfDownload] = await Promise.all([
    page.waitForEvent('download'),
    generator.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(pdfDownload.suggestedFilename()).toBe(`Claim_${date}.pdf`);
  expect(
    readFileSync((await pdfDownload.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // A placeholder left in the draft ([täydennettävä] where the material lacks something, or one the
  // user leaves) refuses the PDF, naming it, until each is filled in or removed.
  await generator.getByRole('tab', { name: 'Edit' }).click();
  const reopenedEditor = generator.getByRole('textbox', { name: 'Claim application (markdown)' });
  await reopenedEditor.press('ControlOrMeta+End');
  await reopenedEditor.pressSequentially('Päiväys: [TÄYDENNÄ]\n');
  const fileButton = generator.getByRole('button', { name: 'File as PDF in the Claim phase' });
  await fileButton.click();
  const refusal = generator.getByTestId('claim-pdf-error');
  await expect(refusal).toContainText('Fill in or remove the placeholders before saving the claim as PDF:');
  await expect(refusal).toContainText('[TÄYDENNÄ]');
  await reopenedEditor.fill(
    (await reopenedEditor.inputValue()).replace(/\[(?:täydennettävä|TÄYDENNÄ)\]/gu, 'ei ilmoitettu'),
  );
  await generator.getByRole('tab', { name: 'Preview' }).click();

  // Filed once, named and linked.
  await fileButton.click();
  const saved = generator.getByTestId('claim-pdf-saved');
  await expect(saved).toContainText('The claim application has been successfully saved as PDF in the Claim phase');
  await expect(saved.getByTestId('claim-filed-link')).toHaveText(`Claim_${date}.pdf`);
  await shot(page, 'claim-generator-result');

  // The same text again: already filed, no second copy.
  await fileButton.click();
  await expect(generator.getByTestId('claim-pdf-already-filed')).toContainText(
    `This draft is already filed in the Claim phase as Claim_${date}.pdf`,
  );
  await shot(page, 'claim-generator-already-filed');

  await generator.getByRole('button', { name: 'Close' }).click();
  await expect(generator).toHaveCount(0);
  await expect(claimPhase.getByText(`Claim_${date}.pdf`)).toHaveCount(1);
  await expect(claimPhase.getByText(`Claim_${date} (2).pdf`)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: /^Claim\b/ }).getByText(`Claim_${date}.pdf`)).toHaveCount(1);
  await shot(page, 'claim-generator-case-page');
});
