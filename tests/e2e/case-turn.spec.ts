import { randomUUID } from 'node:crypto';
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { CONTRACT_PAGES, makeFinnishPdf } from '../api/support/finnish-pdf.js';
import { expectAccessible } from './support/axe.js';
import { bearer, fileAndSend, ok, RESPONSE_PAGES, type Account } from './support/case-api.js';
import { registerConfirmedUser, shot, signInByApi, E2E_ADMIN_ACCOUNT } from './support/test-host.js';

/**
 * Whose turn it is, for two people on one pair of cases: the status banner at the top of the case page
 * (within a phone's first screen), the dashboard's "Your turn" and "Waiting for the other party" groups,
 * and the admin panel inside the same shell. axe runs on the case page and on the admin overview.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function pageAt(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

async function createCase(page: Page, claimant: Account, respondent: Account, name: string): Promise<string> {
  const id = randomUUID();
  await ok(
    await page.request.post('/api/dispute', {
      headers: await bearer(page.request, claimant),
      data: {
        id,
        name,
        description: 'Toimitus viivästyi kuusi viikkoa.',
        claimant: { name: 'Rakennus Oy', identificationNumber: '1234567-8', email: claimant.email, address: 'Katu 1' },
        respondent: { name: 'Teräs Oy', identificationNumber: '8765432-1', email: respondent.email, address: 'Tie 2' },
      },
    }),
    'create case',
  );
  return id;
}

/** The top of the element's box in the viewport, before any scrolling. */
async function topOf(page: Page, testId: string): Promise<number> {
  const box = await page.getByTestId('case-banner').getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} is not visible`);
  return box.y;
}

test('the banner and the dashboard say whose turn it is, for each side; the admin panel sits in the shell', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const suffix = randomUUID().slice(0, 6);
  const claimantPage = await pageAt(browser, PHONE);
  const respondentPage = await pageAt(browser, PHONE);
  const claimant = await registerConfirmedUser(claimantPage.request, 'vuoro-kantaja');
  const respondent = await registerConfirmedUser(respondentPage.request, 'vuoro-vastaaja');

  // Case A is sent to the respondent; case B is still the claimant's to file.
  const sentName = `Vastattava ${suffix}`;
  const draftName = `Valmisteilla ${suffix}`;
  const sent = await createCase(claimantPage, claimant, respondent, sentName);
  await fileAndSend(
    claimantPage.request,
    await bearer(claimantPage.request, claimant),
    sent,
    { name: 'Sopimus.pdf', pages: CONTRACT_PAGES },
    'Response',
  );
  await createCase(claimantPage, claimant, respondent, draftName);

  // The respondent, on a phone: it is their turn, and the next action is on the first screen.
  await signInByApi(respondentPage, respondent);
  await expect(respondentPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await respondentPage.goto(`/case-attachment/${sent}`);
  const banner = respondentPage.getByTestId('case-banner');
  await expect(banner.getByRole('heading', { level: 2 })).toHaveText('Your turn');
  await expect(banner.getByTestId('case-side')).toHaveText('You represent the respondent');
  await expect(banner).toContainText('Active phase: Response');
  await expect(banner).toContainText(/Due \d{1,2}\.\d{1,2}\.\d{4}/);
  const action = banner.getByTestId('next-action');
  await expect(action).toHaveText('Upload documents');
  expect(await topOf(respondentPage, 'next-action')).toBeLessThan(PHONE.height);
  await expectAccessible(respondentPage, 'case page, your turn (phone)');
  await shot(respondentPage, 'turn-case-respondent-phone', { fullPage: false });
  await action.click();
  await expect(
    respondentPage.getByRole('button', { name: /^Upload PDF files to Response Drag and drop/ }),
  ).toBeFocused();

  // The claimant, on a phone: waiting for the other party, told so on the first screen.
  await signInByApi(claimantPage, claimant);
  await expect(claimantPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await claimantPage.goto(`/case-attachment/${sent}`);
  const waiting = claimantPage.getByTestId('case-banner');
  await expect(waiting.getByRole('heading', { level: 2 })).toHaveText('Waiting for the other party');
  await expect(waiting.getByTestId('next-action')).toHaveText('Waiting — we’ll email you when it’s your turn.');
  expect(await topOf(claimantPage, 'next-action')).toBeLessThan(PHONE.height);
  await expect(claimantPage.getByRole('button', { name: 'Save and Send' })).toHaveCount(0);
  await expectAccessible(claimantPage, 'case page, waiting (phone)');
  await shot(claimantPage, 'turn-case-claimant-phone', { fullPage: false });

  // The dashboards group the same two cases the other way round, each row with the side.
  const groupsOf = async (page: Page) => {
    await page.goto('/');
    const yours = page.getByRole('region', { name: 'Your turn' });
    const others = page.getByRole('region', { name: 'Waiting for the other party' });
    await expect(yours.getByTestId('case-row').first()).toBeVisible();
    return { yours, others };
  };
  const claimantGroups = await groupsOf(claimantPage);
  await expect(claimantGroups.yours.getByRole('link', { name: draftName })).toBeVisible();
  await expect(claimantGroups.others.getByRole('link', { name: sentName })).toBeVisible();
  await expect(claimantGroups.yours.getByRole('link', { name: sentName })).toHaveCount(0);
  await expect(claimantGroups.yours.getByTestId('case-row-side').first()).toHaveText('You represent the claimant');
  await shot(claimantPage, 'turn-dashboard-claimant-phone', { fullPage: false });
  const respondentGroups = await groupsOf(respondentPage);
  await expect(respondentGroups.yours.getByRole('link', { name: sentName })).toBeVisible();
  await expect(respondentGroups.others.getByRole('link', { name: draftName })).toBeVisible();
  await expect(respondentGroups.others.getByRole('link', { name: sentName })).toHaveCount(0);
  await expect(respondentGroups.yours.getByTestId('case-row-side').first()).toHaveText('You represent the respondent');
  // "Your turn" comes first.
  const headings = await respondentPage.getByRole('heading', { level: 3 }).allTextContents();
  expect(headings.indexOf('Your turn')).toBeLessThan(headings.indexOf('Waiting for the other party'));

  // The same case page at a desktop.
  const desktop = await pageAt(browser, DESKTOP);
  await signInByApi(desktop, respondent);
  await expect(desktop.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await shot(desktop, 'turn-dashboard-respondent-desktop', { fullPage: false });
  await desktop.goto(`/case-attachment/${sent}`);
  await expect(desktop.getByTestId('case-banner').getByRole('heading', { level: 2 })).toHaveText('Your turn');
  await expectAccessible(desktop, 'case page, your turn (desktop)');
  await shot(desktop, 'turn-case-respondent-desktop');

  // The respondent answers from the banner: upload into the current phase, then the banner's Save and Send.
  await respondentPage.goto(`/case-attachment/${sent}`);
  const current = respondentPage.getByRole('region', { name: /^Response: current phase/ });
  await current.locator('input[type=file]').setInputFiles({
    name: 'Vastine.pdf',
    mimeType: 'application/pdf',
    buffer: await makeFinnishPdf(RESPONSE_PAGES).then((bytes) => Buffer.from(bytes)),
  });
  await expect(current.getByText('1 file uploaded.')).toBeVisible();
  const send = respondentPage.getByTestId('case-banner').getByTestId('next-action');
  await expect(send).toHaveText('Save and Send');
  await send.click();
  await respondentPage.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
  await expect(respondentPage.getByTestId('case-banner-title')).toHaveText('Waiting for the other party');

  // Back to the claimant: their turn, with End Process offered and explained in the banner; ending it says so.
  await claimantPage.goto(`/case-attachment/${sent}`);
  const claimantBanner = claimantPage.getByTestId('case-banner');
  await expect(claimantBanner.getByRole('heading', { level: 2 })).toHaveText('Your turn');
  await expect(claimantBanner).toContainText('End Process skips the remaining letters');
  await shot(claimantPage, 'turn-case-claimant-letter-phone', { fullPage: false });
  await claimantBanner.getByRole('button', { name: 'End Process' }).click();
  await claimantPage.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(claimantPage.getByTestId('case-status')).toHaveText('Process ended');
  await expect(claimantBanner.getByTestId('case-banner-next')).toHaveText(
    'The exchange of documents has ended. Either party may now create the AI decision, or request a tribunal to decide the case.',
  );
  await expect(claimantBanner.getByTestId('next-action')).toHaveText('Go to the decision');
  await shot(claimantPage, 'turn-case-process-ended-phone', { fullPage: false });

  // The admin panel, in the same shell: account menu, a way back, counts from one source, catalogue texts.
  const admin = await pageAt(browser, DESKTOP);
  await signInByApi(admin, E2E_ADMIN_ACCOUNT);
  await expect(admin).toHaveURL(/\/(terms-of-service)?$/);
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await expect(admin.getByRole('button', { name: /Account menu for/ })).toBeVisible();
  await expect(admin.getByRole('link', { name: 'Back to the app' })).toBeVisible();
  const byStatus = admin.getByTestId('disputes-by-status');
  await expect(byStatus).toContainText('In Progress');
  await expect(byStatus).not.toContainText('InProgress');
  await expect(admin.getByTestId('closed-disputes')).toContainText(/Resolved \d+ · Closed \d+/);
  await expect(admin.getByTestId('audit-chain-status')).toContainText('Verified', { timeout: 15_000 });
  await expectAccessible(admin, 'admin overview in the shell (desktop)');
  await shot(admin, 'turn-admin-overview-desktop', { fullPage: false });

  // The audit log's dates are typed and shown in the English locale's day-first format.
  await admin.getByRole('tab', { name: 'Audit Logs' }).click();
  const from = admin.getByLabel('From');
  await expect(from).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  await from.fill('01/03/2026');
  await from.press('Tab');
  await expect(from).toHaveValue('01/03/2026');
  await shot(admin, 'turn-admin-audit-desktop', { fullPage: false });
  await admin.getByRole('button', { name: /Account menu for/ }).click();
  await admin.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(admin).toHaveURL(/\/(logout|login)/);
});
