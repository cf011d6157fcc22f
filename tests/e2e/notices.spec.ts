import { expect, test } from './support/fixtures.js';
import { expectAccessible } from './support/axe.js';
import { bearer, caseInResolution, ok } from './support/case-api.js';
import { registerConfirmedUser, shot, signInByApi } from './support/test-host.js';

/**
 * Notices: the respondent requests an arbitrator; the claimant's account button and menu show one
 * unread notice, the notices page lists it, and opening it lands on the case's tribunal place; the open case marks
 * its notices read.
 * Desktop and phone, with axe on the notices page.
 */
for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`the notices in the account menu (${viewport.name})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await (await browser.newContext({ viewport })).newPage();
    const claimant = await registerConfirmedUser(page.request, `ilm-kantaja-${viewport.name}`);
    const respondent = await registerConfirmedUser(page.request, `ilm-vastaaja-${viewport.name}`);
    const id = await caseInResolution(page.request, claimant, respondent, `Ilmoitukset ${viewport.name}`);
    await ok(
      await page.request.post(`/api/dispute/${id}/tribunal/request`, {
        headers: await bearer(page.request, respondent),
        data: { size: 1 },
      }),
      'request a tribunal',
    );

    await signInByApi(page, claimant);
    // Unread by now: the Resolution phase's notice and the request's (the count says how many).
    const account = page.getByRole('button', { name: /Account menu for .* \d+ unread notices?/ });
    await expect(account).toBeVisible({ timeout: 15_000 });
    const unread = Number(/(\d+) unread/.exec((await account.getAttribute('aria-label')) ?? '')?.[1]);
    expect(unread).toBeGreaterThanOrEqual(1);
    await account.click();
    await expect(page.getByRole('menuitem', { name: `Notices (${unread} unread)` })).toBeVisible();
    await shot(page, `notices-menu-${viewport.name}`, { fullPage: false });
    await page.getByRole('menuitem', { name: `Notices (${unread} unread)` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Notices' })).toBeVisible();
    const notice = page.getByTestId('notice').filter({ hasText: 'The respondent asked for an arbitrator.' });
    await expect(notice).toHaveCount(1);
    await expect(notice).toHaveAttribute('data-unread', 'true');
    await shot(page, `notices-list-${viewport.name}`);
    await expectAccessible(page, `notices ${viewport.name}`);

    await notice.getByRole('link', { name: /^Open:/ }).click();
    await expect(page).toHaveURL(new RegExp(`/case-attachment/${id}#tribunal$`));
    // Opened: the case is open, so every notice about it is read (the request's and the phase's alike).
    await expect(page.getByRole('button', { name: /Account menu for .* unread notice/ })).toHaveCount(0, {
      timeout: 15_000,
    });
  });
}
