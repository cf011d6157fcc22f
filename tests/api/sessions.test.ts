import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../functions/src/ports/clock.js';
import { hashPassword } from '../../functions/src/services/accounts/hash-password.js';
import { encryptSecret } from '../../functions/src/services/accounts/secret-box.js';
import { tfaEncryptionKey } from '../../functions/src/services/accounts/tfa-encryption-key.js';
import { newTotpSecret, totpFor } from '../../functions/src/services/accounts/two-factor-totp.js';
import { AGREED_TERMS, type UserDocument } from '../../functions/src/records/user-document.js';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import type { TenantDocument } from '../../functions/src/records/tenant-document.js';
import { apiClient } from './support/api-client.js';
import type { TestHost } from './support/start-host.js';
import { useTestHost } from './support/use-test-host.js';
import { seedTenant } from './support/seed-tenant.js';

const ADMIN_EMAIL = 'root@example.fi';
const ADMIN_PASSWORD = 'correct horse battery';
const WRONG_CREDENTIALS = {
  code: 'unauthorized',
  reason: 'accounts.wrongCredentials',
  params: {},
  message: 'The username or password is incorrect.',
};
const SESSION_ENDED = {
  code: 'unauthorized',
  reason: 'accounts.sessionEnded',
  params: {},
  message: 'Your session has ended. Please sign in again.',
};
const TOO_MANY = 'Too many sign-in attempts. Please wait a moment and try again.';
const TOKEN_SHAPE = /^([0-9a-f-]{36})\.[A-Za-z0-9_-]{43}$/;

