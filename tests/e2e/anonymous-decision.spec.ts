import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { PDFDocument } from 'pdf-lib';
import { shot } from './support/test-host.js';

/**
 * The public decision generator against the real local host and its offline model, signed out:
 * two Finnish PDFs dropped on the page, Generate, the progress while the decision is written, and
 * the decision downloaded as decision.pdf.
 */

// The standard PDF fonts cannot encode ä or ö; DejaVu Serif can, and pdf-lib writes its ToUnicode map.
const DEJAVU_SERIF = readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf');

async function finnishPdf(name: string, lines: string[]): Promise<{ name: string; base64: string }> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(DEJAVU_SERIF, { subset: true });
  const page = doc.addPage();
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 18, size: 11, font }));
  return { name, base64: Buffer.from(await doc.save()).toString('base64') };
}

/** Drops the files on the zone as a browser does: dragenter, dragover and drop carrying a DataTransfer. */
async function dropFiles(page: Page, zone: Locator, files: { name: string; base64: string }[]): Promise<void> {
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
      data.items.add(new File([bytes], file.name, { type: 'application/pdf' }));
    }
    return data;
  }, files);
  for (const type of ['dragenter', 'dragover', 'drop']) await zone.dispatchEvent(type, { dataTransfer: transfer });
}

test('anyone drops two PDFs, generates a decision and downloads it as decision.pdf', async ({ page }) => {
  test.setTimeout(180_000);
  // Linked from the sign-in page: no account is needed.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Try a draft decision without an account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create a Decision' })).toBeVisible();
  // Generate waits for a file.
  await expect(page.getByRole('button', { name: 'Create decision', exact: true })).toBeDisabled();

  // The zone is named by its title and instructions; the hidden file input beside it by the title.
  const zone = page.getByRole('button', { name: 'Upload PDF files for the decision Drop PDF files here' });
  await dropFiles(page, zone, [
    await finnishPdf('Haastehakemus.pdf', [
      'Haastehakemus',
      'Kantaja Rakennus Oy vaatii, että vastaaja Kaluste Ab velvoitetaan maksamaan 12 400 euroa.',
      'Kalusteet toimitettiin kuusi viikkoa myöhässä 15.4.2026.',
      'Vaatimus perustuu kauppalain 22 §:ään ja sopimuksen viivästyssakkoehtoon.',
    ]),
    await finnishPdf('Vastaus.pdf', [
      'Vastaus',
      'Vastaaja Kaluste Ab kiistää vaatimuksen. Viivästys johtui kantajan muutostilauksesta 20.2.2026.',
      'Sopimuksen mukaan toimitusaika pitenee muutostilauksen vuoksi kahdella viikolla.',
    ]),
  ]);
  const list = page.getByTestId('anonymous-file-list');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText('Haastehakemus.pdf');
  await expect(list).toContainText('Vastaus.pdf');

  await shot(page, 'anonymous-decision-files');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'anonymous-decision-files-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Create decision', exact: true }).click();
  const progress = page.getByTestId('anonymous-progress');
  // The stage the server reports, whichever the run is in when the page looks.
  await expect(progress.getByRole('status')).toContainText(
    /Uploading documents|Waiting to start|Starting|Extracting text|Writing chapter|Checking the citations|Rendering the PDF|Done/,
  );
  await expect(progress.getByRole('listitem')).toHaveText(['Start', 'Processing', 'Generating', 'Finalizing']);
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await shot(page, 'anonymous-decision-progress');

  const success = page.getByTestId('anonymous-success');
  await expect(success).toBeVisible({ timeout: 120_000 });
  await expect(success).toContainText('Your decision is ready');
  await shot(page, 'anonymous-decision-success');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    success.getByRole('button', { name: 'Download Decision PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('decision.pdf');
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const decision = await PDFDocument.load(bytes);
  expect(decision.getPageCount()).toBeGreaterThan(0);

  await success.getByRole('button', { name: 'Start New Decision' }).click();
  await expect(
    page.getByRole('button', { name: 'Upload PDF files for the decision Drop PDF files here' }),
  ).toBeVisible();
  await expect(page.getByTestId('anonymous-file-list')).toHaveCount(0);
});
