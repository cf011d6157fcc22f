import { randomUUID } from 'node:crypto';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { atEachSize, expectAccessible, expectAccessibleOnBoth } from './support/axe.js';
import { bearer, ok } from './support/case-api.js';
import { latestMailTo, registerConfirmedUser, shot, signInByApi } from './support/test-host.js';

/**
 * First use, desktop and phone, English and Finnish: the sign-in page's three lines and
 * How it works; the empty dashboard's Start a case; Save and Send's dialog listing the files and who is told,
 * and the confirmation after it; the invitation page with its deadline and Create an account first. axe on
 * each screen of the way (the new-case form and its errors, the case page before and after the upload, the
 * delete and send dialogs with the focus coming back to their buttons); screenshots with E2E_SCREENSHOT_DIR. Each language's flow is walked once, each
 * screen on it checked on a phone and on a desktop (`atEachSize`, support/axe.ts), not walked again per size.
 */

const DESKTOP = { width: 1280, height: 800 };

const TEXTS = {
  en: {
    howItWorksLink: 'How it works',
    howItWorksHeading: 'How Ratkaisu works',
    dashboard: 'Dashboard',
    startCase: 'Start a case',
    saveAndSend: 'Save and Send',
    sendTitle: 'Send the Claim phase?',
    send: 'Send',
    caseName: /^Case name/,
    uploadDocuments: 'Upload documents',
    deleteContract: 'Delete Sopimus.pdf',
    sent: 'Sent: 1 file. Kaluste Ab has been invited by email to respond.',
    invitationHeading: 'You have been invited to a case',
    createAccount: 'Create an account with this address',
    logIn: 'Log in to open the case',
    invitedTold: 'Kaluste Ab will be invited as the respondent: an email with a link to the case goes to',
  },
  fi: {
    howItWorksLink: 'Näin palvelu toimii',
    howItWorksHeading: 'Näin Ratkaisu toimii',
    dashboard: 'Etusivu',
    startCase: 'Aloita asia',
    saveAndSend: 'Tallenna ja lähetä',
    sendTitle: 'Lähetetäänkö vaihe Kanne?',
    send: 'Lähetä',
    caseName: /^Asian nimi/,
    uploadDocuments: 'Lisää asiakirjoja',
    deleteContract: 'Poista Sopimus.pdf',
    sent: 'Lähetetty: 1 tiedosto. Kaluste Ab on kutsuttu sähköpostilla vastaamaan.',
    invitationHeading: 'Sinut on kutsuttu asiaan',
    createAccount: 'Luo tili tällä osoitteella',
    logIn: 'Kirjaudu sisään ja avaa asia',
    invitedTold: 'Kaluste Ab kutsutaan asiaan vastaajana: sähköposti, jossa on linkki asiaan, lähetetään osoitteeseen',
  },
} as const;

async function samplePdf(name: string) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText('Toimitussopimus 1.3.2026', { x: 50, y: 780, size: 11, font });
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}

async function useLanguage(page: Page, language: 'en' | 'fi'): Promise<void> {
  await page.addInitScript((lang) => window.localStorage.setItem('ratkaisu.language', lang), language);
}

