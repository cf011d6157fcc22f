import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserDocument } from '../../functions/src/records/user-document.js';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import type { SessionDocument } from '../../functions/src/records/session-document.js';
import type { TenantDocument } from '../../functions/src/records/tenant-document.js';
import { apiClient } from './support/api-client.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * Work-account sign-in against a JWKS served on loopback: tokens are minted
 * here the way Entra ID would mint them, then bent one claim at a time.
 */
const API_ID = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const KID = 'test-key-1';
const ACTIVE_TID = 'aaaaaaaa-1111-4222-8333-444444444444';
const INACTIVE_TID = 'bbbbbbbb-1111-4222-8333-444444444444';
const UNKNOWN_TID = 'cccccccc-1111-4222-8333-444444444444';
const ACTIVE_TENANT_ID = 'tenant-active';

let jwksServer: Server;
let signingKey: CryptoKey;
let publicPem: string;
let strangerKey: CryptoKey;

interface Claims extends JWTPayload {
  tid?: string;
  oid?: string;
  scp?: string;
  name?: string;
  email?: string;
  preferred_username?: string;
}

function claimsFor(oid: string, overrides: Claims = {}): Claims {
  const tid = overrides.tid ?? ACTIVE_TID;
  const now = Math.floor(Date.now() / 1000);
  return {
    aud: API_ID,
    iss: `https://login.microsoftonline.com/${tid}/v2.0`,
    iat: now,
    nbf: now,
    exp: now + 3600,
    tid,
    oid,
    scp: 'openid access_as_user',
    name: 'Maija Meikäläinen',
    preferred_username: 'maija@example.fi',
    ...overrides,
  };
}

async function mint(claims: Claims, key: CryptoKey = signingKey, kid = KID): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid }).sign(key);
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const api = apiClient(() => host);

async function validateAccess(token: string) {
  const response = await api.call('GET', '/user/validate-access', token);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function signIn(oid: string, overrides: Claims = {}) {
  const token = await mint(claimsFor(oid, overrides));
  const { status, body } = await validateAccess(token);
  expect(status).toBe(200);
  return { token, sessionId: body.sessionId as string, user: body.user as Record<string, unknown> };
}

function checkAdmin(token: string, sessionId?: string) {
  return api.call('GET', '/api/admin/check-admin', token, undefined, sessionId ? { 'X-Session-Id': sessionId } : {});
}

const users = () => host.deps.store.collection<UserDocument>('users');
const sessions = () => host.deps.store.collection<SessionDocument>('sessions');

async function updateUser(id: string, change: Partial<UserDocument>) {
  const { _etag, ...user } = (await users().read(id, id))!;
  await users().replace({ ...user, ...change }, { ifMatch: _etag });
}

async function updateSession(id: string, change: Partial<SessionDocument>) {
  const { _etag, ...session } = (await sessions().read(id, id))!;
  await sessions().replace({ ...session, ...change }, { ifMatch: _etag });
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  signingKey = pair.privateKey;
  publicPem = await exportSPKI(pair.publicKey);
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, use: 'sig', alg: 'RS256' };

  jwksServer = createServer((req, res) => {
    if (req.url !== '/keys') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => jwksServer?.close(resolve));
});
const host = useTestHost(() => ({
  ENTRA_CLIENT_ID: API_ID,
  ENTRA_API_SCOPE: `api://${API_ID}/access_as_user`,
  ENTRA_API_AUDIENCE: API_ID,
  ENTRA_JWKS_URL: `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/keys`,
}));
beforeAll(async () => {
  const tenants = host.deps.store.collection<TenantDocument>('tenants');
  const createdAt = new Date().toISOString();
  await tenants.create({
    id: ACTIVE_TENANT_ID,
    pk: ACTIVE_TENANT_ID,
    name: 'Esimerkki Oy',
    domain: 'example.fi',
    azureTenantId: ACTIVE_TID,
    isActive: true,
    createdAt,
  });
  await tenants.create({
    id: 'tenant-inactive',
    pk: 'tenant-inactive',
    name: 'Lakannut Oy',
    domain: 'lakannut.fi',
    azureTenantId: INACTIVE_TID,
    isActive: false,
    createdAt,
  });
});

