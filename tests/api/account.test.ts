import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { MovableClock } from '../support/movable-clock.js';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import type { UserDocument } from '../../functions/src/records/user-document.js';
import { apiClient } from './support/api-client.js';
import { accountSteps, type RegisteredAccount } from './support/accounts.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * Registration, email confirmation, forgotten and changed passwords, and
 * two-factor sign-in, through the real local host. Links come from the mails
 * in the outbox; the clock can be moved to expire links and step TOTP codes.
 */

const PASSWORD = 'first password 1';
const CONFIRM_INVALID = 'This confirmation link is invalid or has expired.';
const RESET_INVALID = 'This password reset link is invalid or has expired.';
const FORGOT_ANSWER = 'If an account with that email address exists, we have sent a link to reset its password.';
const TFA_INVALID = 'The two-factor code is not valid.';
const REGISTERED =
  'Check your email: we sent a message to the address you gave. To finish registering, open the confirmation link in it before signing in.';
const COMMON_PASSWORD =
  'This password is too common: it appears in lists of leaked passwords. Please choose a longer, less predictable one.';
const USERNAME_TAKEN = 'This username is already taken. Choose another one.';
const CONTAINS_NAME = 'The password must not contain your username or email address.';

const clock = new MovableClock();
let counter = 0;

const host = useTestHost({ ADMIN_EMAIL: 'root@example.fi', ADMIN_PASSWORD: 'root password 1' }, { clock });

const api = apiClient(() => host, clock);
const { post, get, mailsTo, linkIn } = api;

async function expectError(response: Response, status: number, message: string) {
  expect({ status: response.status, message: ((await response.json()) as { message: string }).message }).toEqual({
    status,
    message,
  });
}

