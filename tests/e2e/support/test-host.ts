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

/** What a test asks of an account it starts from, beyond its name (the seeding route's account fields). */
export interface AccountOptions {
  /** The arbitrator attribute an administrator grants. */
  arbitrator?: { name: string; title: string };
  /** Two-factor sign-in on; the account then carries its TOTP secret. */
  secondFactor?: boolean;
}

/** An account a spec starts from: what it signs in with, and where the seeding route made it, its id and session. */
export interface TestAccount {
  userName: string;
  email: string;
  password: string;
  id?: string;
  /** A signed-in session's bearer token (seeded accounts). */
  token?: string;
  /** The base32 TOTP secret of an account with two-factor sign-in on. */
  tfaSecret?: string;
}

/**
 * A confirmed local account with a full name, as the register screen makes one. Written by the host's
 * scenario builder (`POST /api/test/seed`, TEST_SEEDING) with a signed-in session; a host without that route
 * (E2E_BASE_URL) registers it through the API and confirms it through the link in the outbox instead.
 * Registration itself is walked through the screens by identity-flow.spec.ts and invitation-and-return.spec.ts.
 */
export async function registerConfirmedUser(
  request: APIRequestContext,
  name: string,
  options: AccountOptions = {},
): Promise<TestAccount> {
  const seeded = await request.post('/api/test/seed', {
    data: { scenario: 'accounts', accounts: [{ name, ...options }] },
  });
  if (seeded.ok()) return ((await seeded.json()) as { accounts: TestAccount[] }).accounts[0]!;
  if (seeded.status() !== 404) throw new Error(`seeding failed: ${seeded.status()} ${await seeded.text()}`);
  if (options.arbitrator || options.secondFactor) throw new Error('an arbitrator account needs the seeding route');
  return registerThroughApi(request, name);
}

/** Registers a local account through the API and confirms it through the link in the outbox. */
async function registerThroughApi(request: APIRequestContext, name: string): Promise<TestAccount> {
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
 * Signs `page` in without the sign-in screen (identity-flow.spec.ts and app.spec.ts test that screen): the
 * account's seeded session, or a sign-in through the API (with the second factor's code when given), put where
 * the SPA keeps its token (session storage, web/src/stores/token-storage.ts) before the page's scripts run, then
 * the page opened at `path` (the dashboard unless given). Only the first load after this call takes the token,
 * so a later sign-out on the page stays signed out.
 */
export async function signInByApi(
  page: Page,
  account: { userName: string; password: string; token?: string },
  options: { code?: string; path?: string } = {},
): Promise<void> {
  let token = options.code === undefined ? account.token : undefined;
  if (!token) {
    const response = await page.request.post('/user/login', {
      data: {
        username: account.userName,
        password: account.password,
        ...(options.code ? { tfaCode: options.code } : {}),
      },
    });
    if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
    token = ((await response.json()) as { token: string }).token;
  }
  const mark = `e2e.signedIn.${Math.random().toString(36).slice(2)}`;
  await page.addInitScript(
    ({ key, value, mark }) => {
      if (window !== window.top || window.sessionStorage.getItem(mark)) return;
      window.sessionStorage.setItem(mark, '1');
      window.sessionStorage.setItem(key, value);
    },
    { key: 'ratkaisu.token', value: token, mark },
  );
  await page.goto(options.path ?? '/');
  // Signed in once the shell shows the account menu, and loaded once the route's own code has arrived (its
  // spinner gone): a busy machine takes longer than an expectation's 15 s to load the whole app at once.
  await page.getByRole('button', { name: /^Account menu for/ }).waitFor({ timeout: 60_000 });
  await page.getByRole('progressbar', { name: 'Loading page' }).waitFor({ state: 'detached', timeout: 60_000 });
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
  const authenticator = authenticatorFor(tfaKey, -2);
  const toggled = await request.post('/user/toggle-tfa', { headers, data: { tfaCode: await authenticator.code() } });
  if (!toggled.ok()) throw new Error(`toggle-tfa failed: ${toggled.status()} ${await toggled.text()}`);
  return authenticator;
}

/**
 * An authenticator app for a base32 secret: `code()` gives a code the server has not seen used — each code is
 * accepted once and never one of a step before the last used — the next step after the last used one, as long
 * as that is within the host's window (`E2E_TOTP_WINDOW_STEPS`); past it, it waits for the clock. `fromStep`
 * is where the first code is taken, relative to now (a seeded account has used none).
 */
export function authenticatorFor(secret: string, fromStep = -2): { code: () => Promise<string> } {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  const stepOf = (ms: number) => Math.floor(ms / 30_000);
  // One step of margin for the host's clock and ours disagreeing at a step's edge.
  const reach = E2E_TOTP_WINDOW_STEPS - 1;
  let lastUsed = stepOf(Date.now()) + fromStep;
  const code = async () => {
    let now = Date.now();
    while (lastUsed + 1 > stepOf(now) + reach) {
      await new Promise((resolve) => setTimeout(resolve, (stepOf(now) + 1) * 30_000 - now + 50));
      now = Date.now();
    }
    lastUsed = Math.max(stepOf(now) - 1, lastUsed + 1);
    return totp.generate({ timestamp: lastUsed * 30_000 });
  };
  return { code };
}

/** The first super-administrator as `signInByApi` takes an account. */
export const E2E_ADMIN_ACCOUNT = { userName: E2E_ADMIN.email, password: E2E_ADMIN.password };
