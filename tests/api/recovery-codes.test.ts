import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { MovableClock } from '../support/movable-clock.js';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import type { UserDocument } from '../../functions/src/records/user-document.js';
import { apiClient } from './support/api-client.js';
import { accountSteps, type RegisteredAccount } from './support/accounts.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * Two-factor recovery codes (docs/decisions.md, "Recovery codes"): ten one-time codes answered
 * once, when two-factor sign-in is turned on, stored only as argon2id hashes; each works once, in place of the
 * authenticator's code, at sign-in and when signing in again for a sensitive step; ten new ones replace the
 * old after the password and a second factor; every use and every new set is audited.
 */

const PASSWORD = 'first password 1';
const CODE_FORMAT = /^[2-9A-HJ-KMNP-Z]{5}-[2-9A-HJ-KMNP-Z]{5}$/;

const clock = new MovableClock();
let counter = 0;

const host = useTestHost({}, { clock });

const api = apiClient(() => host, clock);
const { post, get, json } = api;
const steps = accountSteps(api);

async function accountWithTwoFactor(): Promise<{
  account: RegisteredAccount;
  session: string;
  codes: string[];
  appCode: () => string;
}> {
  counter += 1;
  const username = `recovery${counter}${Date.now().toString(36)}`;
  const account = await steps.registerAndConfirm({ username, email: `${username}@example.fi`, password: PASSWORD });
  const session = (await steps.signIn(username, PASSWORD)).token;
  const { tfaKey } = await json<{ tfaKey: string }>(await get('/user/get-tfa-key', session), 200);
  const totp = new TOTP({ secret: Secret.fromBase32(tfaKey), algorithm: 'SHA1', digits: 6, period: 30 });
  // Each step's code is accepted once: every call moves the clock on a step first.
  const appCode = () => {
    clock.advance(30_000);
    return totp.generate({ timestamp: clock.now().getTime() });
  };
  const enabled = await json<{ tfaEnabled: boolean; message: string; recoveryCodes: string[] }>(
    await post('/user/toggle-tfa', { tfaCode: appCode() }, session),
    200,
  );
  expect(enabled).toMatchObject({ tfaEnabled: true, message: 'TFA settings changed' });
  return { account, session, codes: enabled.recoveryCodes, appCode };
}

async function userDoc(userId: string): Promise<UserDocument> {
  return (await host.deps.store.collection<UserDocument>('users').read(userId, userId))!;
}

