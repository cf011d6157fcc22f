import { expect, test } from './support/fixtures.js';
import { registerConfirmedUser, shot, signIn, signInByApi } from './support/test-host.js';

/** A user who accepted the terms at registration declines them later, is signed out, and is asked again. */
test('a user who accepted the terms can decline them later and is asked again at the next sign-in', async ({
  page,
}) => {
  const user = await registerConfirmedUser(page.request, 'ehdot');
  await signInByApi(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.goto('/terms-of-service');
  const decision = page.getByTestId('terms-decision');
  await expect(decision).toContainText('You accepted the Terms of Service effective 15.1.2025 on');
  await expect(decision).toContainText('you are asked again at your next login');
  await expect(decision.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await decision.scrollIntoViewIfNeeded();
  await shot(page, 'terms-accepted', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await decision.scrollIntoViewIfNeeded();
  await shot(page, 'terms-accepted-phone', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 720 });

  await decision.getByRole('button', { name: 'Decline' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, user.userName, user.password);
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await expect(page.getByTestId('terms-decision')).toContainText('You have declined the Terms of Service');
});