/** A clock the tests move by hand; the host's store, sessions and throttle all read it. */
function movableClock(): Clock & { advance(ms: number): void } {
  let now = Date.parse('2025-03-01T08:00:00.000Z');
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

const MINUTE = 60_000;

function post(host: TestHost, path: string, body: unknown, token?: string, extraHeaders: Record<string, string> = {}) {
  return apiClient(() => host).post(path, body, token, extraHeaders);
}

function get(host: TestHost, path: string, token?: string) {
  return apiClient(() => host).get(path, token);
}

async function login(host: TestHost, username = ADMIN_EMAIL, password = ADMIN_PASSWORD, device = 'vitest') {
  const response = await post(host, '/user/login', { username, password }, undefined, { 'user-agent': device });
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
  return (await response.json()) as { token: string; user: { id: string; sessionId: string } };
}

/** Puts a user (and, when asked, its own tenant) straight into the store. */
async function createUser(
  host: TestHost,
  overrides: Partial<UserDocument> & { userName: string },
  tenant?: Partial<TenantDocument>,
): Promise<UserDocument> {
  const tenantId = tenant ? await seedTenant(host, { name: 'Other Oy', domain: 'other.fi', ...tenant }) : 'default';
  const id = randomUUID();
  const email = overrides.email ?? `${overrides.userName}@example.fi`;
  const user: UserDocument = {
    id,
    pk: id,
    tenantId,
    userNameKey: overrides.userName.toLowerCase(),
    email,
    emailKey: email.toLowerCase(),
    emailConfirmed: true,
    passwordHash: await hashPassword('user password 1', host.deps.config.accounts.passwordHashCost),
    roles: ['User'],
    isActive: true,
    dateJoined: host.deps.clock.now().toISOString(),
    tfaEnabled: false,
    agreedTermsOfService: AGREED_TERMS.Undefined,
    ...overrides,
  };
  await host.deps.store.collection<UserDocument>('users').create(user);
  return user;
}

async function auditEntries(host: TestHost): Promise<AuditDocument[]> {
  const page = await host.deps.store.collection<AuditDocument>('audit').query({ limit: 1000 });
  return page.items;
}

describe('local sign-in and sessions', () => {
  const clock = movableClock();
  const host = useTestHost({ ADMIN_EMAIL, ADMIN_PASSWORD }, { clock, runWorkers: false });

  it('signs in with the name or email in any case and answers a token and the current user', async () => {
    const response = await post(host, '/user/login', { username: ADMIN_EMAIL.toUpperCase(), password: ADMIN_PASSWORD });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.token).toMatch(TOKEN_SHAPE);
    expect(body.user).toEqual({
      id: expect.any(String),
      userName: ADMIN_EMAIL,
      dateJoined: expect.any(String),
      email: ADMIN_EMAIL,
      emailConfirmed: true,
      tfaEnabled: false,
      sessionId: TOKEN_SHAPE.exec(body.token)![1],
      agreedTermsOfService: 0,
    });

    const me = await get(host, '/user/check-auth', body.token);
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual(body.user);

    const stored = await host.deps.store.collection<UserDocument>('users').read(body.user.id, body.user.id);
    expect(stored?.lastActivity).toBe(clock.now().toISOString());
  });

  it('refuses check-auth without a token, with a garbled one, and with a forged secret', async () => {
    const { token } = await login(host);
    expect((await get(host, '/user/check-auth')).status).toBe(401);
    const garbled = await get(host, '/user/check-auth', 'not-a-token');
    expect(garbled.status).toBe(401);
    expect(await garbled.json()).toEqual(SESSION_ENDED);
    const forged = token.slice(0, token.indexOf('.') + 1) + 'A'.repeat(43);
    expect((await get(host, '/user/check-auth', forged)).status).toBe(401);
  });

  it('answers a wrong password and an unknown name alike', async () => {
    const wrong = await post(host, '/user/login', { username: ADMIN_EMAIL, password: 'not the password' });
    const unknown = await post(host, '/user/login', { username: 'nobody-here', password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(WRONG_CREDENTIALS);
    expect(await unknown.json()).toEqual(WRONG_CREDENTIALS);
  });

  it('refuses an unconfirmed email with a clear message, but only to someone who knows the password', async () => {
    await createUser(host, { userName: 'unconfirmed', emailConfirmed: false });
    const right = await post(host, '/user/login', { username: 'unconfirmed', password: 'user password 1' });
    expect(right.status).toBe(403);
    expect((await right.json()).message).toBe(
      'Please confirm your email address before signing in. Check your inbox for the confirmation link.',
    );
    const wrong = await post(host, '/user/login', { username: 'unconfirmed', password: 'guess guess' });
    expect(await wrong.json()).toEqual(WRONG_CREDENTIALS);
  });

  it('refuses an inactive user and a user of an inactive tenant', async () => {
    await createUser(host, { userName: 'sleeper', isActive: false });
    await createUser(host, { userName: 'orphan' }, { isActive: false });
    for (const username of ['sleeper', 'orphan']) {
      const response = await post(host, '/user/login', { username, password: 'user password 1' });
      expect(response.status).toBe(403);
      expect((await response.json()).message).toBe(
        'This account is not active. Please contact support for assistance.',
      );
    }
  });

  it('ends a session at once when its tenant is deactivated', async () => {
    const user = await createUser(host, { userName: 'tenanted' }, { isActive: true });
    const { token } = await login(host, 'tenanted', 'user password 1');
    const tenants = host.deps.store.collection<TenantDocument>('tenants');
    const { _etag, ...tenant } = (await tenants.read(user.tenantId, user.tenantId))!;
    await tenants.replace({ ...tenant, isActive: false }, { ifMatch: _etag });
    expect(await (await get(host, '/user/check-auth', token)).json()).toEqual(SESSION_ENDED);
  });

  it('asks for the two-factor code when two-factor is on, and accepts a right one once', async () => {
    const secret = newTotpSecret();
    const key = await tfaEncryptionKey(host.deps.config);
    await createUser(host, { userName: 'guarded', tfaEnabled: true, tfaSecretEncrypted: encryptSecret(key, secret) });
    const code = totpFor(secret, 'guarded@example.fi').generate({ timestamp: clock.now().getTime() });

    const missing = await post(host, '/user/login', { username: 'guarded', password: 'user password 1' });
    expect(missing.status).toBe(401);
    expect((await missing.json()).fields).toEqual({ tfaCode: 'Enter the six-digit code from your authenticator app.' });

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await post(host, '/user/login', {
      username: 'guarded',
      password: 'user password 1',
      tfaCode: wrongCode,
    });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toBe('The two-factor code is incorrect or has already been used.');

    const right = await post(host, '/user/login', { username: 'guarded', password: 'user password 1', tfaCode: code });
    expect(right.status).toBe(200);
    expect((await right.json()).user.tfaEnabled).toBe(true);
    const replay = await post(host, '/user/login', { username: 'guarded', password: 'user password 1', tfaCode: code });
    expect(replay.status).toBe(401);
  });

  it('lists the live sessions newest first with the current one marked and loopback as local', async () => {
    const user = await createUser(host, { userName: 'lister' });
    const first = await login(host, 'lister', 'user password 1', 'Firefox on Linux');
    clock.advance(1000);
    const second = await login(host, 'lister', 'user password 1', 'Safari on iPhone');

    const response = await get(host, '/user/get-sessions', first.token);
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data.sessions).toEqual([
      {
        id: second.user.sessionId,
        date: expect.any(String),
        ipAddress: '127.0.0.1',
        device: 'Safari on iPhone',
        country: 'local',
        current: false,
        persistent: false,
        expiresAt: expect.any(String),
      },
      {
        id: first.user.sessionId,
        date: expect.any(String),
        ipAddress: '127.0.0.1',
        device: 'Firefox on Linux',
        country: 'local',
        current: true,
        persistent: false,
        expiresAt: expect.any(String),
      },
    ]);
    expect(Date.parse(data.sessions[0].date)).toBeGreaterThan(Date.parse(data.sessions[1].date));
    expect(user.id).toBe(first.user.id);
  });

  it('ends another session at once, refuses foreign and unknown ids, and signs out with the current id', async () => {
    await createUser(host, { userName: 'ender' });
    const mine = await login(host, 'ender', 'user password 1');
    const other = await login(host, 'ender', 'user password 1');
    const stranger = await login(host);

    const ended = await post(host, '/user/logout', { id: other.user.sessionId }, mine.token);
    expect(ended.status).toBe(200);
    expect(await (await get(host, '/user/check-auth', other.token)).json()).toEqual(SESSION_ENDED);
    const list = await (await get(host, '/user/get-sessions', mine.token)).json();
    expect(list.data.sessions.map((s: { id: string }) => s.id)).toEqual([mine.user.sessionId]);

    const foreign = await post(host, '/user/logout', { id: stranger.user.sessionId }, mine.token);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).message).toBe('This session was not found. It may have ended already.');
    expect((await get(host, '/user/check-auth', stranger.token)).status).toBe(200);
    expect((await post(host, '/user/logout', { id: randomUUID() }, mine.token)).status).toBe(404);

    const signOut = await post(host, '/user/logout', { id: mine.user.sessionId }, mine.token);
    expect(signOut.status).toBe(200);
    expect((await get(host, '/user/check-auth', mine.token)).status).toBe(401);
  });

  it('ends all sessions of the caller and no one else', async () => {
    await createUser(host, { userName: 'allender' });
    const a = await login(host, 'allender', 'user password 1');
    const b = await login(host, 'allender', 'user password 1');
    const bystander = await login(host);
    const response = await post(host, '/user/end-all-sessions', {}, a.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ended: 2 });
    expect((await get(host, '/user/check-auth', a.token)).status).toBe(401);
    expect((await get(host, '/user/check-auth', b.token)).status).toBe(401);
    expect((await get(host, '/user/check-auth', bystander.token)).status).toBe(200);
  });

  it('ends sessions whose user was told to sign in again (sessionsValidAfter)', async () => {
    const user = await createUser(host, { userName: 'resetter' });
    const { token } = await login(host, 'resetter', 'user password 1');
    clock.advance(1000);
    const users = host.deps.store.collection<UserDocument>('users');
    const { _etag, ...doc } = (await users.read(user.id, user.id))!;
    await users.replace({ ...doc, sessionsValidAfter: clock.now().toISOString() }, { ifMatch: _etag });
    expect((await get(host, '/user/check-auth', token)).status).toBe(401);
  });

  it('saves the terms decision and shows it on check-auth', async () => {
    const { token } = await login(host);
    const agreed = await post(host, '/user/update-agreed-terms', { AgreedTermsOfService: 1 }, token);
    expect(agreed.status).toBe(200);
    expect((await agreed.json()).agreedTermsOfService).toBe(1);
    expect((await (await get(host, '/user/check-auth', token)).json()).agreedTermsOfService).toBe(1);

    await post(host, '/user/update-agreed-terms', { AgreedTermsOfService: 2 }, token);
    expect((await (await get(host, '/user/check-auth', token)).json()).agreedTermsOfService).toBe(2);

    for (const value of [3, '1', -1, 1.5, null]) {
      const response = await post(host, '/user/update-agreed-terms', { AgreedTermsOfService: value }, token);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe(
        'AgreedTermsOfService must be 0 (undecided), 1 (agreed) or 2 (declined).',
      );
    }
    expect((await post(host, '/user/update-agreed-terms', {}, token)).status).toBe(400);
    expect((await (await get(host, '/user/check-auth', token)).json()).agreedTermsOfService).toBe(2);
    expect((await post(host, '/user/update-agreed-terms', { AgreedTermsOfService: 1 })).status).toBe(401);
  });

  it('answers every bad login body with 400 and a clear message', async () => {
    const cases: Array<[unknown, string]> = [
      [{ password: 'x' }, 'Enter your username or email address.'],
      [{ username: '', password: 'x' }, 'Enter your username or email address.'],
      [{ username: '   ', password: 'x' }, 'Enter your username or email address.'],
      [{ username: 42, password: 'x' }, 'username must be text.'],
      [{ username: 'someone' }, 'Enter your password.'],
      [{ username: 'someone', password: ['x'] }, 'password must be text.'],
      [{ username: 'someone', password: 'x', tfaCode: 123456 }, 'tfaCode must be text.'],
      [[], 'The request body must be a JSON object.'],
      ['"text"', 'The request body must be a JSON object.'],
      ['', 'The request body must be a JSON object.'],
      ['{"username": ', 'The request body is not valid JSON.'],
    ];
    for (const [body, message] of cases) {
      const response = await post(host, '/user/login', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).message, JSON.stringify(body)).toBe(message);
    }
    const { token } = await login(host);
    for (const [body, message] of [
      [{}, 'Say which session to end (id).'],
      [{ id: 7 }, 'id must be text.'],
      ['{"id"', 'The request body is not valid JSON.'],
    ] as const) {
      const response = await post(host, '/user/logout', body, token);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe(message);
    }
  });

  it('writes audit entries for sign-in, failures and session actions, never with a password', async () => {
    const entries = await auditEntries(host);
    const actions = new Set(entries.map((entry) => entry.action));
    for (const action of ['Login', 'LoginFailed', 'Logout', 'EndSession', 'EndAllSessions', 'AgreeTerms']) {
      expect(actions, action).toContain(action);
    }
    const failed = entries.find((entry) => entry.action === 'LoginFailed' && entry.details?.includes('nobody-here'));
    expect(failed).toMatchObject({ success: false, ipAddress: '127.0.0.1' });
    const login = entries.find((entry) => entry.action === 'Login');
    expect(login).toMatchObject({ success: true, userEmail: expect.any(String), entityType: 'Session' });
    for (const entry of entries) {
      expect(entry.pk).toBe(entry.timestamp.slice(0, 7));
      const text = JSON.stringify(entry);
      for (const secret of [ADMIN_PASSWORD, 'user password 1', 'not the password', 'guess guess']) {
        expect(text).not.toContain(secret);
      }
    }
  });

  it('ends a session after an hour idle, and after 24 hours however busy', async () => {
    const idle = await login(host);
    clock.advance(59 * MINUTE);
    expect((await get(host, '/user/check-auth', idle.token)).status).toBe(200);
    clock.advance(59 * MINUTE);
    expect((await get(host, '/user/check-auth', idle.token)).status).toBe(200);
    clock.advance(61 * MINUTE);
    expect(await (await get(host, '/user/check-auth', idle.token)).json()).toEqual(SESSION_ENDED);

    const busy = await login(host);
    for (let elapsed = 0; elapsed + 50 < 24 * 60; elapsed += 50) {
      clock.advance(50 * MINUTE);
      expect((await get(host, '/user/check-auth', busy.token)).status, `after ${elapsed + 50} min`).toBe(200);
    }
    clock.advance(50 * MINUTE);
    expect((await get(host, '/user/check-auth', busy.token)).status).toBe(401);
  });
});

