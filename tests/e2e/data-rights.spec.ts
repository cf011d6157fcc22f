import { expect, test } from './support/fixtures.js';
import { expectAccessible } from './support/axe.js';
import { registerConfirmedUser, shot, signInByApi, E2E_ADMIN_ACCOUNT } from './support/test-host.js';

/**
 * The account's "Your data" tab (docs/data-subject-rights.md): a copy of one's data prepared and downloaded as
 * a ZIP, then the account closed through the re-authentication dialog, landing on the confirmation that says
 * what is kept and why; the account no longer signs in. Desktop and phone, axe on the page, the dialog and the
 * confirmation.
 */
for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`download my data and close my account (${viewport.name})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await (await browser.newContext({ viewport })).newPage();
    const account = await registerConfirmedUser(page.request, `omat-${viewport.name}`);
    await signInByApi(page, account);
    await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });

    await page.goto('/my-data');
    await expect(page.getByRole('tab', { name: 'Your data', selected: true })).toBeVisible();
    const copy = page.getByRole('region', { name: 'A copy of your data' });
    await copy.getByRole('button', { name: 'Prepare a copy' }).click();
    const download = copy.getByRole('button', { name: 'Download ZIP' });
    await expect(download).toBeVisible({ timeout: 30_000 });
    await expect(copy.getByText(/Your copy is ready/)).toBeVisible();
    await shot(page, `my-data-${viewport.name}`);
    await expectAccessible(page, `my data ${viewport.name}`);
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe('Ratkaisu-data.zip');
    const bytes = await (await file.createReadStream()).toArray();
    expect(Buffer.concat(bytes).subarray(0, 2).toString('latin1')).toBe('PK');

    await page.getByRole('button', { name: 'Close my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close your account' });
    await dialog.getByRole('button', { name: 'Close account' }).click();
    await expect(dialog.getByText('Enter your password.')).toBeVisible();
    await expect(dialog.getByText('Tick the box to confirm.')).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'I understand that my account is closed for good' }).check();
    // A wrong password is refused in the screen's words, and the dialog stays usable.
    await dialog.getByLabel(/^Password/).fill('not my password');
    await dialog.getByRole('button', { name: 'Close account' }).click();
    await expect(dialog.getByText('The password or the authenticator code is not correct.')).toBeVisible();
    await dialog.getByLabel(/^Password/).fill(account.password);
    await shot(page, `close-account-dialog-${viewport.name}`, { fullPage: false });
    await expectAccessible(page, `close account dialog ${viewport.name}`);
    await dialog.getByRole('button', { name: 'Close account' }).click();

    await expect(page).toHaveURL(/\/account-closed$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Your account is closed' })).toBeVisible();
    await expect(page.getByTestId('kept-on-closure').getByRole('listitem')).toHaveCount(4);
    await expect(page.getByText(/The audit log: its entries stay/)).toBeVisible();
    await shot(page, `account-closed-${viewport.name}`);
    await expectAccessible(page, `account closed ${viewport.name}`);
    const again = await page.request.post('/user/login', {
      data: { username: account.userName, password: account.password },
    });
    expect(again.status()).toBe(401);
  });
}

/**
 * The admin panel's Users tab: a super-administrator's copy of a user's data for a data-subject request
 * (docs/data-subject-rights.md) — the reason asked, the job followed, the ZIP downloaded. Desktop in English,
 * phone in Finnish, axe on the dialog.
 */
const ADMIN_COPY = {
  en: {
    tab: /Users/,
    button: 'Copy of data',
    title: 'Copy of the data of',
    reason: /Reason/,
    start: 'Prepare the copy',
    download: 'Download ZIP',
    ready: /The copy is ready/,
  },
  fi: {
    tab: /Käyttäjät/,
    button: 'Kopio tiedoista',
    title: 'Kopio käyttäjän',
    reason: /Peruste/,
    start: 'Valmistele kopio',
    download: 'Lataa ZIP',
    ready: /Kopio on valmis/,
  },
} as const;

for (const { name, width, height, language } of [
  { name: 'desktop', width: 1280, height: 800, language: 'en' },
  { name: 'phone', width: 390, height: 844, language: 'fi' },
] as const) {
  test(`a super-administrator makes a copy of a user's data (${name}, ${language})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const words = ADMIN_COPY[language];
    const page = await (await browser.newContext({ viewport: { width, height } })).newPage();
    const subject = await registerConfirmedUser(page.request, `kopio-${name}`);
    await signInByApi(page, E2E_ADMIN_ACCOUNT);
    await expect(page).toHaveURL(/\/(terms-of-service)?$/, { timeout: 15_000 });
    await page.addInitScript((lang) => window.localStorage.setItem('ratkaisu.language', lang), language);
    await page.goto('/admin');
    await page.getByRole('tab', { name: words.tab }).click();
    await page.getByRole('searchbox').fill(subject.email);
    await page.getByRole('button', { name: `${words.button} ${subject.userName}` }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^${words.title}`) });
    await dialog.getByRole('textbox', { name: words.reason }).fill('Rekisteröidyn pyyntö sähköpostilla 1.3.2027');
    await dialog.getByRole('button', { name: words.start }).click();
    const download = dialog.getByRole('button', { name: words.download });
    await expect(download).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByText(words.ready)).toBeVisible();
    await shot(page, `admin-copy-of-data-${name}-${language}`, { fullPage: false });
    await expectAccessible(page, `admin copy of data ${name}`);
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe(`Ratkaisu-data-${subject.userName}.zip`);
    const bytes = await (await file.createReadStream()).toArray();
    expect(Buffer.concat(bytes).subarray(0, 2).toString('latin1')).toBe('PK');
  });
}
