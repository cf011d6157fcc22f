import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { bearer, caseInResolution, ok } from './support/case-api.js';
import { E2E_ADMIN, registerConfirmedUser, shot, enableSecondFactor, signInByApi } from './support/test-host.js';

/**
 * The case's legal footing on screen: the respondent agrees to the claimant's request
 * for three arbitrators; after the acceptances the claimant challenges the chair with grounds; the appointing
 * authority rejects it with reasons on the admin Appointments tab; the chair records the tribunal's decision
 * on jurisdiction (the contract holds its own arbitration clause). Desktop and phone screenshots of each.
 */

const PHONE = { width: 390, height: 844 };

/** Signs in and waits to leave the sign-in page, so the next navigation is not bounced back to it. */
async function enter(page: Page, userName: string, password: string, tfaCode?: string): Promise<void> {
  await signInByApi(page, { userName, password }, tfaCode ? { code: tfaCode } : {});
  await page.waitForURL((url) => !url.pathname.startsWith('/login') && !url.pathname.startsWith('/checkauth'), {
    timeout: 30_000,
  });
}

async function newPage(browser: Browser, viewport = { width: 1280, height: 1000 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

test('three arbitrators by agreement, a challenge decided with reasons, the jurisdiction recorded', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const claimant = await registerConfirmedUser(request, 'kantaja');
  const respondent = await registerConfirmedUser(request, 'vastaaja');
  const arbitrators = [
    await registerConfirmedUser(request, 'puheenjohtaja'),
    await registerConfirmedUser(request, 'jasen-b'),
    await registerConfirmedUser(request, 'jasen-c'),
  ];
  const disputeId = await caseInResolution(request, claimant, respondent, 'Teräspalkit, kolme välimiestä');
  const asClaimant = await bearer(request, { userName: claimant.userName, password: claimant.password });
  await ok(
    await request.post(`/api/dispute/${disputeId}/tribunal/request`, { headers: asClaimant, data: { size: 3 } }),
    'the claimant asks for three',
  );

  // The respondent is asked on its case page and agrees.
  for (const [viewport, suffix] of [
    [PHONE, 'phone'],
    [{ width: 1280, height: 1000 }, 'desktop'],
  ] as const) {
    const page = await newPage(browser, viewport);
    await enter(page, respondent.userName, respondent.password);
    await page.goto(`/case-attachment/${disputeId}`);
    const card = page.getByRole('region', { name: 'Arbitration agreement and tribunal' });
    await expect(card.getByText(/The claimant asks for a tribunal of three arbitrators/u)).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await shot(page, `constitution-size-${suffix}`);
    if (suffix === 'desktop') {
      await card.getByRole('button', { name: 'Agree to three' }).click();
      await expect(card.getByText('Both parties agreed to three arbitrators.')).toBeVisible();
    }
    await page.context().close();
  }

  // Three arbitrators appointed and accepted (the chair with a disclosure), through the API.
  const asAdmin = await bearer(request, { userName: E2E_ADMIN.email, password: E2E_ADMIN.password });
  const ids: string[] = [];
  const sessions: { token: string; authenticator: { code: () => Promise<string> } }[] = [];
  for (const [index, arbitrator] of arbitrators.entries()) {
    const login = (await ok(
      await request.post('/user/login', { data: { username: arbitrator.userName, password: arbitrator.password } }),
      'arbitrator login',
    )) as { user: { id: string }; token: string };
    ids.push(login.user.id);
    // An arbitrator signs with a second factor, so only an account with one can be appointed.
    sessions.push({ token: login.token, authenticator: await enableSecondFactor(request, login.token) });
    await ok(
      await request.put(`/api/superadmin/users/${login.user.id}/arbitrator`, {
        headers: asAdmin,
        data: {
          arbitrator: {
            name: ['OTT Maija Virtanen', 'VT Pekka Korhonen', 'OTK Liisa Nieminen'][index],
            title: 'asianajaja',
          },
        },
      }),
      'grant the attribute',
    );
  }
  await ok(
    await request.post(`/api/admin/tribunal/${disputeId}/appoint`, { headers: asAdmin, data: { arbitratorIds: ids } }),
    'appoint three',
  );
  for (const index of arbitrators.keys()) {
    const headers = { Authorization: `Bearer ${sessions[index]!.token}` };
    await ok(
      await request.post(`/api/dispute/${disputeId}/tribunal/respond`, {
        headers,
        data:
          index === 0
            ? {
                accept: true,
                statement: 'disclosed',
                disclosure: 'Toimin vuonna 2019 vastaajan asiamiehenä eri asiassa.',
              }
            : { accept: true, statement: 'none' },
      }),
      'accept',
    );
  }

  // The claimant challenges the chair with grounds.
  const party = await newPage(browser);
  await enter(party, claimant.userName, claimant.password);
  await party.goto(`/case-attachment/${disputeId}`);
  const card = party.getByRole('region', { name: 'Arbitration agreement and tribunal' });
  await card.getByRole('button', { name: 'Challenge OTT Maija Virtanen' }).click();
  const dialog = party.getByRole('dialog', { name: 'Challenge an arbitrator' });
  await dialog
    .getByLabel(/^Grounds/u)
    .fill('Puheenjohtaja on toiminut vastaajan asiamiehenä; tämä antaa aihetta epäillä puolueettomuutta.');
  await shot(party, 'constitution-challenge-desktop', { fullPage: false });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(card.getByText('Waiting for the appointing authority’s decision')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(party, 'constitution-card-desktop');
  await party.setViewportSize(PHONE);
  await card.getByRole('button', { name: 'Challenge VT Pekka Korhonen' }).click();
  await shot(party, 'constitution-challenge-phone', { fullPage: false });
  await party.getByRole('dialog', { name: 'Challenge an arbitrator' }).getByRole('button', { name: 'Cancel' }).click();

  // The appointing authority decides with reasons on the Appointments tab.
  const admin = await newPage(browser, PHONE);
  await enter(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: /Appointments/u }).click();
  const challenges = admin.getByTestId('challenges');
  await expect(challenges.getByText(/The claimant challenged OTT Maija Virtanen/u)).toBeVisible();
  await expect(challenges.getByText(/The arbitrator disclosed: Toimin vuonna 2019/u)).toBeVisible();
  await challenges
    .getByLabel(/^Reasons for the decision/u)
    .fill('Eri asiassa hoidettu toimeksianto ei anna perusteltua aihetta epäillä puolueettomuutta.');
  await shot(admin, 'constitution-admin-phone');
  await admin.setViewportSize({ width: 1280, height: 1000 });
  await shot(admin, 'constitution-admin-desktop');
  await challenges.getByRole('button', { name: 'Reject' }).click();
  await expect(admin.getByText('The decision was recorded and the parties were told.')).toBeVisible();
  await party.reload();
  await expect(card.getByText(/^Rejected on .*perusteltua aihetta/u)).toBeVisible();

  // The chair records the tribunal's decision on its jurisdiction.
  const judge = await newPage(browser, PHONE);
  await enter(judge, arbitrators[0]!.userName, arbitrators[0]!.password, await sessions[0]!.authenticator.code());
  await judge.goto(`/case-attachment/${disputeId}`);
  const footing = judge.getByRole('region', { name: 'Arbitration agreement and tribunal' });
  await expect(footing.getByText(/Sopimus\.pdf, page 2/u)).toBeVisible({ timeout: 30_000 });
  await footing
    .getByLabel('The tribunal’s decision on its jurisdiction')
    .fill('Sopimuksen välityslauseke ja palvelun välityssopimus ohjaavat riidan tähän menettelyyn.');
  await footing.getByRole('button', { name: 'Record the decision' }).click();
  await expect(footing.getByText(/^Decision recorded on /u)).toBeVisible();
  await shot(judge, 'constitution-jurisdiction-phone');
  await judge.setViewportSize({ width: 1280, height: 1000 });
  await shot(judge, 'constitution-jurisdiction-desktop');
});