describe('GET /user/validate-access', () => {
  it('creates the user on first sign-in, keyed by (tid, oid), and opens a work-account session', async () => {
    const oid = randomUUID();
    const { status, body } = await validateAccess(await mint(claimsFor(oid, { email: 'maija@example.fi' })));

    expect(status).toBe(200);
    expect(body.authorized).toBe(true);
    expect(body.sessionId).toEqual(expect.any(String));
    const user = body.user as Record<string, unknown>;
    expect(user).toEqual({
      id: expect.any(String),
      userName: 'Maija Meikäläinen',
      // The directory's display name is the account's full name (awards print counsel by it).
      fullName: 'Maija Meikäläinen',
      dateJoined: expect.any(String),
      email: 'maija@example.fi',
      emailConfirmed: true,
      tfaEnabled: false,
      sessionId: body.sessionId,
      agreedTermsOfService: 0,
    });

    const stored = await users().read(user.id as string, user.id as string);
    expect(stored).toMatchObject({ tenantId: ACTIVE_TENANT_ID, roles: ['User'], entra: { tid: ACTIVE_TID, oid } });
    expect(stored?.passwordHash).toBeUndefined();
    const session = await sessions().read(body.sessionId as string, body.sessionId as string);
    expect(session).toMatchObject({ userId: user.id, kind: 'entra' });
    expect(session?.secretHash).toBeUndefined();
  });

  it('signs the same (tid, oid) into the same user even when the email claim changed', async () => {
    const oid = randomUUID();
    const first = await signIn(oid, { email: 'first@example.fi' });
    const second = await signIn(oid, { email: 'renamed@example.fi', preferred_username: 'renamed@example.fi' });

    expect(second.user.id).toBe(first.user.id);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(await users().count({ where: [{ field: 'entra.oid', op: '=', value: oid }] })).toBe(1);
  });

  it('never matches users by email: the same email with another oid is another user', async () => {
    const first = await signIn(randomUUID(), { email: 'shared@example.fi' });
    const second = await signIn(randomUUID(), { email: 'shared@example.fi' });

    expect(second.user.id).not.toBe(first.user.id);
    expect(second.user.email).toBe('shared@example.fi');
  });

  it('takes the email from preferred_username when the token has no email claim', async () => {
    const { user } = await signIn(randomUUID(), { preferred_username: 'only.upn@example.fi' });
    expect(user.email).toBe('only.upn@example.fi');
  });

  it('audits the sign-in and the refusal, without the token', async () => {
    const oid = randomUUID();
    const { token, user } = await signIn(oid);
    await validateAccess(await mint(claimsFor(randomUUID(), { scp: 'openid' })));

    const { items } = await host.deps.store
      .collection<AuditDocument>('audit')
      .query({ where: [{ field: 'action', op: '=', value: 'ValidateAccess' }], limit: 1000 });
    expect(items.find((entry) => entry.userId === user.id)).toMatchObject({ success: true, ipAddress: '127.0.0.1' });
    expect(items.some((entry) => !entry.success && entry.errorMessage?.includes('access_as_user'))).toBe(true);
    expect(JSON.stringify(items)).not.toContain(token);
  });

  it('refuses a deactivated user', async () => {
    const oid = randomUUID();
    const { user } = await signIn(oid);
    await updateUser(user.id as string, { isActive: false });

    const { status, body } = await validateAccess(await mint(claimsFor(oid)));
    expect(status).toBe(401);
    expect(body.message).toBe('Your account is not active.');
  });

  it('refuses a request without a bearer token', async () => {
    const response = await host.fetch('/user/validate-access');
    expect(response.status).toBe(401);
  });

  describe('refuses a token that fails validation, saying why', () => {
    const oid = randomUUID();
    const refusals: [string, () => Promise<string>, string][] = [
      [
        'wrong audience',
        () => mint(claimsFor(oid, { aud: randomUUID() })),
        'The sign-in token was not issued for this application.',
      ],
      [
        'wrong issuer (another directory)',
        () => mint(claimsFor(oid, { iss: `https://login.microsoftonline.com/${UNKNOWN_TID}/v2.0` })),
        'The sign-in token was not issued by Microsoft Entra ID for its directory.',
      ],
      [
        'wrong issuer (the v1.0 issuer)',
        () => mint(claimsFor(oid, { iss: `https://sts.windows.net/${ACTIVE_TID}/` })),
        'The sign-in token was not issued by Microsoft Entra ID for its directory.',
      ],
      [
        'unknown tenant',
        () => mint(claimsFor(oid, { tid: UNKNOWN_TID })),
        'Your organisation is not registered for Ratkaisu.',
      ],
      [
        'inactive tenant',
        () => mint(claimsFor(oid, { tid: INACTIVE_TID })),
        "Your organisation's access to Ratkaisu is not active.",
      ],
      [
        'missing scope',
        () => mint(claimsFor(oid, { scp: 'openid profile' })),
        'The sign-in token does not grant the access_as_user permission.',
      ],
      [
        'a scope that only contains the name',
        () => mint(claimsFor(oid, { scp: 'not_access_as_user' })),
        'The sign-in token does not grant the access_as_user permission.',
      ],
      [
        'expired',
        () => {
          const now = Math.floor(Date.now() / 1000);
          return mint(claimsFor(oid, { iat: now - 7200, nbf: now - 7200, exp: now - 600 }));
        },
        'The sign-in token has expired. Please sign in again.',
      ],
      [
        'alg: none',
        async () => `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claimsFor(oid))}.`,
        'The sign-in token is not valid.',
      ],
      [
        'signed by a key not in the JWKS',
        () => mint(claimsFor(oid), strangerKey, 'stranger-key'),
        'The sign-in token is not valid.',
      ],
      [
        "signed by another key under the JWKS key's id",
        () => mint(claimsFor(oid), strangerKey, KID),
        'The sign-in token is not valid.',
      ],
      [
        'HS256 with the public key as the secret',
        () =>
          new SignJWT(claimsFor(oid))
            .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: KID })
            .sign(new TextEncoder().encode(publicPem)),
        'The sign-in token is not valid.',
      ],
      ['not a JWT at all', async () => 'not-a-token', 'The sign-in token is not valid.'],
    ];

    it.each(refusals)('%s → 401', async (_case, makeToken, message) => {
      const { status, body } = await validateAccess(await makeToken());
      expect(status).toBe(401);
      expect(body).toMatchObject({ code: 'unauthorized', message, reason: expect.stringMatching(/^entra\./) });
      expect(await users().count({ where: [{ field: 'entra.oid', op: '=', value: oid }] })).toBe(0);
    });
  });
});