for (const language of ['en', 'fi'] as const) {
  const words = TEXTS[language];
  test.describe(`first use in ${language} on a desktop and a phone`, () => {
    test.use({ viewport: DESKTOP });

    test('sign-in says what Ratkaisu does and links How it works', async ({ page }) => {
      // Both sizes: twice the default time.
      test.setTimeout(120_000);
      await useLanguage(page, language);
      const about = page.getByTestId('login-about');
      // The link is followed at each size: the sign-in page lays its three lines out differently on a phone.
      await atEachSize(page, async (device) => {
        await page.goto('/login');
        await expect(about.locator('p')).toHaveCount(3);
        await expectAccessible(page, `login (${language}, ${device})`);
        await shot(page, `first-use-login-${language}-${device}`);
        await about.getByRole('link', { name: words.howItWorksLink }).click();
        await expect(page).toHaveURL(/\/how-it-works$/);
        await expect(page.getByRole('heading', { level: 1, name: words.howItWorksHeading })).toBeVisible();
        await expect(page.getByTestId('how-phases').getByRole('listitem')).toHaveCount(7);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expectAccessible(page, `how it works (${language}, ${device})`);
        await shot(page, `first-use-how-it-works-${language}-${device}`);
      });
    });

    test('the empty dashboard starts a case; Save and Send lists the files and who is told, then confirms; the invitation shows the deadline', async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(360_000); // thirteen screens through axe at two sizes
      const user = await registerConfirmedUser(request, `first${language}`);
      // Signed in on the English screen (signIn's labels), then the language chosen and the page reloaded.
      await signInByApi(page, user);
      await expect(page.getByRole('heading', { level: 1, name: TEXTS.en.dashboard })).toBeVisible();
      if (language === 'fi') {
        await useLanguage(page, language);
        await page.reload();
      }
      await expect(page.getByRole('heading', { level: 1, name: words.dashboard })).toBeVisible();
      const guide = page.getByTestId('first-case-guide');
      await atEachSize(page, async (device) => {
        await expect(guide).toBeVisible();
        await expectAccessible(page, `empty dashboard (${language}, ${device})`);
        await shot(page, `first-use-dashboard-${language}-${device}`);
      });
      await guide.getByRole('button', { name: words.startCase }).click();
      await expect(page).toHaveURL(/\/new-dispute-form$/);
      await expectAccessibleOnBoth(page, `new case (${language})`);
      // Sent empty, the form shows its errors and moves the focus to the first field.
      await page.getByRole('button', { name: words.saveAndSend }).click();
      await expect(page.getByRole('textbox', { name: words.caseName })).toBeFocused();
      await expectAccessibleOnBoth(page, `new case with errors (${language})`);

      // The case itself is the form's subject elsewhere (cases.spec.ts): made through the API here.
      const respondentEmail = `vastaaja.${language}.${Date.now().toString(36)}@example.fi`;
      const disputeId = randomUUID();
      await ok(
        await request.post('/api/dispute', {
          headers: await bearer(request, user),
          data: {
            id: disputeId,
            name: 'Toimitusviive 2026',
            description: 'Kalusteet toimitettiin kuusi viikkoa myöhässä.',
            claimant: {
              name: 'Rakennus Oy',
              identificationNumber: '1234567-8',
              email: user.email,
              address: 'Katu 1',
            },
            respondent: { name: 'Kaluste Ab', identificationNumber: '', email: respondentEmail, address: '' },
          },
        }),
        'create case',
      );
      await page.goto(`/case-attachment/${disputeId}`);
      const claimPhase = page.getByRole('region', { name: language === 'en' ? /^Claim\b/ : /^Kanne\b/ });
      await expect(claimPhase).toBeVisible();
      await expectAccessibleOnBoth(page, `case page (${language})`);
      // The banner's "Upload documents" opens the file picker itself (not only the drop zone's focus); the
      // phone's picker is left unanswered, the desktop's takes the file.
      const uploadAction = page.getByTestId('case-banner').getByTestId('next-action');
      await atEachSize(page, async (device) => {
        await expect(uploadAction).toHaveText(words.uploadDocuments);
        const picker = page.waitForEvent('filechooser');
        await uploadAction.click();
        if (device === 'desktop') await (await picker).setFiles([await samplePdf('Sopimus.pdf')]);
        else await picker;
      });
      await expect(claimPhase.getByText('Sopimus.pdf')).toBeVisible();
      await expectAccessibleOnBoth(page, `case page with a file (${language})`);
      // The delete dialog, and the focus back on the control that opened it.
      const deleteContract = claimPhase.getByRole('button', { name: words.deleteContract });
      await atEachSize(page, async (device) => {
        await deleteContract.click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectAccessible(page, `delete file dialog (${language}, ${device})`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await expect(deleteContract).toBeFocused();
      });

      await page.getByTestId('case-actions').getByRole('button', { name: words.saveAndSend }).click();
      const dialog = page.getByRole('dialog', { name: words.sendTitle });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId('send-files').getByRole('listitem')).toHaveText(['Sopimus.pdf']);
      await expect(dialog.getByTestId('send-recipients')).toHaveText(`${words.invitedTold} ${respondentEmail}.`);
      await atEachSize(page, async (device) => {
        await expect(dialog.getByTestId('send-files').getByRole('listitem')).toHaveText(['Sopimus.pdf']);
        await expectAccessible(page, `save and send dialog (${language}, ${device})`);
        await shot(page, `first-use-send-dialog-${language}-${device}`, { fullPage: false });
      });
      // Closed without sending, the focus goes back to Save and Send; opened again, it sends.
      const saveAndSend = page.getByTestId('case-actions').getByRole('button', { name: words.saveAndSend });
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(saveAndSend).toBeFocused();
      await saveAndSend.click();
      await dialog.getByRole('button', { name: words.send, exact: true }).click();
      await expect(dialog).toHaveCount(0);
      const confirmation = page.getByTestId('case-actions').getByText(words.sent);
      await atEachSize(page, async (device) => {
        await expect(confirmation).toBeVisible();
        await confirmation.scrollIntoViewIfNeeded();
        await expectAccessible(page, `case page after sending (${language}, ${device})`);
        await shot(page, `first-use-sent-${language}-${device}`, { fullPage: false });
      });

      // The respondent's invitation, opened signed out: the deadline, the task, Create an account first.
      const link = /\/invitation\/[A-Za-z0-9_-]{43}/.exec(latestMailTo(respondentEmail) ?? '')?.[0];
      expect(link, 'an invitation link in the mail').toBeTruthy();
      const context = await browser.newContext({ viewport: DESKTOP });
      const invited = await context.newPage();
      await useLanguage(invited, language);
      await invited.goto(link!);
      await atEachSize(invited, async (device) => {
        await expect(invited.getByRole('heading', { level: 1, name: words.invitationHeading })).toBeVisible();
        await expect(invited.getByTestId('invitation-due')).toHaveText(/\d{1,2}\.\d{1,2}\.\d{4}/);
        await expect(invited.getByTestId('invitation-task').getByRole('listitem')).toHaveCount(3);
        const create = invited.getByRole('button', { name: words.createAccount });
        const logIn = invited.getByRole('button', { name: words.logIn });
        const [createBox, logInBox] = [await create.boundingBox(), await logIn.boundingBox()];
        expect(createBox!.y).toBeLessThan(logInBox!.y);
        await expectAccessible(invited, `invitation (${language}, ${device})`);
        await shot(invited, `first-use-invitation-${language}-${device}`);
      });
      await context.close();
    });
  });
}
