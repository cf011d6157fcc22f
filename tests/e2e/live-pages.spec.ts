import { randomUUID } from 'node:crypto';
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { CONTRACT_PAGES } from '../api/support/finnish-pdf.js';
import { bearer, fileAndSend, ok, RESPONSE_PAGES } from './support/case-api.js';
import { registerConfirmedUser, signInByApi } from './support/test-host.js';

/**
 * Live pages: the claimant's case page and dashboard stay open while the respondent answers
 * elsewhere; both show "Your turn" within 15 s, without a reload. The page's own request log proves it was
 * not reloaded: the document is fetched once.
 */

async function pageOf(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
}

test('an open case page and dashboard show the turn coming back within 15 s, without a reload', async ({ browser }) => {
  test.setTimeout(150_000);
  const claimantPage = await pageOf(browser);
  const dashboardPage = await pageOf(browser);
  const respondentPage = await pageOf(browser);
  const claimant = await registerConfirmedUser(claimantPage.request, 'elava-kantaja');
  const respondent = await registerConfirmedUser(respondentPage.request, 'elava-vastaaja');
  const id = randomUUID();
  const claimantHeaders = await bearer(claimantPage.request, claimant);
  await ok(
    await claimantPage.request.post('/api/dispute', {
      headers: claimantHeaders,
      data: {
        id,
        name: `Elävä sivu ${id.slice(0, 6)}`,
        description: 'Toimitus viivästyi.',
        claimant: { name: 'Rakennus Oy', identificationNumber: '1234567-8', email: claimant.email, address: 'Katu 1' },
        respondent: { name: 'Teräs Oy', identificationNumber: '8765432-1', email: respondent.email, address: 'Tie 2' },
      },
    }),
    'create case',
  );
  await fileAndSend(
    claimantPage.request,
    claimantHeaders,
    id,
    { name: 'Kanne.pdf', pages: CONTRACT_PAGES },
    'Response',
  );

  // The claimant watches the case page and (in another tab) the dashboard: both wait for the respondent.
  let documentLoads = 0;
  claimantPage.on('request', (request) => {
    if (request.resourceType() === 'document') documentLoads += 1;
  });
  await signInByApi(claimantPage, claimant);
  await expect(claimantPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await claimantPage.goto(`/case-attachment/${id}`);
  const banner = claimantPage.getByTestId('case-banner');
  await expect(banner.getByRole('heading', { level: 2 })).toHaveText('Waiting for the other party');
  const loadsBefore = documentLoads;
  await signInByApi(dashboardPage, claimant);
  await expect(dashboardPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const yourTurn = dashboardPage.getByRole('region', { name: 'Your turn' });
  await expect(dashboardPage.getByRole('region', { name: 'Waiting for the other party' })).toContainText('Elävä sivu');

  // The respondent answers and sends (through the API, as from another browser).
  const respondentHeaders = await bearer(respondentPage.request, respondent);
  await fileAndSend(
    respondentPage.request,
    respondentHeaders,
    id,
    { name: 'Vastaus.pdf', pages: RESPONSE_PAGES },
    'ClaimantLetter1',
  );

  await expect(banner.getByRole('heading', { level: 2 })).toHaveText('Your turn', { timeout: 15_000 });
  await expect(yourTurn).toContainText('Elävä sivu', { timeout: 15_000 });
  expect(documentLoads).toBe(loadsBefore);
});