describe('work-account requests (token + X-Session-Id)', () => {
  it('reach check-admin: false for a User, true once the user is made Admin', async () => {
    const { token, sessionId, user } = await signIn(randomUUID());

    const before = await checkAdmin(token, sessionId);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ isAdmin: false });

    await updateUser(user.id as string, { roles: ['Admin'] });
    const after = await checkAdmin(token, sessionId);
    expect(await after.json()).toEqual({ isAdmin: true });
  });

  it('are refused without X-Session-Id', async () => {
    const { token } = await signIn(randomUUID());
    expect((await checkAdmin(token)).status).toBe(401);
  });

  it("are refused with another user's session", async () => {
    const alice = await signIn(randomUUID());
    const bob = await signIn(randomUUID());
    expect((await checkAdmin(alice.token, bob.sessionId)).status).toBe(401);
    expect((await checkAdmin(alice.token, alice.sessionId)).status).toBe(200);
  });

  it('are refused at once when the session has ended', async () => {
    const { token, sessionId } = await signIn(randomUUID());
    expect((await checkAdmin(token, sessionId)).status).toBe(200);

    await updateSession(sessionId, { endedAt: new Date().toISOString() });
    const response = await checkAdmin(token, sessionId);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: 'unauthorized',
      reason: 'accounts.sessionEnded',
      params: {},
      message: 'Your session has ended. Please sign in again.',
    });
  });

  it('are refused when the session has been idle too long, and keep an active session alive', async () => {
    const idle = await signIn(randomUUID());
    const idleMinutes = host.deps.config.sessions.idleMinutes;
    await updateSession(idle.sessionId, {
      lastSeenAt: new Date(Date.now() - (idleMinutes + 1) * 60_000).toISOString(),
    });
    expect((await checkAdmin(idle.token, idle.sessionId)).status).toBe(401);

    const active = await signIn(randomUUID());
    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000).toISOString();
    await updateSession(active.sessionId, { lastSeenAt: twoMinutesAgo });
    expect((await checkAdmin(active.token, active.sessionId)).status).toBe(200);
    const refreshed = await sessions().read(active.sessionId, active.sessionId);
    expect(Date.parse(refreshed!.lastSeenAt)).toBeGreaterThan(Date.parse(twoMinutesAgo));
  });

  it('are refused when the token itself is no longer valid, even with a live session', async () => {
    const oid = randomUUID();
    const { sessionId } = await signIn(oid);
    const wrongAudience = await mint(claimsFor(oid, { aud: randomUUID() }));
    expect((await checkAdmin(wrongAudience, sessionId)).status).toBe(401);
  });

  it('are refused when the user was deactivated', async () => {
    const { token, sessionId, user } = await signIn(randomUUID());
    await updateUser(user.id as string, { isActive: false });
    expect((await checkAdmin(token, sessionId)).status).toBe(401);
  });
});