function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}${Date.now().toString(36)}`;
}

type Account = RegisteredAccount;
const steps = accountSteps(api);

function register(prefix = 'user'): Promise<Account> {
  const username = uniqueName(prefix);
  return steps.register({ username, email: `${username}@example.fi`, password: PASSWORD });
}

function registerAndConfirm(prefix = 'user'): Promise<Account> {
  const username = uniqueName(prefix);
  return steps.registerAndConfirm({ username, email: `${username}@example.fi`, password: PASSWORD });
}

async function login(account: Account, tfaCode?: string): Promise<string> {
  return (await steps.signIn(account.username, account.password, tfaCode ? { tfaCode } : {})).token;
}

async function userDoc(userId: string): Promise<UserDocument> {
  const user = await host.deps.store.collection<UserDocument>('users').read(userId, userId);
  expect(user).toBeDefined();
  return user!;
}

async function auditEntries(action: AuditDocument['action'], userId?: string): Promise<AuditDocument[]> {
  const page = await host.deps.store.collection<AuditDocument>('audit').query({
    where: [
      { field: 'action', op: '=', value: action },
      ...(userId ? [{ field: 'userId', op: '=' as const, value: userId }] : []),
    ],
    limit: 1000,
  });
  return page.items;
}

describe('registration and email confirmation', () => {
  it('registers, mails a confirmation link, confirms once, then lets the user sign in', async () => {
    const username = uniqueName('Alice');
    const email = `${username}@Example.fi`;
    const response = await post('/user/register', {
      username,
      email,
      password: PASSWORD,
      agreedTerms: true,
      promoCode: 'SPRING',
    });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { message: string }).message).toBe(REGISTERED);

    const mail = mailsTo(email).at(-1)!;
    expect(mail).toMatch(/^Subject: Confirm your email address for Ratkaisu/m);
    expect(mail).toContain('text/html');
    const link = linkIn(email, '/confirm-email');
    expect(link.pathname).toBe('/confirm-email');
    expect(link.port).toBe(String(host.port));
    const userId = link.searchParams.get('userId')!;
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const created = await userDoc(userId);
    expect(created).toMatchObject({
      userName: username,
      email,
      emailKey: email.toLowerCase(),
      tenantId: 'default',
      roles: ['User'],
      emailConfirmed: false,
      tfaEnabled: false,
      agreedTermsOfService: 1,
      isActive: true,
    });
    expect(created.passwordHash).toMatch(/^\$argon2id\$/);

    const early = await post('/user/login', { username, password: PASSWORD });
    expect(early.status).toBe(403);

    const confirmed = await post('/user/confirm-email', { userId, token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ message: 'Email Address Confirmed' });
    expect((await userDoc(userId)).emailConfirmed).toBe(true);

    // The link opened again: its token is spent, and the truth is that the address is confirmed (sign in).
    const reused = await post('/user/confirm-email', { userId, token });
    expect(reused.status).toBe(200);
    expect(await reused.json()).toEqual({
      message: 'This email address is already confirmed: sign in.',
      alreadyConfirmed: true,
    });
    // An unknown account still gets the refusal.
    await expectError(await post('/user/confirm-email', { userId: 'no-such-user', token }), 400, CONFIRM_INVALID);

    const sessionToken = await login({ username, email, password: PASSWORD, userId });
    const me = await get('/user/check-auth', sessionToken);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: userId, emailConfirmed: true, agreedTermsOfService: 1 });

    const registered = await auditEntries('Register', userId);
    expect(registered).toEqual([expect.objectContaining({ success: true, ipAddress: expect.any(String) })]);
    expect(registered[0]!.details).toBe('Promo code: SPRING');
    // The confirmation is audited once; the reused link changed nothing and leaves no entry.
    expect(await auditEntries('ConfirmEmail', userId)).toEqual([expect.objectContaining({ success: true })]);
  });

  it.each([
    [{ username: 'ab' }, 'Username must be at least 3 characters.'],
    [{ username: undefined }, 'Username must be at least 3 characters.'],
    [{ username: 'has@sign' }, 'Username may contain letters, digits and the characters . _ - only.'],
    [{ username: 'has space' }, 'Username may contain letters, digits and the characters . _ - only.'],
    [{ email: 'a@b' }, 'Please enter a valid email address.'],
    [{ email: 'no-at-sign.fi' }, 'Please enter a valid email address.'],
    [{ email: 'two words@example.fi' }, 'Please enter a valid email address.'],
    [{ email: 'nodot@example' }, 'Please enter a valid email address.'],
    [{ password: 'seven77' }, 'Password must be at least 8 characters.'],
    [{ password: undefined }, 'Password must be at least 8 characters.'],
    [{ password: 'x'.repeat(257) }, 'Password must be at most 256 characters.'],
    [{ password: 'password' }, COMMON_PASSWORD],
    [{ password: '12345678' }, COMMON_PASSWORD],
    [{ password: 'Password1' }, COMMON_PASSWORD],
    [{ password: 'iloveyou1' }, COMMON_PASSWORD],
    [{ username: 'kalle.k', password: 'kalle.k is me' }, CONTAINS_NAME],
    [{ email: 'liisa.virtanen@example.fi', password: 'LIISA.VIRTANEN 1' }, CONTAINS_NAME],
    [{ agreedTerms: false }, 'You must accept the terms of service.'],
    [{ agreedTerms: 'true' }, 'You must accept the terms of service.'],
  ])('refuses registration with %j', async (change, message) => {
    const username = uniqueName('bad');
    const body = { username, email: `${username}@example.fi`, password: PASSWORD, agreedTerms: true, ...change };
    await expectError(await post('/user/register', body), 400, message);
    expect(mailsTo(body.email ?? '')).toHaveLength(0);
    expect(
      await host.deps.store
        .collection<UserDocument>('users')
        .count({ where: [{ field: 'userNameKey', op: '=', value: username.toLowerCase() }] }),
    ).toBe(0);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await post('/user/register', '{"username":');
    expect(response.status).toBe(400);
  });

  it("accepts docs/product.md's own payload (username, password, email) and asks for the terms at first sign-in", async () => {
    const username = uniqueName('specpayload');
    const email = `${username}@example.fi`;
    const response = await post('/user/register', { username, password: 'a long passphrase here', email });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: REGISTERED });
    const userId = linkIn(email, '/confirm-email').searchParams.get('userId')!;
    expect((await userDoc(userId)).agreedTermsOfService).toBe(0);
  });

  it('accepts a long passphrase of 64 and of 256 characters, without composition rules', async () => {
    for (const length of [64, 256]) {
      const username = uniqueName('longpass');
      const password = 'correct horse battery staple '.repeat(10).slice(0, length);
      const response = await post('/user/register', { username, email: `${username}@example.fi`, password });
      expect(response.status, `${length}`).toBe(201);
    }
  });

  it('answers a taken email exactly as a new registration, creates nothing, and tells its owner by mail', async () => {
    const existing = await register('taken');
    const before = await host.deps.store.collection<UserDocument>('users').count({});
    const fresh = uniqueName('fresh');
    // A taken email with a new name, in another letter case.
    const answer = await post('/user/register', {
      username: fresh,
      email: existing.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ message: REGISTERED });
    expect(await host.deps.store.collection<UserDocument>('users').count({})).toBe(before);
    // The owner of the taken email hears that someone tried, with no confirmation link.
    const owners = mailsTo(existing.email);
    expect(owners).toHaveLength(2);
    expect(owners.at(-1)).toMatch(/^Subject: Someone tried to register with your email address at Ratkaisu/m);
    expect(owners.at(-1)).not.toContain('/confirm-email');
  });

  it('refuses a taken username outright (usernames are not secret), whether or not the email has an account', async () => {
    const existing = await register('taken');
    const before = await host.deps.store.collection<UserDocument>('users').count({});
    const refusal = {
      code: 'username_taken',
      reason: 'accounts.usernameTaken',
      params: {},
      message: USERNAME_TAKEN,
      fields: { username: USERNAME_TAKEN },
    };
    // A taken name with a new email, and a taken name with a taken email: the same refusal, so it tells
    // nothing about the address.
    for (const email of [`other-${existing.email}`, existing.email]) {
      const answer = await post('/user/register', {
        username: existing.username.toUpperCase(),
        email,
        password: PASSWORD,
        agreedTerms: true,
      });
      expect({ status: answer.status, body: await answer.json() }).toEqual({ status: 409, body: refusal });
    }
    expect(await host.deps.store.collection<UserDocument>('users').count({})).toBe(before);
    // Nobody is mailed: no greeting by someone else's username.
    expect(mailsTo(`other-${existing.email}`)).toHaveLength(0);
    expect(mailsTo(existing.email)).toHaveLength(1);
  });

  it('says whether a username is free, in any letter case, without a word about emails', async () => {
    const existing = await register('avail');
    const ask = async (username: string) => {
      const response = await get(`/user/username-available?username=${encodeURIComponent(username)}`);
      return { status: response.status, body: await response.json() };
    };
    expect(await ask(existing.username)).toEqual({ status: 200, body: { data: { available: false } } });
    expect(await ask(existing.username.toUpperCase())).toEqual({ status: 200, body: { data: { available: false } } });
    expect(await ask(uniqueName('free'))).toEqual({ status: 200, body: { data: { available: true } } });
    // An email is not a username (no @ allowed), so the route cannot be used to ask about addresses.
    expect((await ask(existing.email)).status).toBe(400);
    expect((await ask('ab')).status).toBe(400);
    expect((await get('/user/username-available')).status).toBe(400);
  });

  it('lets only one of simultaneous registrations of one name succeed, refusing the others as taken', async () => {
    const username = uniqueName('race');
    const attempts = await Promise.all(
      [1, 2, 3].map((n) =>
        post('/user/register', {
          username,
          email: `${username}-${n}@example.fi`,
          password: PASSWORD,
          agreedTerms: true,
        }),
      ),
    );
    expect(attempts.map((response) => response.status).sort()).toEqual([201, 409, 409]);
    expect(
      await host.deps.store
        .collection<UserDocument>('users')
        .count({ where: [{ field: 'userNameKey', op: '=', value: username.toLowerCase() }] }),
    ).toBe(1);
  });

  it('refuses wrong, foreign, garbled and missing confirmation input', async () => {
    const first = await register('conf');
    const second = await register('conf');
    const firstToken = linkIn(first.email, '/confirm-email').searchParams.get('token')!;
    const cases: unknown[] = [
      { userId: first.userId, token: 'A'.repeat(43) },
      { userId: second.userId, token: firstToken },
      { userId: '00000000-0000-0000-0000-000000000000', token: firstToken },
      { userId: '../etc/passwd', token: firstToken },
      { userId: first.userId },
      { token: firstToken },
      {},
    ];
    for (const body of cases) await expectError(await post('/user/confirm-email', body), 400, CONFIRM_INVALID);
    expect((await userDoc(first.userId)).emailConfirmed).toBe(false);
    expect((await userDoc(second.userId)).emailConfirmed).toBe(false);
  });

  it('lets a confirmation link expire after 24 hours', async () => {
    const account = await register('late');
    const link = linkIn(account.email, '/confirm-email');
    clock.advance(24 * 3600 * 1000 + 1000);
    const late = await post('/user/confirm-email', {
      userId: link.searchParams.get('userId'),
      token: link.searchParams.get('token'),
    });
    await expectError(late, 400, CONFIRM_INVALID);
    expect((await userDoc(account.userId)).emailConfirmed).toBe(false);
  });
});

describe('forgotten password', () => {
  it('answers the same for a known and an unknown address and mails only the known one', async () => {
    const account = await registerAndConfirm('forgot');
    const mailsBefore = mailsTo(account.email).length;

    const known = await post('/user/forgot-password', { email: account.email.toUpperCase() });
    const unknownEmail = `nobody-${uniqueName('x')}@example.fi`;
    const unknown = await post('/user/forgot-password', { email: unknownEmail });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual({ message: FORGOT_ANSWER });
    expect(await unknown.json()).toEqual({ message: FORGOT_ANSWER });

    expect(mailsTo(account.email)).toHaveLength(mailsBefore + 1);
    expect(mailsTo(unknownEmail)).toHaveLength(0);
    const link = linkIn(account.email, '/reset-password');
    expect(link.searchParams.get('email')).toBe(account.email);
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('sends nothing to an account whose email is not confirmed, and answers the same', async () => {
    const account = await register('unconfirmed');
    const response = await post('/user/forgot-password', { email: account.email });
    expect(await response.json()).toEqual({ message: FORGOT_ANSWER });
    expect(mailsTo(account.email)).toHaveLength(1); // the confirmation mail only
  });

  it('takes about as long for an unknown address as for a known one', async () => {
    const account = await registerAndConfirm('timing');
    const time = async (email: string) => {
      const started = performance.now();
      await post('/user/forgot-password', { email });
      return performance.now() - started;
    };
    const known = await time(account.email);
    const unknown = await time(`nobody-${uniqueName('t')}@example.fi`);
    expect(unknown).toBeGreaterThanOrEqual(380);
    expect(Math.abs(known - unknown)).toBeLessThan(250);
  });

  it.each([[{ email: 'a@b' }], [{ email: 'not-an-email' }], [{}]])('refuses %j', async (body) => {
    await expectError(await post('/user/forgot-password', body), 400, 'Please enter a valid email address.');
  });
});

describe('password reset', () => {
  async function resetLink(account: Account): Promise<{ email: string; token: string }> {
    expect((await post('/user/forgot-password', { email: account.email })).status).toBe(200);
    const link = linkIn(account.email, '/reset-password');
    return { email: link.searchParams.get('email')!, token: link.searchParams.get('token')! };
  }

  it('sets the new password once, ends every session, and refuses the link a second time', async () => {
    const account = await registerAndConfirm('reset');
    const sessions = [await login(account), await login(account)];
    const link = await resetLink(account);
    // The page checks the link before its form: usable, and checking spends nothing (twice is still usable).
    for (let check = 0; check < 2; check += 1) {
      const usable = await post('/user/reset-password/check', link);
      expect(usable.status).toBe(200);
      expect(await usable.json()).toEqual({ usable: true });
    }

    const reset = await post('/user/reset-password', { ...link, password: 'second password 2' });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ message: 'You have successfully reset your password.' });

    for (const token of sessions) expect((await get('/user/check-auth', token)).status).toBe(401);
    expect((await post('/user/login', { username: account.username, password: PASSWORD })).status).toBe(401);
    await login({ ...account, password: 'second password 2' });

    await expectError(
      await post('/user/reset-password', { ...link, password: 'third password 3' }),
      400,
      RESET_INVALID,
    );
    // Used: the check refuses it before any password is typed; an unknown address gets the same answer.
    await expectError(await post('/user/reset-password/check', link), 400, RESET_INVALID);
    await expectError(
      await post('/user/reset-password/check', { ...link, email: 'nobody@example.fi' }),
      400,
      RESET_INVALID,
    );
    await login({ ...account, password: 'second password 2' });
    expect(await auditEntries('ResetPassword', account.userId)).toEqual(
      expect.arrayContaining([expect.objectContaining({ success: true }), expect.objectContaining({ success: false })]),
    );
  });

  it('makes an older reset link worthless once the password was reset with a newer one', async () => {
    const account = await registerAndConfirm('older');
    const older = await resetLink(account);
    const newer = await resetLink(account);
    expect(older.token).not.toBe(newer.token);
    expect((await post('/user/reset-password', { ...newer, password: 'second password 2' })).status).toBe(200);
    await expectError(
      await post('/user/reset-password', { ...older, password: 'third password 3' }),
      400,
      RESET_INVALID,
    );
  });

  it('lets a reset link expire after one hour', async () => {
    const account = await registerAndConfirm('expire');
    const link = await resetLink(account);
    clock.advance(61 * 60 * 1000);
    await expectError(
      await post('/user/reset-password', { ...link, password: 'second password 2' }),
      400,
      RESET_INVALID,
    );
    await login(account);
  });

  it('refuses a short password, a wrong token and another address, and keeps the link usable', async () => {
    const account = await registerAndConfirm('badreset');
    const other = await registerAndConfirm('badreset');
    const link = await resetLink(account);

    await expectError(
      await post('/user/reset-password', { ...link, password: 'seven77' }),
      400,
      'Password must be at least 8 characters.',
    );
    await expectError(await post('/user/reset-password', { ...link, password: 'qwertyuiop' }), 400, COMMON_PASSWORD);
    await expectError(
      await post('/user/reset-password', { ...link, password: `${account.username} again` }),
      400,
      CONTAINS_NAME,
    );
    await expectError(
      await post('/user/reset-password', { ...link, token: 'B'.repeat(43), password: 'second password 2' }),
      400,
      RESET_INVALID,
    );
    await expectError(
      await post('/user/reset-password', { ...link, email: other.email, password: 'second password 2' }),
      400,
      RESET_INVALID,
    );
    await expectError(
      await post('/user/reset-password', { email: link.email, password: 'second password 2' }),
      400,
      RESET_INVALID,
    );
    await expectError(
      await post('/user/reset-password', { ...link, email: 'bad', password: 'second password 2' }),
      400,
      'Please enter a valid email address.',
    );
    expect((await post('/user/reset-password', { ...link, password: 'second password 2' })).status).toBe(200);
  });
});

describe('password change', () => {
  it('needs the current password, then ends the other sessions but not the current one', async () => {
    const account = await registerAndConfirm('change');
    const current = await login(account);
    const other = await login(account);

    await expectError(
      await post('/user/change-password', { oldPassword: 'wrong password', newPassword: 'second password 2' }, current),
      400,
      'The current password is incorrect.',
    );
    expect((await get('/user/check-auth', other)).status).toBe(200);

    const changed = await post(
      '/user/change-password',
      { oldPassword: PASSWORD, newPassword: 'second password 2' },
      current,
    );
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ message: 'Password Changed!' });
    expect((await get('/user/check-auth', current)).status).toBe(200);
    expect((await get('/user/check-auth', other)).status).toBe(401);
    await login({ ...account, password: 'second password 2' });

    const audit = await auditEntries('ChangePassword', account.userId);
    expect(audit.map((entry) => entry.success).sort()).toEqual([false, true]);
  });

  it.each([
    [
      { oldPassword: 'seven77', newPassword: 'second password 2' },
      'The current password must be at least 8 characters.',
    ],
    [{ newPassword: 'second password 2' }, 'The current password must be at least 8 characters.'],
    [{ oldPassword: PASSWORD, newPassword: 'seven77' }, 'The new password must be at least 8 characters.'],
    [{ oldPassword: PASSWORD }, 'The new password must be at least 8 characters.'],
    [{ oldPassword: PASSWORD, newPassword: 'Password1' }, COMMON_PASSWORD],
  ])('refuses %j', async (body, message) => {
    const account = await registerAndConfirm('badchange');
    const token = await login(account);
    await expectError(await post('/user/change-password', body, token), 400, message);
    await login(account);
  });

  it('refuses a new password containing the username or the email', async () => {
    const account = await registerAndConfirm('namechange');
    const token = await login(account);
    for (const newPassword of [`my ${account.username.toUpperCase()} pw`, `${account.email} 2`]) {
      await expectError(
        await post('/user/change-password', { oldPassword: PASSWORD, newPassword }, token),
        400,
        CONTAINS_NAME,
      );
    }
  });

  it('needs a session', async () => {
    const response = await post('/user/change-password', { oldPassword: PASSWORD, newPassword: 'second password 2' });
    expect(response.status).toBe(401);
  });
});

describe('two-factor sign-in', () => {
  const codeAt = (secret: string) =>
    new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
      timestamp: clock.now().getTime(),
    });
  const nextStep = () => clock.advance(30_000);

  it('issues a key, turns on with a code, accepts each code once, and turns off with a fresh code', async () => {
    const account = await registerAndConfirm('tfa');
    const session = await login(account);

    const keyResponse = await get('/user/get-tfa-key', session);
    expect(keyResponse.status).toBe(200);
    const { tfaKey, uri } = (await keyResponse.json()) as { tfaKey: string; uri: string };
    expect(tfaKey).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(uri.startsWith('otpauth://totp/Ratkaisu:')).toBe(true);
    expect(decodeURIComponent(parsed.pathname)).toBe(`/Ratkaisu:${account.email}`);
    expect(parsed.searchParams.get('secret')).toBe(tfaKey);
    expect(parsed.searchParams.get('issuer')).toBe('Ratkaisu');

    // The pending key is the same until two-factor is turned on.
    expect(((await (await get('/user/get-tfa-key', session)).json()) as { tfaKey: string }).tfaKey).toBe(tfaKey);

    // Stored encrypted, never as the secret itself.
    const stored = await userDoc(account.userId);
    expect(stored.tfaSecretEncrypted).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain(tfaKey);
    expect(JSON.stringify(stored).toLowerCase()).not.toContain(tfaKey.toLowerCase());

    const wrongCode = codeAt(tfaKey) === '000000' ? '111111' : '000000';
    await expectError(await post('/user/toggle-tfa', { tfaCode: wrongCode }, session), 400, TFA_INVALID);
    await expectError(await post('/user/toggle-tfa', { tfaCode: '123' }, session), 400, TFA_INVALID);
    await expectError(await post('/user/toggle-tfa', {}, session), 400, TFA_INVALID);
    expect((await userDoc(account.userId)).tfaEnabled).toBe(false);

    const enableCode = codeAt(tfaKey);
    const enabled = await post('/user/toggle-tfa', { tfaCode: enableCode }, session);
    expect(enabled.status).toBe(200);
    // docs/product.md's answer, with the ten recovery codes beside it (tests/api/recovery-codes.test.ts).
    expect(await enabled.json()).toEqual({
      tfaEnabled: true,
      message: 'TFA settings changed',
      recoveryCodes: expect.arrayContaining([expect.stringMatching(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/)]),
    });

    // The same code a second time is refused and changes nothing.
    await expectError(await post('/user/toggle-tfa', { tfaCode: enableCode }, session), 400, TFA_INVALID);
    expect((await userDoc(account.userId)).tfaEnabled).toBe(true);

    // The key is not handed out again while two-factor is on.
    const again = await get('/user/get-tfa-key', session);
    expect(again.status).toBe(400);
    const text = await again.text();
    expect(text).toContain('Cant get key if Tfa enabled.');
    expect(JSON.parse(text)).toMatchObject({ message: 'Cant get key if Tfa enabled.' });

    // Sign-in now needs a code.
    nextStep();
    expect((await post('/user/login', { username: account.username, password: PASSWORD })).status).toBe(401);
    const secondSession = await login(account, codeAt(tfaKey));
    expect((await get('/user/check-auth', secondSession)).status).toBe(200);

    // Turning it off needs a fresh code: the one just used for sign-in is spent.
    await expectError(await post('/user/toggle-tfa', { tfaCode: codeAt(tfaKey) }, session), 400, TFA_INVALID);
    nextStep();
    const disabled = await post('/user/toggle-tfa', { tfaCode: codeAt(tfaKey) }, session);
    expect(disabled.status).toBe(200);
    expect(await disabled.json()).toEqual({ tfaEnabled: false, message: 'TFA settings changed' });
    const after = await userDoc(account.userId);
    expect(after.tfaEnabled).toBe(false);
    expect(after.tfaSecretEncrypted).toBeUndefined();

    // Turning it on again issues a new key.
    const fresh = (await (await get('/user/get-tfa-key', session)).json()) as { tfaKey: string };
    expect(fresh.tfaKey).not.toBe(tfaKey);

    expect((await auditEntries('EnableTwoFactor', account.userId)).map((entry) => entry.success)).toEqual(
      expect.arrayContaining([true, false]),
    );
    expect((await auditEntries('DisableTwoFactor', account.userId)).map((entry) => entry.success)).toEqual(
      expect.arrayContaining([true, false]),
    );
  });

  it('accepts a code once when two requests present it at the same moment', async () => {
    const account = await registerAndConfirm('tfarace');
    const session = await login(account);
    const { tfaKey } = (await (await get('/user/get-tfa-key', session)).json()) as { tfaKey: string };
    const code = codeAt(tfaKey);
    const answers = await Promise.all([1, 2, 3].map(() => post('/user/toggle-tfa', { tfaCode: code }, session)));
    expect(answers.map((response) => response.status).sort()).toEqual([200, 400, 400]);
    expect((await userDoc(account.userId)).tfaEnabled).toBe(true);
  });

  it('needs a valid two-factor code to change the password when two-factor is on', async () => {
    const account = await registerAndConfirm('tfachange');
    const session = await login(account);
    const { tfaKey } = (await (await get('/user/get-tfa-key', session)).json()) as { tfaKey: string };
    expect((await post('/user/toggle-tfa', { tfaCode: codeAt(tfaKey) }, session)).status).toBe(200);
    const body = { oldPassword: PASSWORD, newPassword: 'second password 2' };

    await expectError(
      await post('/user/change-password', body, session),
      400,
      'Enter the two-factor code from your authenticator app.',
    );
    await expectError(
      await post('/user/change-password', { ...body, tfaCode: codeAt(tfaKey) }, session),
      400,
      TFA_INVALID,
    );
    nextStep();
    const changed = await post('/user/change-password', { ...body, tfaCode: codeAt(tfaKey) }, session);
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ message: 'Password Changed!' });
  });

  it('throttles wrong codes on toggle-tfa per account: ten an hour, then 429 even for a right code', async () => {
    toNextHour();
    const account = await registerAndConfirm('tfaguess');
    const session = await login(account);
    const { tfaKey } = (await (await get('/user/get-tfa-key', session)).json()) as { tfaKey: string };
    const wrongCode = codeAt(tfaKey) === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => post('/user/toggle-tfa', { tfaCode: wrongCode }, session)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status !== 400 && status !== 429)).toEqual([]);
    const refused = await post('/user/toggle-tfa', { tfaCode: codeAt(tfaKey) }, session);
    await expectError(refused, 429, 'Too many two-factor codes tried. Please wait an hour and try again.');
    expect((await userDoc(account.userId)).tfaEnabled).toBe(false);
    toNextHour();
    expect((await post('/user/toggle-tfa', { tfaCode: codeAt(tfaKey) }, session)).status).toBe(200);
  });

  it('needs a key before it can be turned on, and a session for every call', async () => {
    const account = await registerAndConfirm('tfanokey');
    const session = await login(account);
    await expectError(
      await post('/user/toggle-tfa', { tfaCode: '123456' }, session),
      400,
      'Get a two-factor key first, then enter a code from your authenticator app.',
    );
    expect((await get('/user/get-tfa-key')).status).toBe(401);
    expect((await post('/user/toggle-tfa', { tfaCode: '123456' })).status).toBe(401);
  });
});

/** Moves the clock into the next clock hour, where every hourly limit starts again. */
function toNextHour(): void {
  const hour = 3600 * 1000;
  const now = clock.now().getTime();
  clock.advance(Math.ceil((now + 1) / hour) * hour - now + 1000);
}

describe('limits on account requests', () => {
  const limitedApi = apiClient(() => limited, clock);

  const limited = useTestHost({ ACCOUNT_REQUESTS_PER_HOUR: '3', USERNAME_CHECKS_PER_HOUR: '4' }, { clock });

  it('refuses registrations from one address past the hourly limit, refused attempts included, until the hour turns', async () => {
    const name = uniqueName('limit');
    const body = { username: name, email: `${name}@example.fi`, password: PASSWORD, agreedTerms: true };
    expect((await limitedApi.post('/user/register', body)).status).toBe(201);
    // A taken name still counts (refused as taken): the form must not be a way around the name check's limit.
    expect((await limitedApi.post('/user/register', body)).status).toBe(409);
    const other = uniqueName('limit');
    expect(
      (await limitedApi.post('/user/register', { ...body, username: other, email: `${other}@example.fi` })).status,
    ).toBe(201);
    const refused = await limitedApi.post('/user/register', {
      ...body,
      username: `${other}x`,
      email: `x${other}@example.fi`,
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await expectError(refused, 429, 'Too many registration attempts from this address. Please try again later.');
    // Invalid bodies are refused before they count.
    expect((await limitedApi.post('/user/register', { ...body, password: 'short' })).status).toBe(400);

    toNextHour();
    const later = uniqueName('limit');
    expect(
      (await limitedApi.post('/user/register', { ...body, username: later, email: `${later}@example.fi` })).status,
    ).toBe(201);
  });

  it('refuses username checks from one address past their hourly limit, until the hour turns', async () => {
    toNextHour();
    const check = (name: string) => limitedApi.get(`/user/username-available?username=${name}`);
    for (let i = 0; i < 4; i++) expect((await check(uniqueName('check'))).status).toBe(200);
    const refused = await check(uniqueName('check'));
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await expectError(refused, 429, 'Too many user name checks from this address. Please try again later.');
    // Registration has its own count: the checks did not use it up.
    const name = uniqueName('after');
    expect(
      (
        await limitedApi.post('/user/register', {
          username: name,
          email: `${name}@example.fi`,
          password: PASSWORD,
          agreedTerms: true,
        })
      ).status,
    ).toBe(201);
    toNextHour();
    expect((await check(uniqueName('check'))).status).toBe(200);
  });

  it('refuses reset requests from one address past the limit, and mails one account at most 3 links an hour', async () => {
    toNextHour();
    const name = uniqueName('reset');
    const email = `${name}@example.fi`;
    expect(
      (await limitedApi.post('/user/register', { username: name, email, password: PASSWORD, agreedTerms: true }))
        .status,
    ).toBe(201);
    const link = limitedApi.linkIn(email, '/confirm-email');
    await limitedApi.post('/user/confirm-email', {
      userId: link.searchParams.get('userId'),
      token: link.searchParams.get('token'),
    });
    for (let i = 0; i < 3; i++) expect((await limitedApi.post('/user/forgot-password', { email })).status).toBe(200);
    const refused = await limitedApi.post('/user/forgot-password', { email });
    await expectError(refused, 429, 'Too many password reset requests from this address. Please try again later.');
    expect(limitedApi.mailsTo(email).filter((mail) => mail.includes('reset-password'))).toHaveLength(3);
  });
});

describe('wrong current passwords on password change', () => {
  it('are limited per account: the eleventh in an hour is refused even with the right password', async () => {
    const account = await registerAndConfirm('guess');
    const token = await login(account);
    for (let i = 0; i < 10; i++) {
      const wrong = await post(
        '/user/change-password',
        { oldPassword: `wrong password ${i}`, newPassword: 'new password 12' },
        token,
      );
      expect(wrong.status).toBe(400);
    }
    const refused = await post(
      '/user/change-password',
      { oldPassword: PASSWORD, newPassword: 'new password 12' },
      token,
    );
    await expectError(refused, 429, 'Too many wrong passwords. Please wait an hour and try again.');
    toNextHour();
    // A fresh session: the idle time-out may have ended the first one while the clock moved on.
    const allowed = await post(
      '/user/change-password',
      { oldPassword: PASSWORD, newPassword: 'new password 12' },
      await login(account),
    );
    expect(allowed.status).toBe(200);
  });
});

describe('audit', () => {
  it('never records passwords, link tokens or two-factor secrets', async () => {
    const entries = await host.deps.store.collection<AuditDocument>('audit').query({ limit: 1000 });
    expect(entries.items.length).toBeGreaterThan(10);
    const text = JSON.stringify(entries.items);
    for (const secret of [PASSWORD, 'second password 2', 'third password 3', 'seven77']) {
      expect(text).not.toContain(secret);
    }
    for (const mail of api.outboxMails()) {
      const token = /token=([A-Za-z0-9_-]{43})/.exec(mail);
      if (token) expect(text).not.toContain(token[1]);
    }
    const users = await host.deps.store.collection<UserDocument>('users').query({ limit: 1000 });
    for (const user of users.items) {
      if (user.tfaSecretEncrypted) expect(text).not.toContain(user.tfaSecretEncrypted);
    }
  });
});