describe('sign-in throttling', () => {
  const clock = movableClock();
  const host = useTestHost({ ADMIN_EMAIL, ADMIN_PASSWORD }, { clock, runWorkers: false });

  it('backs off after five failures, refuses even the right password meanwhile, and lets it in afterwards', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await post(host, '/user/login', { username: ADMIN_EMAIL, password: `wrong ${i}` });
      expect(response.status).toBe(401);
    }
    const locked = await post(host, '/user/login', { username: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('60');
    expect(await locked.json()).toEqual({
      code: 'too_many_requests',
      reason: 'accounts.tooManySignIns',
      params: {},
      message: TOO_MANY,
    });

    clock.advance(30_000);
    const stillLocked = await post(host, '/user/login', { username: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(stillLocked.status).toBe(429);
    expect(stillLocked.headers.get('retry-after')).toBe('30');

    clock.advance(31_000);
    const open = await post(host, '/user/login', { username: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(open.status).toBe(200);

    // The success forgot the failures: five more wrong ones are needed before the next back-off.
    for (let i = 0; i < 4; i++) {
      expect((await post(host, '/user/login', { username: ADMIN_EMAIL, password: 'nope nope' })).status).toBe(401);
    }
    expect((await post(host, '/user/login', { username: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
  });

  it('doubles the back-off on further failures, up to 15 minutes', async () => {
    const name = 'someone-unknown';
    const retryAfter: number[] = [];
    for (let i = 0; i < 10; i++) {
      if (i >= 5) {
        const locked = await post(host, '/user/login', { username: name, password: 'x' });
        retryAfter.push(Number(locked.headers.get('retry-after')));
        clock.advance(Number(locked.headers.get('retry-after')) * 1000);
      }
      expect((await post(host, '/user/login', { username: name, password: `guess ${i}` })).status).toBe(401);
    }
    // An unknown name backs off exactly like a real one, so the answers tell nothing about existence.
    expect(retryAfter).toEqual([60, 120, 240, 480, 900]);
  });

  it('slows an address down after 20 failures across names, without locking everyone behind it out', async () => {
    clock.advance(60 * MINUTE);
    for (let i = 0; i < 20; i++) {
      expect((await post(host, '/user/login', { username: `spray-${i}`, password: 'x' })).status).toBe(401);
    }
    const slowed = await post(host, '/user/login', { username: 'spray-new', password: 'x' });
    expect(slowed.status).toBe(429);
    expect(await slowed.json()).toEqual({
      code: 'too_many_requests',
      reason: 'accounts.tooManySignIns',
      params: {},
      message: TOO_MANY,
    });
    // A delay of seconds, not a quarter-hour lock: the office behind the address can still sign in.
    expect(Number(slowed.headers.get('retry-after'))).toBe(1);
    clock.advance(1000);
    expect((await post(host, '/user/login', { username: 'spray-new', password: 'x' })).status).toBe(401);
    // Each further failure doubles the delay, up to a minute.
    const longer = await post(host, '/user/login', { username: 'spray-other', password: 'x' });
    expect(Number(longer.headers.get('retry-after'))).toBe(2);
    clock.advance(2000);
    expect((await post(host, '/user/login', { username: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
    clock.advance(16 * MINUTE);
  });

  it('judges at most five of 25 parallel wrong passwords for one account and refuses the rest with 429', async () => {
    const user = await createUser(host, { userName: 'burst-target' });
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        post(host, '/user/login', { username: i % 2 ? user.userName : user.email, password: `wrong ${i}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20);
    // Locked: the right password is refused by the username and by the email alike.
    for (const name of [user.userName, user.email, user.email.toUpperCase()]) {
      const locked = await post(host, '/user/login', { username: name, password: 'user password 1' });
      expect(locked.status, name).toBe(429);
    }
    clock.advance(16 * MINUTE);
  });

  it('lets a burst of right passwords for many accounts from one address all in', async () => {
    clock.advance(16 * MINUTE);
    const users = await Promise.all(
      Array.from({ length: 15 }, (_, i) => createUser(host, { userName: `office-${i}` })),
    );
    const answers = await Promise.all(
      users.map((user) => post(host, '/user/login', { username: user.email, password: 'user password 1' })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(users.map(() => 200));
    // Their attempts were given back: the address is not slowed down afterwards.
    expect((await post(host, '/user/login', { username: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
  });

  it('holds a lock taken on the username for the email', async () => {
    const user = await createUser(host, { userName: 'name-locked' });
    for (let i = 0; i < 5; i++) {
      expect((await post(host, '/user/login', { username: user.userName, password: `wrong ${i}` })).status).toBe(401);
    }
    const byEmail = await post(host, '/user/login', { username: user.email, password: 'user password 1' });
    expect(byEmail.status).toBe(429);
    clock.advance(61_000);
    expect((await post(host, '/user/login', { username: user.email, password: 'user password 1' })).status).toBe(200);
  });
});
