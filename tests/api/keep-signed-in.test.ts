import { describe, expect, it } from 'vitest';
import { MovableClock } from '../support/movable-clock.js';
import type { UserDocument } from '../../functions/src/records/user-document.js';
import { apiClient, json, uniqueEmail } from './support/api-client.js';
import { accountSteps } from './support/accounts.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * "Keep me signed in": a remembered session's refresh token lives in an
 * httpOnly, SameSite=Strict cookie scoped to POST /user/refresh-session, which
 * hands a tab a short-lived bearer token. The session is checked on every
 * refresh, so ending it (Sessions screen, sign-out) stops the device at once.
 */

const NOT_REMEMBERED = 'You are not signed in on this device. Please sign in.';
const CROSS_SITE = 'This request must come from the Ratkaisu app itself.';
const PASSWORD = 'Kuusi-puuta-9';

const clock = new MovableClock();
const host = useTestHost({ ADMIN_EMAIL: 'root@example.fi', ADMIN_PASSWORD: 'root password 1' }, { clock });

const api = apiClient(() => host, clock);
const APP = { 'x-requested-with': 'XMLHttpRequest' };

const steps = accountSteps(api);

/** A registered, confirmed account (registered without the terms, as the sign-up form posts it). */
async function account(): Promise<{ userName: string }> {
  const userName = `muistaja${Date.now()}${Math.round(Math.random() * 1e6)}`;
  await steps.registerAndConfirm({ username: userName, email: uniqueEmail('remember'), password: PASSWORD }, {});
  return { userName };
}

function login(userName: string, remember?: boolean) {
  return steps.signIn(userName, PASSWORD, remember === undefined ? {} : { remember });
}

/** The cookie pair `name=value` a Set-Cookie header sets. */
function cookiePair(setCookie: string | null): string {
  expect(setCookie).toBeTruthy();
  return setCookie!.split(';')[0]!;
}

function refresh(cookie: string | undefined, headers: Record<string, string> = APP) {
  return api.call('POST', '/user/refresh-session', undefined, undefined, {
    ...headers,
    ...(cookie ? { cookie } : {}),
  });
}

async function errorOf(response: Response): Promise<{ status: number; message: string }> {
  return { status: response.status, message: ((await response.json()) as { message: string }).message };
}

describe('sign-in without "Keep me signed in"', () => {
  it('sets no cookie, and the refresh route refuses', async () => {
    const { userName } = await account();
    const plain = await login(userName);
    expect(plain.setCookie).toBeNull();
    expect(plain.remembered).toBe(false);
    const refused = await refresh(undefined);
    expect(await errorOf(refused)).toEqual({ status: 401, message: NOT_REMEMBERED });
  });
});

