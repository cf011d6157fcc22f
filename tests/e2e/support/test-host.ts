import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/** The first super-administrator of the test host (its terms are still undecided). */
export const E2E_ADMIN = { email: 'admin@ratkaisu.test', password: 'e2e-admin-password' };

/** The test host's data directory, set by playwright.config.ts in the runner and inherited by workers. */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: these tests need the local host started by playwright.config.ts');
  return dir;
}

/** Decodes a quoted-printable body (RFC 2045): soft line breaks and =XX escapes. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The newest mail in the outbox addressed to `to` (and containing `containing`, when given), decoded, or undefined. */
export function latestMailTo(to: string, containing?: string): string | undefined {
  const outbox = join(dataDir(), 'outbox');
  const files = readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse();
  for (const name of files) {
    const raw = readFileSync(join(outbox, name), 'utf8');
    if (!new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(raw)) continue;
    const decoded = decodeQuotedPrintable(raw);
    if (!containing || decoded.includes(containing)) return decoded;
  }
  return undefined;
}

/** With E2E_SCREENSHOT_DIR set, saves a full-page screenshot there (for looking at screens). */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`), fullPage: options.fullPage ?? true });
}

/** Signs in through the sign-in screen, with a two-factor code when given. */
export async function signIn(page: Page, username: string, password: string, tfaCode?: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username or email' }).fill(username);
  await page.getByLabel(/^Password/).fill(password);
  if (tfaCode) {
    await page.getByRole('button', { name: 'I have a two-factor code' }).click();
    await page.getByRole('textbox', { name: 'Two-factor code' }).fill(tfaCode);
  }
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Registers a local account through the API and confirms it through the link in the outbox. */
export async function registerConfirmedUser(
  request: APIRequestContext,
  name: string,
): Promise<{ userName: string; email: string; password: string }> {
  const suffix = Date.now().toString(36);
  const account = { userName: `${name}${suffix}`, email: `${name}.${suffix}@example.fi`, password: 'Kuusi-puuta-9' };
  // As the register screen sends it: with a full name (awards and the new-case form ask for one otherwise).
  const fullName = `${name.charAt(0).toUpperCase()}${name.slice(1)} Testinen`;
  const registered = await request.post('/user/register', {
    data: { username: account.userName, email: account.email, password: account.password, fullName, agreedTerms: true },
  });
  if (!registered.ok()) throw new Error(`register failed: ${registered.status()} ${await registered.text()}`);
  const link = /\/confirm-email\?[^\s"<>]+/.exec(latestMailTo(account.email) ?? '')?.[0];
  if (!link) throw new Error('no confirmation link in the outbox');
  const query = new URLSearchParams(link.replace(/&amp;/g, '&').split('?')[1]);
  const confirmed = await request.post('/user/confirm-email', {
    data: { userId: query.get('userId'), token: query.get('token') },
  });
  if (!confirmed.ok()) throw new Error(`confirm failed: ${confirmed.status()} ${await confirmed.text()}`);
  return account;
}

/**
 * The test host accepts second-factor codes this many 30-second steps either side of its clock
 * (`TOTP_WINDOW_STEPS`, test runs only): a test takes a fresh code for each use without waiting for real time.
 */
export const E2E_TOTP_WINDOW_STEPS = 20;

/**
 * Turns two-factor sign-in on for an account through the API (an arbitrator needs a second factor to be
 * appointed) and returns its authenticator: `code()` gives a code the server has not seen used — each code
 * is accepted once and never one of a step before the last used — the next step after the last used one, as
 * long as that is within the host's window (`E2E_TOTP_WINDOW_STEPS`); past it, it waits for the clock.
 */
export async function enableSecondFactor(
  request: APIRequestContext,
  token: string,
): Promise<{ code: () => Promise<string> }> {
  const headers = { Authorization: `Bearer ${token}` };
  const key = await request.get('/user/get-tfa-key', { headers });
  if (!key.ok()) throw new Error(`get-tfa-key failed: ${key.status()} ${await key.text()}`);
  const { tfaKey } = (await key.json()) as { tfaKey: string };
  const totp = new TOTP({ secret: Secret.fromBase32(tfaKey), algorithm: 'SHA1', digits: 6, period: 30 });
  const stepOf = (ms: number) => Math.floor(ms / 30_000);
  // One step of margin for the host's clock and ours disagreeing at a step's edge.
  const reach = E2E_TOTP_WINDOW_STEPS - 1;
  let lastUsed = stepOf(Date.now()) - 2;
  const code = async () => {
    let now = Date.now();
    while (lastUsed + 1 > stepOf(now) + reach) {
      await new Promise((resolve) => setTimeout(resolve, (stepOf(now) + 1) * 30_000 - now + 50));
      now = Date.now();
    }
    lastUsed = Math.max(stepOf(now) - 1, lastUsed + 1);
    return totp.generate({ timestamp: lastUsed * 30_000 });
  };
  const toggled = await request.post('/user/toggle-tfa', { headers, data: { tfaCode: await code() } });
  if (!toggled.ok()) throw new Error(`toggle-tfa failed: ${toggled.status()} ${await toggled.text()}`);
  return { code };
}