async function audit(userId: string, action: AuditDocument['action']): Promise<AuditDocument[]> {
  const page = await host.deps.store.collection<AuditDocument>('audit').query({
    where: [
      { field: 'userId', op: '=', value: userId },
      { field: 'action', op: '=', value: action },
    ],
    limit: 100,
  });
  return page.items.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

const signInWith = (account: RegisteredAccount, tfaCode: string) =>
  post('/user/login', { username: account.username, password: PASSWORD, tfaCode });

describe('two-factor recovery codes', () => {
  it('answers ten codes once, stores them only hashed, and lets each sign in once', async () => {
    const { account, session, codes } = await accountWithTwoFactor();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(CODE_FORMAT);

    const stored = await userDoc(account.userId);
    expect(stored.tfaRecoveryCodes).toHaveLength(10);
    for (const entry of stored.tfaRecoveryCodes!) expect(entry.hash).toMatch(/^\$argon2id\$/);
    const text = JSON.stringify(stored).toUpperCase();
    for (const code of codes) {
      expect(text).not.toContain(code);
      expect(text).not.toContain(code.replace('-', ''));
    }
    expect(await json(await get('/user/tfa-recovery-codes', session), 200)).toEqual({
      left: 10,
      createdAt: stored.tfaRecoveryCodesAt,
    });
    expect(stored.tfaRecoveryCodesAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    // Typed as people type: lower case, a space for the dash.
    const typed = codes[0]!.toLowerCase().replace('-', ' ');
    await json(await signInWith(account, typed), 200);
    const again = await signInWith(account, codes[0]!);
    expect(again.status).toBe(401);
    expect(((await again.json()) as { message: string }).message).toBe(
      'The two-factor code is incorrect or has already been used.',
    );
    expect(await json(await get('/user/tfa-recovery-codes', session), 200)).toMatchObject({ left: 9 });

    // Two sign-ins presenting one code at the same moment: one gets in.
    const race = await Promise.all([signInWith(account, codes[1]!), signInWith(account, codes[1]!)]);
    expect(race.map((response) => response.status).sort()).toEqual([200, 401]);

    const used = await audit(account.userId, 'UseRecoveryCode');
    expect(used.map((entry) => entry.details)).toEqual([
      'A recovery code was used to sign in; 9 left',
      'A recovery code was used to sign in; 8 left',
    ]);
    expect(used.every((entry) => entry.success)).toBe(true);
    expect((await audit(account.userId, 'CreateRecoveryCodes')).map((entry) => entry.details)).toEqual([
      '10 recovery codes made as two-factor sign-in was turned on',
    ]);
  });

  it('stands in for the authenticator when signing in again (a password change), once', async () => {
    const { account, session, codes } = await accountWithTwoFactor();
    const change = (tfaCode: string, newPassword: string) =>
      post('/user/change-password', { oldPassword: PASSWORD, newPassword, tfaCode }, session);
    await json(await change(codes[2]!, PASSWORD), 200);
    const reused = await change(codes[2]!, PASSWORD);
    expect(reused.status).toBe(400);
    expect((await audit(account.userId, 'UseRecoveryCode')).map((entry) => entry.details)).toEqual([
      'A recovery code was used to sign in again (ChangePassword); 9 left',
    ]);
  });

  it('makes ten new codes after the password and a second factor; the old ones stop working', async () => {
    const { account, session, codes, appCode } = await accountWithTwoFactor();
    const renew = (body: Record<string, unknown>) => post('/user/tfa-recovery-codes', body, session);

    const wrongPassword = await renew({ password: 'not my password 1', tfaCode: appCode() });
    expect(wrongPassword.status).toBe(400);
    expect(await wrongPassword.json()).toMatchObject({ fields: { password: 'The password is incorrect.' } });
    const noCode = await renew({ password: PASSWORD });
    expect(await noCode.json()).toMatchObject({
      fields: { tfaCode: 'Enter the six-digit code from your authenticator app, or one of your recovery codes.' },
    });

    const renewed = await json<{ recoveryCodes: string[]; createdAt: string }>(
      await renew({ password: PASSWORD, tfaCode: appCode() }),
      200,
    );
    expect(renewed.recoveryCodes).toHaveLength(10);
    expect(renewed.recoveryCodes.some((code) => codes.includes(code))).toBe(false);
    expect((await signInWith(account, codes[3]!)).status).toBe(401);
    await json(await signInWith(account, renewed.recoveryCodes[0]!), 200);

    // A recovery code is itself a second factor for making new ones.
    const byRecovery = await json<{ recoveryCodes: string[] }>(
      await renew({ password: PASSWORD, tfaCode: renewed.recoveryCodes[1] }),
      200,
    );
    expect((await signInWith(account, renewed.recoveryCodes[2]!)).status).toBe(401);
    expect(await json(await get('/user/tfa-recovery-codes', session), 200)).toMatchObject({ left: 10 });

    const made = await audit(account.userId, 'CreateRecoveryCodes');
    expect(made.map((entry) => [entry.success, entry.details ?? entry.errorMessage])).toEqual([
      [true, '10 recovery codes made as two-factor sign-in was turned on'],
      [false, 'The password is incorrect.'],
      [false, 'Enter the six-digit code from your authenticator app, or one of your recovery codes.'],
      [true, '10 new recovery codes made; the earlier ones no longer work'],
      [true, '10 new recovery codes made; the earlier ones no longer work'],
    ]);
    expect(byRecovery.recoveryCodes).toHaveLength(10);
  });

  it('turns two-factor off with a recovery code, which removes them all; none without two-factor', async () => {
    const { account, session, codes } = await accountWithTwoFactor();
    await json(await post('/user/toggle-tfa', { tfaCode: codes[4] }, session), 200);
    const after = await userDoc(account.userId);
    expect(after.tfaEnabled).toBe(false);
    expect(after.tfaRecoveryCodes).toBeUndefined();
    expect(await json(await get('/user/tfa-recovery-codes', session), 200)).toEqual({ left: 0, createdAt: null });
    const refused = await post('/user/tfa-recovery-codes', { password: PASSWORD }, session);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Recovery codes belong to two-factor sign-in: turn it on first.',
    );
    // Sign-in needs no second factor now; an old code is simply not asked for.
    await json(await post('/user/login', { username: account.username, password: PASSWORD }), 200);
  });
});