describe('sign-in with "Keep me signed in"', () => {
  it('stores the refresh token only in an httpOnly, SameSite=Strict cookie scoped to the refresh route', async () => {
    const { userName } = await account();
    const signedIn = await login(userName, true);
    expect(signedIn.remembered).toBe(true);
    // The sign-in's own token is short-lived as well: the cookie is the only long-lived credential.
    expect(
      Date.parse((signedIn as unknown as { expiresAt: string }).expiresAt) - clock.now().getTime(),
    ).toBeLessThanOrEqual(15 * 60_000);
    const header = signedIn.setCookie!;
    expect(header).toMatch(/^ratkaisu_refresh=[^;]{20,};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Path=/user/refresh-session');
    expect(header).toMatch(/Max-Age=\d{7}/);
    // Not in the body: script never sees it.
    const { setCookie: _header, ...body } = signedIn;
    expect(JSON.stringify(body)).not.toContain(cookiePair(header).split('=')[1]!.split('.')[1]);

    const sessions = await json<{ data: { sessions: { id: string; persistent: boolean }[] } }>(
      await api.get('/user/get-sessions', signedIn.token),
      200,
    );
    expect(sessions.data.sessions.find((s) => s.id === signedIn.user.sessionId)?.persistent).toBe(true);
  });

  it('gives a new tab a short-lived bearer token and rotates the cookie on use', async () => {
    const { userName } = await account();
    const signedIn = await login(userName, true);
    const first = cookiePair(signedIn.setCookie);

    const refreshed = await refresh(first);
    const tab = await json<{ token: string; expiresAt: string; user: { userName: string; sessionId: string } }>(
      refreshed,
      200,
    );
    expect(tab.user).toMatchObject({ userName, sessionId: signedIn.user.sessionId });
    expect(tab.token).not.toBe(signedIn.token);
    expect(Date.parse(tab.expiresAt) - clock.now().getTime()).toBeLessThanOrEqual(15 * 60_000);
    const second = cookiePair(refreshed.headers.get('set-cookie'));
    expect(second).not.toBe(first);
    await json(await api.get('/user/check-auth', tab.token), 200);

    // The replaced cookie still works for a moment (a second tab loading at once), without rotating again.
    const concurrent = await refresh(first);
    expect(concurrent.status).toBe(200);
    expect(concurrent.headers.get('set-cookie')).toBeNull();
    // After that grace it is refused, and the answer removes it.
    clock.advance(2 * 60_000);
    const stale = await refresh(first);
    expect(await errorOf(stale.clone())).toEqual({ status: 401, message: NOT_REMEMBERED });
    expect(stale.headers.get('set-cookie')).toMatch(/^ratkaisu_refresh=;.*Max-Age=0/);
    // The current one goes on working (and is replaced in turn).
    const stillGood = await refresh(second);
    expect(stillGood.status).toBe(200);
    const third = cookiePair(stillGood.headers.get('set-cookie'));

    // The tab's token and the sign-in's own token are short-lived; the cookie goes on working.
    clock.advance(16 * 60_000);
    expect((await api.get('/user/check-auth', tab.token)).status).toBe(401);
    expect((await api.get('/user/check-auth', signedIn.token)).status).toBe(401);
    const later = await refresh(third);
    expect(later.status).toBe(200);
    expect(cookiePair(later.headers.get('set-cookie'))).toMatch(/^ratkaisu_refresh=[^;]{20,}$/);
  });

  it('refuses a refresh without the app header or from another origin (CSRF)', async () => {
    const { userName } = await account();
    const cookie = cookiePair((await login(userName, true)).setCookie);
    expect(await errorOf(await refresh(cookie, {}))).toEqual({ status: 403, message: CROSS_SITE });
    expect(await errorOf(await refresh(cookie, { ...APP, origin: 'https://evil.example' }))).toEqual({
      status: 403,
      message: CROSS_SITE,
    });
    expect((await refresh(cookie, { ...APP, origin: new URL(host.deps.config.publicUrl).origin })).status).toBe(200);
  });

  it('is refused once the session is ended on the Sessions screen of another device', async () => {
    const { userName } = await account();
    const remembered = await login(userName, true);
    const cookie = cookiePair(remembered.setCookie);
    const other = await login(userName);
    await json(await api.post('/user/logout', { id: remembered.user.sessionId }, other.token), 200);
    const refused = await refresh(cookie);
    expect(await errorOf(refused.clone())).toEqual({ status: 401, message: NOT_REMEMBERED });
    expect(refused.headers.get('set-cookie')).toMatch(/Max-Age=0/);
  });

  it('is refused after signing out, and signing out removes the cookie', async () => {
    const { userName } = await account();
    const remembered = await login(userName, true);
    const cookie = cookiePair(remembered.setCookie);
    const tab = await json<{ token: string }>(await refresh(cookie), 200);
    const out = await api.post('/user/logout', { id: remembered.user.sessionId }, tab.token);
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^ratkaisu_refresh=;.*Max-Age=0/);
    expect((await refresh(cookie)).status).toBe(401);
    expect((await api.get('/user/check-auth', tab.token)).status).toBe(401);
  });

  it('is refused once the account is deactivated', async () => {
    const { userName } = await account();
    const remembered = await login(userName, true);
    const cookie = cookiePair(remembered.setCookie);
    const users = host.deps.store.collection<UserDocument>('users');
    const stored = await users.read(remembered.user.id, remembered.user.id);
    const { _etag, ...doc } = stored!;
    await users.replace({ ...doc, isActive: false }, { ifMatch: _etag });
    expect(await errorOf(await refresh(cookie))).toEqual({ status: 401, message: NOT_REMEMBERED });
  });

  it('is refused after "end all sessions"', async () => {
    const { userName } = await account();
    const remembered = await login(userName, true);
    const cookie = cookiePair(remembered.setCookie);
    await json(await api.post('/user/end-all-sessions', undefined, remembered.token), 200);
    expect((await refresh(cookie)).status).toBe(401);
  });
});
