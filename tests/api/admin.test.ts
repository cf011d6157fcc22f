import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  ADMIN_MESSAGES,
  refusal,
  type AdminUserView,
  type AuditChainReport,
  type AuditLogPage,
  type DashboardStats,
  type DisputeAnalytics,
  type DisputeView,
  type FixMissingRolesResult,
  type NewDisputeInput,
  type TenantView,
} from '@ratkaisu/core';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../../functions/src/adapters/store/sqlite-store.js';
import type { Clock } from '../../functions/src/ports/clock.js';
import type { Store } from '../../functions/src/ports/store.js';
import {
  ACCOUNT_INACTIVE_MESSAGE,
  EMAIL_NOT_CONFIRMED_MESSAGE,
} from '../../functions/src/services/accounts/sign-in.js';
import type { UserDocument } from '../../functions/src/records/user-document.js';
import { createAdminUser } from '../../functions/src/services/admin/create-admin-user.js';
import { updateAdminUser } from '../../functions/src/services/admin/update-admin-user.js';
import { deleteAdminUser } from '../../functions/src/services/admin/delete-admin-user.js';
import { chainHeadId, type AuditChainHeadDocument } from '../../functions/src/services/audit/audit-chain.js';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import { recordAudit, type AuditEntry } from '../../functions/src/services/audit/record-audit.js';
import type { DisputeDocument } from '../../functions/src/services/disputes/dispute-document.js';
import { ENTRA_MESSAGES } from '../../functions/src/services/identity/verify-entra-token.js';
import type { TenantDocument } from '../../functions/src/records/tenant-document.js';
import { productVersion } from '../../functions/src/version.js';
import { apiClient, newDispute as newCase, uniqueEmail } from './support/api-client.js';
import { seedSignedInUser, type SignedInUser } from './support/seed-user.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * Administration through the real local host: who may call which admin route
 * (anonymous, User, a tenant's Admin, SuperAdmin), tenants and users with
 * every validation and safety rule, the Overview's numbers, the audit log's
 * paging, filters and CSV export, and the tamper-evident chain.
 */

const START = Date.parse('2026-03-02T09:00:00.000Z');
const ROOT_EMAIL = 'root@example.fi';
const ROOT_PASSWORD = 'root password 1';
const SEED_PASSWORD = 'user password 1';

let now = START;
const clock: Clock = { now: () => new Date(now) };
/** Past the Overview's 10-second cache. */
const passCache = () => {
  now += 11_000;
};

// Work-account sign-in: tokens minted here against a JWKS on loopback, as in entra.test.ts.
const API_ID = '7d2c4b1a-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
const KID = 'admin-test-key';
let signingKey: CryptoKey;
let jwksServer: Server;

let root: { token: string; userId: string };

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  signingKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, use: 'sig', alg: 'RS256' };
  jwksServer = createServer((req, res) => {
    if (req.url !== '/keys') return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => jwksServer?.close(resolve));
});
const host = useTestHost(
  () => ({
    ADMIN_EMAIL: ROOT_EMAIL,
    ADMIN_PASSWORD: ROOT_PASSWORD,
    ENTRA_CLIENT_ID: API_ID,
    ENTRA_API_SCOPE: `api://${API_ID}/access_as_user`,
    ENTRA_API_AUDIENCE: API_ID,
    ENTRA_JWKS_URL: `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/keys`,
  }),
  { clock },
);
beforeAll(async () => {
  root = await signIn(ROOT_EMAIL, ROOT_PASSWORD);
});

// ---------------------------------------------------------------- helpers

const api = apiClient(() => host, clock);
const { call, json, mailsTo, linkIn } = api;

async function refused(response: Response, status: number, message?: string, field?: string) {
  const body = await json<{ code: string; message: string; fields?: Record<string, string> }>(response, status);
  if (message !== undefined) expect(body.message).toBe(message);
  if (field !== undefined) expect(body.fields?.[field]).toBe(message);
  return body;
}

async function signIn(username: string, password: string): Promise<{ token: string; userId: string }> {
  const body = await api.signIn(username, password);
  return { token: body.token, userId: body.user.id };
}

function uniqueDomain(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}.fi`;
}

const store = () => host.deps.store;
const users = () => store().collection<UserDocument>('users');
const auditLog = () => store().collection<AuditDocument>('audit');

/** A tenant made through the API by the SuperAdmin. */
async function newTenant(overrides: Record<string, unknown> = {}): Promise<TenantView> {
  return json<TenantView>(
    await call('POST', '/api/superadmin/tenants', root.token, {
      name: 'Esimerkki Oy',
      domain: uniqueDomain('esimerkki'),
      azureTenantId: randomUUID(),
      ...overrides,
    }),
    201,
  );
}

/** A confirmed user with a local session, straight into the store. */
function seedUser(tenantId: string, overrides: Partial<UserDocument> = {}): Promise<SignedInUser> {
  return seedSignedInUser(host, clock, { email: uniqueEmail('user'), tenantId, ...overrides });
}

async function auditEntries(where: { action?: string; entityId?: string; userId?: string }): Promise<AuditDocument[]> {
  const page = await auditLog().query({
    where: Object.entries(where).map(([field, value]) => ({ field, op: '=' as const, value: value! })),
    orderBy: { field: 'id', direction: 'asc' },
    limit: 1000,
  });
  return page.items;
}

/** The SuperAdmin creates a user through the API. */
function createUser(body: unknown) {
  return call('POST', '/api/superadmin/users', root.token, body);
}

/** Changes a user through the API, sending their user name and email unchanged along with `fields`. */
function updateUser(
  token: string,
  user: { id: string; userName: string; email: string },
  fields: { tenantId: string; roles: string[] },
) {
  return call('PUT', `/api/superadmin/users/${user.id}`, token, {
    userName: user.userName,
    email: user.email,
    ...fields,
  });
}

function userBody(tenantId: string, overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail('new');
  return { userName: email.split('@')[0], email, tenantId, roles: ['User'], ...overrides };
}

function newDispute(overrides: Partial<NewDisputeInput> = {}): NewDisputeInput {
  return newCase(uniqueEmail('resp'), overrides);
}

function withoutEtag<T extends { _etag: string }>(doc: T): Omit<T, '_etag'> {
  const { _etag, ...rest } = doc;
  return rest;
}

/** A minimal RFC 4180 reader: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        cell += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += char;
    }
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

// ---------------------------------------------------------------- who may call what

describe('access to the admin routes', () => {
  const routes: [method: string, path: string, body?: unknown][] = [
    ['GET', '/api/superadmin/dashboard'],
    ['GET', '/api/superadmin/analytics/disputes'],
    ['GET', '/api/superadmin/tenants'],
    ['POST', '/api/superadmin/tenants', { name: 'X', domain: 'x.fi', azureTenantId: 'x' }],
    ['PUT', '/api/superadmin/tenants/default', { name: 'X', domain: 'x.fi', azureTenantId: 'x' }],
    ['DELETE', '/api/superadmin/tenants/default'],
    ['GET', '/api/superadmin/users'],
    ['POST', '/api/superadmin/users', { userName: 'xxx', email: 'x@x.fi', tenantId: 'default', roles: ['User'] }],
    ['POST', '/api/superadmin/users/fix-missing-roles'],
    ['PUT', '/api/superadmin/users/nobody', { userName: 'xxx', email: 'x@x.fi', tenantId: 'default', roles: ['User'] }],
    ['DELETE', '/api/superadmin/users/nobody'],
    ['GET', '/api/superadmin/security-logs'],
    ['GET', '/api/superadmin/security-logs/export'],
    ['GET', '/api/superadmin/security-logs/verify'],
  ];

  it('answers 401 to anonymous callers on every admin route', async () => {
    for (const [method, pathname, body] of routes) {
      expect((await call(method, pathname, undefined, body)).status, `${method} ${pathname}`).toBe(401);
    }
  });

  it('answers 403 to a signed-in User on every admin route, and changes nothing', async () => {
    const user = await seedUser('default');
    const tenantsBefore = await store().collection<TenantDocument>('tenants').count({});
    for (const [method, pathname, body] of routes) {
      const response = await call(method, pathname, user.token, body);
      expect(response.status, `${method} ${pathname}`).toBe(403);
      expect((await response.json()).code).toBe('forbidden');
    }
    expect(await store().collection<TenantDocument>('tenants').count({})).toBe(tenantsBefore);
  });

  it("answers 403 to a tenant's Admin on tenant changes and the chain check, and lets them read", async () => {
    const tenant = await newTenant();
    const admin = await seedUser(tenant.id, { roles: ['Admin'] });
    for (const [method, pathname, body] of routes) {
      const response = await call(
        method,
        pathname.replace('/tenants/default', `/tenants/${tenant.id}`),
        admin.token,
        body,
      );
      const expected =
        (pathname.startsWith('/api/superadmin/tenants') && method !== 'GET') || pathname.endsWith('/verify')
          ? [403]
          : // the made-up user is not found; the made-up new user is in another tenant
            pathname.includes('/users/nobody')
            ? [404]
            : method === 'POST' && pathname === '/api/superadmin/users'
              ? [403]
              : [200];
      expect(expected, `${method} ${pathname}: ${response.status}`).toContain(response.status);
    }
    expect((await store().collection<TenantDocument>('tenants').read(tenant.id, tenant.id))?.name).toBe(tenant.name);
  });

  it('lets a SuperAdmin call every route', async () => {
    for (const [method, pathname] of routes.filter(([m]) => m === 'GET')) {
      expect((await call(method, pathname, root.token)).status, pathname).toBe(200);
    }
    expect((await call('POST', '/api/superadmin/users/fix-missing-roles', root.token)).status).toBe(200);
  });

  it('answers the admin check for each role', async () => {
    const user = await seedUser('default');
    const admin = await seedUser('default', { roles: ['Admin'] });
    for (const [token, isAdmin] of [
      [user.token, false],
      [admin.token, true],
      [root.token, true],
    ] as const) {
      expect(await json(await call('GET', '/api/admin/check-admin', token), 200)).toEqual({ isAdmin });
    }
  });
});

// ---------------------------------------------------------------- tenants

describe('tenants', () => {
  it('creates a tenant with trimmed fields, a lower-case domain and directory id, active by default', async () => {
    const guid = randomUUID().toUpperCase();
    const domain = uniqueDomain('Trim');
    const tenant = await json<TenantView>(
      await call('POST', '/api/superadmin/tenants', root.token, {
        name: '  Trimmi Oy  ',
        domain: `  ${domain.toUpperCase()} `,
        azureTenantId: ` ${guid} `,
        description: '   ',
      }),
      201,
    );
    expect(tenant).toEqual({
      id: expect.any(String),
      name: 'Trimmi Oy',
      domain: domain.toLowerCase(),
      azureTenantId: guid.toLowerCase(),
      isActive: true,
      createdAt: new Date(now).toISOString(),
      isDefault: false,
      // A new tenant keeps its AI-use log the minimum (EU AI Act Art. 26(6)).
      aiLogRetentionMonths: 6,
      // …and its finished cases the default period (docs/data-lifecycle.md).
      caseRetentionYears: 15,
    });
    const listed = await json<TenantView[]>(await call('GET', '/api/superadmin/tenants', root.token), 200);
    expect(listed.find((entry) => entry.id === tenant.id)).toEqual(tenant);
    expect(listed.find((entry) => entry.id === 'default')).toMatchObject({ isDefault: true });

    const [entry] = await auditEntries({ action: 'CreateTenant', entityId: tenant.id });
    expect(entry).toMatchObject({
      success: true,
      userId: root.userId,
      userEmail: ROOT_EMAIL,
      entityType: 'Tenant',
      tenantId: tenant.id,
      ipAddress: '127.0.0.1',
      details: expect.stringContaining('Name: Trimmi Oy'),
    });
  });

  it('refuses each missing or bad field with its message, and audits the refusal', async () => {
    const valid = { name: 'Oy', domain: uniqueDomain('valid'), azureTenantId: randomUUID() };
    const cases: [body: unknown, field: string, message: string][] = [
      [{ ...valid, name: undefined }, 'name', 'Name is required.'],
      [{ ...valid, name: '   ' }, 'name', 'Name is required.'],
      [{ ...valid, name: 42 }, 'name', 'Name must be text.'],
      [{ ...valid, name: 'x'.repeat(201) }, 'name', 'Name must be at most 200 characters.'],
      [{ ...valid, domain: undefined }, 'domain', 'Domain is required.'],
      [{ ...valid, domain: ' \t ' }, 'domain', 'Domain is required.'],
      [{ ...valid, domain: 'not a domain' }, 'domain', 'Domain must be a domain name such as example.fi.'],
      [{ ...valid, domain: 'localhost' }, 'domain', 'Domain must be a domain name such as example.fi.'],
      [{ ...valid, azureTenantId: undefined }, 'azureTenantId', 'Azure tenant ID is required.'],
      [{ ...valid, azureTenantId: '  ' }, 'azureTenantId', 'Azure tenant ID is required.'],
      [{ ...valid, description: 'x'.repeat(1001) }, 'description', 'Description must be at most 1000 characters.'],
      [{ ...valid, isActive: 'yes' }, 'isActive', 'isActive must be true or false.'],
      [[valid], '_', 'The tenant must be a JSON object.'],
    ];
    for (const [body, field, message] of cases) {
      await refused(await call('POST', '/api/superadmin/tenants', root.token, body), 400, message, field);
    }
    const failures = (await auditEntries({ action: 'CreateTenant' })).filter((entry) => !entry.success);
    expect(failures.map((entry) => entry.errorMessage)).toEqual(
      expect.arrayContaining(['Name is required.', 'Domain must be a domain name such as example.fi.']),
    );
  });

  it('keeps domain and directory id unique without regard to letter case', async () => {
    const first = await newTenant({ domain: uniqueDomain('unique'), azureTenantId: randomUUID() });
    await refused(
      await call('POST', '/api/superadmin/tenants', root.token, {
        name: 'Copy',
        domain: first.domain.toUpperCase(),
        azureTenantId: randomUUID(),
      }),
      409,
      refusal('admin.tenantDomainTaken', { domain: first.domain }).message,
    );
    await refused(
      await call('POST', '/api/superadmin/tenants', root.token, {
        name: 'Copy',
        domain: uniqueDomain('other'),
        azureTenantId: first.azureTenantId.toUpperCase(),
      }),
      409,
      refusal('admin.tenantAzureIdTaken', { azureTenantId: first.azureTenantId }).message,
    );
    // The default tenant has no claims (made on first start); the check still sees it.
    await refused(
      await call('POST', '/api/superadmin/tenants', root.token, {
        name: 'Copy',
        domain: 'RATKAISU.local',
        azureTenantId: randomUUID(),
      }),
      409,
      refusal('admin.tenantDomainTaken', { domain: 'ratkaisu.local' }).message,
    );
    await refused(
      await call('POST', '/api/superadmin/tenants', root.token, {
        name: 'Copy',
        domain: uniqueDomain('other'),
        azureTenantId: 'LOCAL',
      }),
      409,
      refusal('admin.tenantAzureIdTaken', { azureTenantId: 'LOCAL' }).message,
    );

    const second = await newTenant();
    await refused(
      await call('PUT', `/api/superadmin/tenants/${second.id}`, root.token, {
        name: second.name,
        domain: first.domain,
        azureTenantId: second.azureTenantId,
      }),
      409,
      refusal('admin.tenantDomainTaken', { domain: first.domain }).message,
    );
    // Its own values in other letters are no clash.
    const renamed = await json<TenantView>(
      await call('PUT', `/api/superadmin/tenants/${second.id}`, root.token, {
        name: 'Renamed Oy',
        domain: second.domain.toUpperCase(),
        azureTenantId: second.azureTenantId.toUpperCase(),
        description: 'Now with a description',
      }),
      200,
    );
    expect(renamed).toMatchObject({ name: 'Renamed Oy', domain: second.domain, description: 'Now with a description' });
    const updates = await auditEntries({ action: 'UpdateTenant', entityId: second.id });
    expect(updates.map((entry) => entry.success)).toEqual([false, true]);
    expect(updates[0]!.errorMessage).toBe(refusal('admin.tenantDomainTaken', { domain: first.domain }).message);
    expect(updates[1]!.details).toContain('name: Esimerkki Oy → Renamed Oy');
  });

  it('moves a domain between tenants once the first lets it go', async () => {
    const first = await newTenant();
    const freed = first.domain;
    await json(
      await call('PUT', `/api/superadmin/tenants/${first.id}`, root.token, {
        name: first.name,
        domain: uniqueDomain('moved'),
        azureTenantId: first.azureTenantId,
      }),
      200,
    );
    expect((await newTenant({ domain: freed })).domain).toBe(freed);
  });

  it('answers 404 for an unknown tenant', async () => {
    const body = { name: 'X', domain: uniqueDomain('x'), azureTenantId: randomUUID() };
    await refused(
      await call('PUT', '/api/superadmin/tenants/nope', root.token, body),
      404,
      ADMIN_MESSAGES.tenantNotFound,
    );
    await refused(await call('DELETE', '/api/superadmin/tenants/nope', root.token), 404, ADMIN_MESSAGES.tenantNotFound);
  });

  it('never deletes the default tenant or a tenant with users, and deletes an empty one', async () => {
    await refused(
      await call('DELETE', '/api/superadmin/tenants/default', root.token),
      409,
      ADMIN_MESSAGES.defaultTenantUndeletable,
    );
    const tenant = await newTenant();
    await seedUser(tenant.id);
    await seedUser(tenant.id);
    await refused(
      await call('DELETE', `/api/superadmin/tenants/${tenant.id}`, root.token),
      409,
      'This tenant still has 2 users. Move or delete them before deleting the tenant.',
    );
    const empty = await newTenant();
    expect((await call('DELETE', `/api/superadmin/tenants/${empty.id}`, root.token)).status).toBe(204);
    const listed = await json<TenantView[]>(await call('GET', '/api/superadmin/tenants', root.token), 200);
    expect(listed.map((entry) => entry.id)).not.toContain(empty.id);
    expect(listed.map((entry) => entry.id)).toContain(tenant.id);
    // Its domain is free again.
    expect((await newTenant({ domain: empty.domain })).domain).toBe(empty.domain);

    const deletions = await auditEntries({ action: 'DeleteTenant' });
    expect(deletions.find((entry) => entry.entityId === empty.id)).toMatchObject({ success: true, tenantId: empty.id });
    expect(deletions.find((entry) => entry.entityId === tenant.id)).toMatchObject({
      success: false,
      errorMessage: 'This tenant still has 2 users. Move or delete them before deleting the tenant.',
    });
  });

  it('refuses to let a SuperAdmin deactivate their own tenant', async () => {
    await refused(
      await call('PUT', '/api/superadmin/tenants/default', root.token, {
        name: 'Ratkaisu',
        domain: 'ratkaisu.local',
        azureTenantId: 'local',
        isActive: false,
      }),
      409,
      ADMIN_MESSAGES.ownTenantDeactivation,
    );
    expect((await store().collection<TenantDocument>('tenants').read('default', 'default'))?.isActive).toBe(true);
  });

  it('lets a tenant Admin read their own tenant only', async () => {
    const tenant = await newTenant();
    await newTenant();
    const admin = await seedUser(tenant.id, { roles: ['Admin'] });
    expect(await json<TenantView[]>(await call('GET', '/api/superadmin/tenants', admin.token), 200)).toEqual([tenant]);
  });
});

describe('deactivating a tenant', () => {
  it('locks its local users out at once, sessions and sign-in alike, until it is reactivated', async () => {
    const tenant = await newTenant();
    const member = await seedUser(tenant.id);
    const outsider = await seedUser('default');
    expect((await call('GET', '/user/check-auth', member.token)).status).toBe(200);

    const body = { name: tenant.name, domain: tenant.domain, azureTenantId: tenant.azureTenantId };
    const off = await json<TenantView>(
      await call('PUT', `/api/superadmin/tenants/${tenant.id}`, root.token, { ...body, isActive: false }),
      200,
    );
    expect(off.isActive).toBe(false);
    expect((await call('GET', '/user/check-auth', member.token)).status).toBe(401);
    expect((await call('GET', '/user/check-auth', outsider.token)).status).toBe(200);
    await refused(
      await call('POST', '/user/login', undefined, { username: member.user.email, password: SEED_PASSWORD }),
      403,
      ACCOUNT_INACTIVE_MESSAGE,
    );

    await json(await call('PUT', `/api/superadmin/tenants/${tenant.id}`, root.token, { ...body, isActive: true }), 200);
    await signIn(member.user.email, SEED_PASSWORD);
    const [entry] = (await auditEntries({ action: 'UpdateTenant', entityId: tenant.id })).filter((e) =>
      e.details?.includes('isActive: true → false'),
    );
    expect(entry).toMatchObject({ success: true, tenantId: tenant.id });
  });

  it('locks its work-account users out at once, new sign-ins and open sessions alike', async () => {
    const tid = randomUUID();
    // Typed in capitals: stored lower-case, as work-account sign-in looks tenants up by the token's tid.
    const tenant = await newTenant({ azureTenantId: tid.toUpperCase() });
    const mintToken = () =>
      new SignJWT({
        aud: API_ID,
        iss: `https://login.microsoftonline.com/${tid}/v2.0`,
        tid,
        oid: '0e0e0e0e-1111-4222-8333-444444444444',
        scp: 'access_as_user',
        name: 'Työ Tili',
        preferred_username: 'tyo@example.fi',
      })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: KID })
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(Math.floor(now / 1000) + 3600)
        .sign(signingKey);
    const token = await mintToken();
    const opened = await json<{ sessionId: string }>(await call('GET', '/user/validate-access', token), 200);
    const asWorkAccount = () => call('GET', '/user/check-auth', token, undefined, { 'X-Session-Id': opened.sessionId });
    expect((await asWorkAccount()).status).toBe(200);

    const body = { name: tenant.name, domain: tenant.domain, azureTenantId: tenant.azureTenantId };
    await json(
      await call('PUT', `/api/superadmin/tenants/${tenant.id}`, root.token, { ...body, isActive: false }),
      200,
    );
    expect((await asWorkAccount()).status).toBe(401);
    await refused(await call('GET', '/user/validate-access', token), 401, ENTRA_MESSAGES.inactiveTenant);

    await json(await call('PUT', `/api/superadmin/tenants/${tenant.id}`, root.token, { ...body, isActive: true }), 200);
    expect((await call('GET', '/user/validate-access', token)).status).toBe(200);
    const listed = await json<AdminUserView[]>(await call('GET', '/api/superadmin/users', root.token), 200);
    expect(listed.find((user) => user.tenantId === tenant.id)).toMatchObject({
      accountKind: 'work',
      tenantName: tenant.name,
      tenantDomain: tenant.domain,
    });
  });
});

// ---------------------------------------------------------------- users

describe('users', () => {
  it('creates a local user who is invited by mail to choose a password through the reset link', async () => {
    const tenant = await newTenant();
    const body = userBody(tenant.id, { userName: '  Maija Meikäläinen ', roles: ['Admin', 'Admin'] });
    const created = await json<AdminUserView>(await createUser(body), 201);
    expect(created).toEqual({
      id: expect.any(String),
      userName: 'Maija Meikäläinen',
      email: body.email,
      tenantId: tenant.id,
      tenantName: tenant.name,
      tenantDomain: tenant.domain,
      roles: ['Admin'],
      isActive: true,
      lastActivity: null,
      emailConfirmed: true,
      accountKind: 'local',
    });

    const link = linkIn(body.email, '/reset-password');
    expect(link.searchParams.get('email')).toBe(body.email);
    expect(mailsTo(body.email).at(-1)).toContain('An administrator has created a Ratkaisu account for you.');
    await json(
      await call('POST', '/user/reset-password', undefined, {
        email: body.email,
        token: link.searchParams.get('token'),
        password: 'my own password 9',
      }),
      200,
    );
    const signedIn = await signIn(body.email, 'my own password 9');
    expect(await json(await call('GET', '/api/admin/check-admin', signedIn.token), 200)).toEqual({ isAdmin: true });

    const [entry] = await auditEntries({ action: 'CreateUser', entityId: created.id });
    expect(entry).toMatchObject({ success: true, tenantId: tenant.id, userId: root.userId, entityType: 'User' });
    const text = JSON.stringify(await auditEntries({ entityId: created.id }));
    expect(text).not.toContain(link.searchParams.get('token'));
    expect(text).not.toContain('my own password 9');
  });

  it('invites in the account’s language: as chosen, else the administrator’s own', async () => {
    const tenant = await newTenant();
    const chosen = userBody(tenant.id, { language: 'fi' });
    await json<AdminUserView>(await createUser(chosen), 201);
    const finnish = mailsTo(chosen.email).at(-1)!;
    expect(finnish).toContain('Ylläpitäjä on luonut sinulle tunnuksen Ratkaisu-palveluun.');
    expect(finnish).not.toContain('An administrator has created');

    // Without a choice the administrator's own language is the new account's.
    await json(await call('POST', '/user/update-language', root.token, { language: 'fi' }), 200);
    try {
      const inherited = userBody(tenant.id);
      await json<AdminUserView>(await createUser(inherited), 201);
      expect(mailsTo(inherited.email).at(-1)).toContain('Valitse salasanasi avaamalla tämä linkki:');
    } finally {
      await json(await call('POST', '/user/update-language', root.token, { language: 'en' }), 200);
    }
    const refused = await createUser({ ...userBody(tenant.id), language: 'sv' });
    expect(await json<{ fields: Record<string, string> }>(refused, 400)).toMatchObject({
      fields: { language: 'language must be "en" or "fi".' },
    });
  });

  it('refuses each missing or bad field with its message', async () => {
    const valid = userBody('default');
    const cases: [body: unknown, field: string, message: string][] = [
      [{ ...valid, userName: undefined }, 'userName', 'User name is required.'],
      [{ ...valid, userName: '   ' }, 'userName', 'User name is required.'],
      [{ ...valid, userName: ' ab ' }, 'userName', 'User name must be at least 3 characters.'],
      [{ ...valid, email: undefined }, 'email', 'Email is required.'],
      [{ ...valid, email: 'no-at-sign' }, 'email', 'Email must be a valid email address.'],
      [{ ...valid, email: 'two@@example.fi' }, 'email', 'Email must be a valid email address.'],
      [{ ...valid, tenantId: undefined }, 'tenantId', 'Tenant is required.'],
      [{ ...valid, tenantId: ' ' }, 'tenantId', 'Tenant is required.'],
      [{ ...valid, roles: undefined }, 'roles', 'Choose a role.'],
      [{ ...valid, roles: [] }, 'roles', 'Choose a role.'],
      [{ ...valid, roles: 'User' }, 'roles', 'roles must be a list.'],
      [{ ...valid, roles: ['Owner'] }, 'roles.0', 'Each role must be User, Admin or SuperAdmin.'],
      [{ ...valid, isActive: 1 }, 'isActive', 'isActive must be true or false.'],
      ['user', '_', 'The user must be a JSON object.'],
    ];
    for (const [body, field, message] of cases) {
      await refused(await createUser(body), 400, message, field);
    }
    await refused(
      await createUser({ ...valid, tenantId: 'no-such-tenant' }),
      400,
      ADMIN_MESSAGES.chosenTenantMissing,
      'tenantId',
    );
    expect(mailsTo(valid.email)).toEqual([]);
  });

  it('keeps user names and emails unique without regard to letter case', async () => {
    const existing = await seedUser('default');
    await refused(
      await createUser(userBody('default', { userName: existing.user.userName.toUpperCase() })),
      409,
      refusal('admin.userNameTaken', { userName: existing.user.userName.toUpperCase() }).message,
    );
    await refused(
      await createUser(userBody('default', { email: existing.user.email.toUpperCase() })),
      409,
      refusal('admin.emailTaken', { email: existing.user.email.toUpperCase() }).message,
    );
    const other = await json<AdminUserView>(await createUser(userBody('default')), 201);
    await refused(
      await call('PUT', `/api/superadmin/users/${other.id}`, root.token, {
        ...userBody('default'),
        email: existing.user.email,
      }),
      409,
      refusal('admin.emailTaken', { email: existing.user.email }).message,
    );
  });

  it('changes roles with effect on the next request, and records what changed', async () => {
    const member = await seedUser('default');
    expect(await json(await call('GET', '/api/admin/check-admin', member.token), 200)).toEqual({ isAdmin: false });
    const body = { userName: member.user.userName, email: member.user.email, tenantId: 'default', roles: ['Admin'] };
    const changed = await json<AdminUserView>(
      await call('PUT', `/api/superadmin/users/${member.user.id}`, root.token, body),
      200,
    );
    expect(changed.roles).toEqual(['Admin']);
    expect(await json(await call('GET', '/api/admin/check-admin', member.token), 200)).toEqual({ isAdmin: true });
    const [entry] = await auditEntries({ action: 'UpdateUser', entityId: member.user.id });
    expect(entry).toMatchObject({ success: true, details: 'roles: User → Admin', tenantId: 'default' });
  });

  it('ends the sessions of a user who is deactivated', async () => {
    const member = await seedUser('default');
    const body = { userName: member.user.userName, email: member.user.email, tenantId: 'default', roles: ['User'] };
    const changed = await json<AdminUserView>(
      await call('PUT', `/api/superadmin/users/${member.user.id}`, root.token, { ...body, isActive: false }),
      200,
    );
    expect(changed.isActive).toBe(false);
    expect((await call('GET', '/user/check-auth', member.token)).status).toBe(401);
    const [entry] = await auditEntries({ action: 'UpdateUser', entityId: member.user.id });
    expect(entry?.details).toBe('isActive: true → false; sessions ended: 1');
    const listed = await json<AdminUserView[]>(await call('GET', '/api/superadmin/users', root.token), 200);
    expect(listed.find((user) => user.id === member.user.id)).toMatchObject({ isActive: false });
  });

  it('makes a user confirm a new email address before signing in again', async () => {
    const member = await seedUser('default');
    const newEmail = uniqueEmail('moved');
    const changed = await json<AdminUserView>(
      await call('PUT', `/api/superadmin/users/${member.user.id}`, root.token, {
        userName: member.user.userName,
        email: newEmail,
        tenantId: 'default',
        roles: ['User'],
      }),
      200,
    );
    expect(changed).toMatchObject({ email: newEmail, emailConfirmed: false });
    await refused(
      await call('POST', '/user/login', undefined, { username: newEmail, password: SEED_PASSWORD }),
      403,
      EMAIL_NOT_CONFIRMED_MESSAGE,
    );
    const link = linkIn(newEmail, '/confirm-email');
    await json(
      await call('POST', '/user/confirm-email', undefined, {
        userId: link.searchParams.get('userId'),
        token: link.searchParams.get('token'),
      }),
      200,
    );
    await signIn(newEmail, SEED_PASSWORD);
    // The old address is free for someone else.
    await json(await createUser(userBody('default', { email: member.user.email })), 201);
  });

  it('keeps nothing when the invitation or the confirmation mail cannot be sent', async () => {
    const failingMail = {
      ...host.deps,
      mailer: { kind: 'outbox' as const, send: () => Promise.reject(new Error('SMTP down')) },
    };
    const caller = {
      userId: root.userId,
      sessionId: 'test',
      tenantId: 'default',
      email: ROOT_EMAIL,
      roles: ['SuperAdmin'],
    };
    const client = { ipAddress: '127.0.0.1', device: 'vitest' };
    const body = userBody('default');
    await expect(createAdminUser(failingMail, caller, body, client)).rejects.toMatchObject({
      status: 503,
      message: ADMIN_MESSAGES.invitationFailed,
    });
    expect((await users().query({ where: [{ field: 'emailKey', op: '=', value: body.email }] })).items).toEqual([]);
    // The name and email are free again.
    await json(await createUser(body), 201);

    const member = await seedUser('default');
    const moved = { userName: member.user.userName, email: uniqueEmail('moved'), tenantId: 'default', roles: ['User'] };
    await expect(updateAdminUser(failingMail, caller, member.user.id, moved, client)).rejects.toMatchObject({
      status: 503,
      message: ADMIN_MESSAGES.emailChangeMailFailed,
    });
    expect(await users().read(member.user.id, member.user.id)).toMatchObject({
      email: member.user.email,
      emailConfirmed: true,
    });
    await json(await createUser(userBody('default', { email: moved.email })), 201);
  });

  it('deletes a user, ending their sessions and freeing their email', async () => {
    const member = await seedUser('default');
    expect((await call('DELETE', `/api/superadmin/users/${member.user.id}`, root.token)).status).toBe(204);
    expect((await call('GET', '/user/check-auth', member.token)).status).toBe(401);
    expect(await users().read(member.user.id, member.user.id)).toBeUndefined();
    const listed = await json<AdminUserView[]>(await call('GET', '/api/superadmin/users', root.token), 200);
    expect(listed.map((user) => user.id)).not.toContain(member.user.id);
    const [entry] = await auditEntries({ action: 'DeleteUser', entityId: member.user.id });
    expect(entry).toMatchObject({
      success: true,
      tenantId: 'default',
      details: expect.stringContaining('sessions ended: 1'),
    });
    await json(await createUser(userBody('default', { email: member.user.email })), 201);
    await refused(
      await call('DELETE', `/api/superadmin/users/${member.user.id}`, root.token),
      404,
      ADMIN_MESSAGES.userNotFound,
    );
  });

  it('never lets an administrator demote, deactivate or delete themselves', async () => {
    const self = { userName: ROOT_EMAIL, email: ROOT_EMAIL, tenantId: 'default' };
    await refused(
      await call('PUT', `/api/superadmin/users/${root.userId}`, root.token, { ...self, roles: ['Admin'] }),
      409,
      ADMIN_MESSAGES.ownSuperAdminRole,
    );
    await refused(
      await call('PUT', `/api/superadmin/users/${root.userId}`, root.token, {
        ...self,
        roles: ['SuperAdmin'],
        isActive: false,
      }),
      409,
      ADMIN_MESSAGES.ownDeactivation,
    );
    await refused(
      await call('DELETE', `/api/superadmin/users/${root.userId}`, root.token),
      409,
      ADMIN_MESSAGES.ownDeletion,
    );
    const inactive = await newTenant({ isActive: false });
    await refused(
      await call('PUT', `/api/superadmin/users/${root.userId}`, root.token, {
        ...self,
        tenantId: inactive.id,
        roles: ['SuperAdmin'],
      }),
      409,
      ADMIN_MESSAGES.ownTenantInactive,
    );
    expect((await users().read(root.userId, root.userId))?.roles).toEqual(['SuperAdmin']);
    const refusals = (await auditEntries({ action: 'UpdateUser', entityId: root.userId })).filter((e) => !e.success);
    expect(refusals.map((entry) => entry.errorMessage)).toEqual([
      ADMIN_MESSAGES.ownSuperAdminRole,
      ADMIN_MESSAGES.ownDeactivation,
      ADMIN_MESSAGES.ownTenantInactive,
    ]);
  });

  it('lets one SuperAdmin demote another while one remains', async () => {
    const other = await seedUser('default', { roles: ['SuperAdmin'] });
    const demoted = await json<AdminUserView>(
      await updateUser(root.token, other.user, { tenantId: 'default', roles: ['User'] }),
      200,
    );
    expect(demoted.roles).toEqual(['User']);
    expect((await call('GET', '/api/superadmin/dashboard', other.token)).status).toBe(403);
  });
});

describe('a tenant Admin', () => {
  let tenant: TenantView;
  let otherTenant: TenantView;
  let admin: SignedInUser;
  let member: SignedInUser;
  let outsider: SignedInUser;
  let superAdminInTenant: SignedInUser;

  beforeAll(async () => {
    tenant = await newTenant();
    otherTenant = await newTenant();
    admin = await seedUser(tenant.id, { roles: ['Admin'] });
    member = await seedUser(tenant.id);
    superAdminInTenant = await seedUser(tenant.id, { roles: ['SuperAdmin'] });
    outsider = await seedUser(otherTenant.id);
  });

  it("lists their tenant's users only", async () => {
    const listed = await json<AdminUserView[]>(await call('GET', '/api/superadmin/users', admin.token), 200);
    expect(listed.map((user) => user.id).sort()).toEqual(
      [admin.user.id, member.user.id, superAdminInTenant.user.id].sort(),
    );
    expect(listed.every((user) => user.tenantName === tenant.name && user.tenantDomain === tenant.domain)).toBe(true);
  });

  it('creates and changes users of their tenant, Admins included', async () => {
    const created = await json<AdminUserView>(
      await call('POST', '/api/superadmin/users', admin.token, userBody(tenant.id, { roles: ['Admin'] })),
      201,
    );
    const changed = await json<AdminUserView>(
      await updateUser(admin.token, created, { tenantId: tenant.id, roles: ['User'] }),
      200,
    );
    expect(changed.roles).toEqual(['User']);
    expect((await call('DELETE', `/api/superadmin/users/${created.id}`, admin.token)).status).toBe(204);
  });

  it('cannot reach users of another tenant, nor move users there', async () => {
    const body = {
      userName: outsider.user.userName,
      email: outsider.user.email,
      tenantId: otherTenant.id,
      roles: ['Admin'],
    };
    await refused(
      await call('PUT', `/api/superadmin/users/${outsider.user.id}`, admin.token, body),
      404,
      ADMIN_MESSAGES.userNotFound,
    );
    await refused(
      await call('DELETE', `/api/superadmin/users/${outsider.user.id}`, admin.token),
      404,
      ADMIN_MESSAGES.userNotFound,
    );
    await refused(
      await call('POST', '/api/superadmin/users', admin.token, userBody(otherTenant.id)),
      403,
      ADMIN_MESSAGES.tenantAdminOtherTenant,
    );
    await refused(
      await updateUser(admin.token, member.user, { tenantId: otherTenant.id, roles: ['User'] }),
      403,
      ADMIN_MESSAGES.tenantAdminOtherTenant,
    );
    expect((await users().read(outsider.user.id, outsider.user.id))?.roles).toEqual(['User']);
    expect((await users().read(member.user.id, member.user.id))?.tenantId).toBe(tenant.id);
  });

  it('cannot create, grant or touch a SuperAdmin, and the attempts are audited', async () => {
    await refused(
      await call('POST', '/api/superadmin/users', admin.token, userBody(tenant.id, { roles: ['SuperAdmin'] })),
      403,
      ADMIN_MESSAGES.tenantAdminSuperAdmin,
    );
    const memberBody = { userName: member.user.userName, email: member.user.email, tenantId: tenant.id };
    await refused(
      await call('PUT', `/api/superadmin/users/${member.user.id}`, admin.token, {
        ...memberBody,
        roles: ['SuperAdmin'],
      }),
      403,
      ADMIN_MESSAGES.tenantAdminSuperAdmin,
    );
    await refused(
      await updateUser(admin.token, superAdminInTenant.user, { tenantId: tenant.id, roles: ['User'] }),
      403,
      ADMIN_MESSAGES.tenantAdminSuperAdmin,
    );
    await refused(
      await call('DELETE', `/api/superadmin/users/${superAdminInTenant.user.id}`, admin.token),
      403,
      ADMIN_MESSAGES.tenantAdminSuperAdmin,
    );
    expect((await users().read(superAdminInTenant.user.id, superAdminInTenant.user.id))?.roles).toEqual(['SuperAdmin']);
    const refusals = (await auditEntries({ userId: admin.user.id })).filter(
      (entry) => !entry.success && entry.errorMessage === ADMIN_MESSAGES.tenantAdminSuperAdmin,
    );
    // Each 403 is also an AccessDenied entry (every refusal is, tests/api/access-denied.test.ts).
    expect(refusals.filter((entry) => entry.action === 'AccessDenied')).toHaveLength(4);
    expect(
      refusals
        .map((entry) => entry.action)
        .filter((action) => action !== 'AccessDenied')
        .sort(),
    ).toEqual(['CreateUser', 'DeleteUser', 'UpdateUser', 'UpdateUser']);
  });

  it('sees case numbers of their tenant, never the cases themselves', async () => {
    const dispute = await json<DisputeView>(await call('POST', '/api/dispute', member.token, newDispute()), 201);
    passCache();
    const stats = await json<DashboardStats>(await call('GET', '/api/superadmin/dashboard', admin.token), 200);
    expect(stats).toMatchObject({
      activeTenants: 1,
      totalUsers: 3,
      activeUsers: 3,
      totalDisputes: 1,
      activeDisputes: 1,
    });
    expect(stats.tenantStats).toEqual([
      expect.objectContaining({ tenantId: tenant.id, userCount: 3, disputeCount: 1, tenantName: tenant.name }),
    ]);
    expect(stats.recentActivities.every((entry) => entry.tenantId === tenant.id)).toBe(true);
    expect((await call('GET', `/api/dispute/${dispute.id}`, admin.token)).status).toBe(404);
    expect((await call('GET', `/api/dispute/${dispute.id}/phases`, admin.token)).status).toBe(404);
  });
});

describe('fix-missing-roles', () => {
  it('gives User to users without a valid role, within the caller’s scope, and says how many', async () => {
    const tenant = await newTenant();
    const admin = await seedUser(tenant.id, { roles: ['Admin'] });
    const inTenant = [
      await seedUser(tenant.id, { roles: [] }),
      await seedUser(tenant.id, { roles: ['Owner' as never] }),
    ];
    const elsewhere = await seedUser('default', { roles: [] });
    const missingField = await seedUser('default');
    const { _etag, roles: _roles, ...withoutRoles } = (await users().read(missingField.user.id, missingField.user.id))!;
    await users().replace(withoutRoles as UserDocument, { ifMatch: _etag });

    expect(
      await json<FixMissingRolesResult>(
        await call('POST', '/api/superadmin/users/fix-missing-roles', admin.token),
        200,
      ),
    ).toEqual({ fixed: 2 });
    for (const seeded of inTenant)
      expect((await users().read(seeded.user.id, seeded.user.id))?.roles).toEqual(['User']);
    expect((await users().read(elsewhere.user.id, elsewhere.user.id))?.roles).toEqual([]);

    expect(
      await json<FixMissingRolesResult>(await call('POST', '/api/superadmin/users/fix-missing-roles', root.token), 200),
    ).toEqual({ fixed: 2 });
    expect((await users().read(elsewhere.user.id, elsewhere.user.id))?.roles).toEqual(['User']);
    expect((await users().read(missingField.user.id, missingField.user.id))?.roles).toEqual(['User']);
    expect(
      await json<FixMissingRolesResult>(await call('POST', '/api/superadmin/users/fix-missing-roles', root.token), 200),
    ).toEqual({ fixed: 0 });
    const [entry] = await auditEntries({ action: 'UpdateUser', entityId: missingField.user.id });
    expect(entry).toMatchObject({ success: true, details: 'roles: none → User (fix missing roles)' });
  });
});

// ---------------------------------------------------------------- overview

describe('the Overview', () => {
  it('counts tenants, users, cases and sign-ins, and lists the latest entries and each tenant', async () => {
    passCache();
    const before = await json<DashboardStats>(await call('GET', '/api/superadmin/dashboard', root.token), 200);
    expect(before.system).toEqual({ version: productVersion, environment: 'test' });

    const tenant = await newTenant();
    await newTenant({ isActive: false });
    const creator = await seedUser(tenant.id);
    await seedUser(tenant.id);
    await seedUser(tenant.id, { isActive: false });
    const created: string[] = [];
    for (let i = 0; i < 3; i++) {
      created.push((await json<DisputeView>(await call('POST', '/api/dispute', creator.token, newDispute()), 201)).id);
    }
    const disputes = store().collection<DisputeDocument>('disputes');
    const { _etag, ...resolved } = (await disputes.read(created[0]!, created[0]!))!;
    await disputes.replace({ ...resolved, status: 'Resolved' }, { ifMatch: _etag });
    await signIn(creator.user.email, SEED_PASSWORD);
    const signedInAt = new Date(now).toISOString();

    // Still the cached numbers: the Overview may be ten seconds old.
    const cached = await json<DashboardStats>(await call('GET', '/api/superadmin/dashboard', root.token), 200);
    expect(cached.generatedAt).toBe(before.generatedAt);
    expect(cached.totalUsers).toBe(before.totalUsers);

    passCache();
    const after = await json<DashboardStats>(await call('GET', '/api/superadmin/dashboard', root.token), 200);
    expect(after.activeTenants - before.activeTenants).toBe(1);
    expect(after.totalUsers - before.totalUsers).toBe(3);
    expect(after.activeUsers - before.activeUsers).toBe(2);
    expect(after.totalDisputes - before.totalDisputes).toBe(3);
    expect(after.activeDisputes - before.activeDisputes).toBe(2);
    expect(after.recentLogins - before.recentLogins).toBe(1);
    expect(after.tenantStats.find((row) => row.tenantId === tenant.id)).toEqual({
      tenantId: tenant.id,
      tenantName: tenant.name,
      domain: tenant.domain,
      userCount: 3,
      disputeCount: 3,
      lastActivity: signedInAt,
    });
    expect(after.recentActivities).toHaveLength(10);
    const newest = await auditLog().query({ orderBy: { field: 'id', direction: 'desc' }, limit: 10 });
    expect(after.recentActivities.map((entry) => entry.id)).toEqual(newest.items.map((entry) => entry.id));
    expect(JSON.stringify(after.recentActivities)).not.toMatch(/"(hash|prevHash|seq|chain)"/);
  });

  it('counts cases per status and per month of creation, for a tenant Admin within the tenant', async () => {
    const tenant = await newTenant();
    const admin = await seedUser(tenant.id, { roles: ['Admin'] });
    const creator = await seedUser(tenant.id);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push((await json<DisputeView>(await call('POST', '/api/dispute', creator.token, newDispute()), 201)).id);
    }
    const disputes = store().collection<DisputeDocument>('disputes');
    const change = async (id: string, patch: Partial<DisputeDocument>) => {
      const { _etag, ...doc } = (await disputes.read(id, id))!;
      await disputes.replace({ ...doc, ...patch }, { ifMatch: _etag });
    };
    await change(ids[0]!, { status: 'Closed', dateCreated: '2026-01-15T12:00:00.000Z' });
    await change(ids[1]!, { status: 'InProgress' });
    await change(ids[2]!, { dateCreated: '2025-02-28T23:59:59.999Z' }); // older than the twelve months shown
    await change(ids[3]!, { status: 'Resolved' });
    passCache();
    const analytics = await json<DisputeAnalytics>(
      await call('GET', '/api/superadmin/analytics/disputes', admin.token),
      200,
    );
    expect(analytics.total).toBe(4);
    expect(analytics.byStatus).toEqual([
      { status: 'Pending', count: 1 },
      { status: 'InProgress', count: 1 },
      { status: 'Resolved', count: 1 },
      { status: 'Closed', count: 1 },
    ]);
    // The Overview's cards come from the same counts: total and active are their sums, a resolved case is not "closed".
    const stats = await json<DashboardStats>(await call('GET', '/api/superadmin/dashboard', admin.token), 200);
    expect(stats.disputesByStatus).toEqual(analytics.byStatus);
    expect({ total: stats.totalDisputes, active: stats.activeDisputes }).toEqual({ total: 4, active: 2 });
    expect(analytics.byMonth).toHaveLength(12);
    expect(analytics.byMonth[0]).toEqual({ month: '2025-04', count: 0 });
    expect(analytics.byMonth.at(-1)).toEqual({ month: '2026-03', count: 2 });
    expect(analytics.byMonth.find((row) => row.month === '2026-01')).toEqual({ month: '2026-01', count: 1 });

    const all = await json<DisputeAnalytics>(await call('GET', '/api/superadmin/analytics/disputes', root.token), 200);
    expect(all.total).toBeGreaterThan(4);
  });
});

// ---------------------------------------------------------------- audit log

describe('the audit log', () => {
  let tenant: TenantView;
  let admin: SignedInUser;
  const alice = `alice-${randomUUID()}`;
  const bob = `bob-${randomUUID()}`;
  const DAY = 24 * 3600 * 1000;
  const base = Date.parse('2026-02-01T10:00:00.000Z');

  /** Writes an entry as if at `at`, through the real recordAudit. */
  const writeAt = (at: number, entry: AuditEntry) =>
    recordAudit({ store: host.deps.store, log: host.deps.log, clock: { now: () => new Date(at) } }, entry);

  beforeAll(async () => {
    tenant = await newTenant();
    admin = await seedUser(tenant.id, { roles: ['Admin'] });
    // 25 entries a day apart from 1 February: alice on even days, bob on odd ones.
    for (let i = 0; i < 25; i++) {
      await writeAt(base + i * DAY, {
        action: 'CreateDispute',
        userId: i % 2 === 0 ? alice : bob,
        userEmail: i % 2 === 0 ? 'alice@example.fi' : 'bob@example.fi',
        tenantId: tenant.id,
        entityType: 'Dispute',
        entityId: `case-${i}`,
        success: true,
        ipAddress: '192.0.2.1',
      });
    }
    // Another tenant's entry of the same kind.
    await writeAt(base, {
      action: 'CreateDispute',
      userId: alice,
      tenantId: 'default',
      entityType: 'Dispute',
      entityId: 'case-elsewhere',
      success: true,
    });
  });

  const logs = (token: string, query: string) => call('GET', `/api/superadmin/security-logs?${query}`, token);

  it('pages newest first with the total count, 10 to a page by default', async () => {
    const pages: AuditLogPage[] = [];
    for (const page of [1, 2, 3, 4]) {
      pages.push(await json<AuditLogPage>(await logs(admin.token, `action=CreateDispute&page=${page}`), 200));
    }
    expect(pages.map((page) => page.items.length)).toEqual([10, 10, 5, 0]);
    expect(pages.every((page) => page.totalCount === 25 && page.pageSize === 10)).toBe(true);
    const ids = pages.flatMap((page) => page.items.map((entry) => entry.entityId));
    expect(ids).toEqual(Array.from({ length: 25 }, (_, i) => `case-${24 - i}`));
    expect(pages[0]!.items[0]).toEqual({
      id: expect.any(String),
      timestamp: new Date(base + 24 * DAY).toISOString(),
      action: 'CreateDispute',
      userId: alice,
      userEmail: 'alice@example.fi',
      entityType: 'Dispute',
      entityId: 'case-24',
      success: true,
      ipAddress: '192.0.2.1',
      tenantId: tenant.id,
    });

    const big = await json<AuditLogPage>(await logs(admin.token, 'action=CreateDispute&pageSize=100'), 200);
    expect(big.items).toHaveLength(25);
    const sevens = await json<AuditLogPage>(await logs(admin.token, 'action=CreateDispute&pageSize=7&page=4'), 200);
    expect(sevens.items.map((entry) => entry.entityId)).toEqual(['case-3', 'case-2', 'case-1', 'case-0']);
  });

  it('filters by user and by date range, inclusive of a whole end day', async () => {
    const byAlice = await json<AuditLogPage>(
      await logs(admin.token, `action=CreateDispute&userId=${alice}&pageSize=100`),
      200,
    );
    expect(byAlice.totalCount).toBe(13);
    expect(byAlice.items.every((entry) => entry.userId === alice)).toBe(true);

    // 3 to 5 February as dates: days 2, 3 and 4.
    const range = await json<AuditLogPage>(
      await logs(admin.token, 'action=CreateDispute&startDate=2026-02-03&endDate=2026-02-05'),
      200,
    );
    expect(range.items.map((entry) => entry.entityId)).toEqual(['case-4', 'case-3', 'case-2']);
    expect(range.totalCount).toBe(3);

    // As instants the end is exclusive; a time without a zone is UTC.
    const instants = await json<AuditLogPage>(
      await logs(admin.token, 'action=CreateDispute&startDate=2026-02-03T10:00:00Z&endDate=2026-02-05T10:00:00'),
      200,
    );
    expect(instants.items.map((entry) => entry.entityId)).toEqual(['case-3', 'case-2']);

    const combined = await json<AuditLogPage>(
      await logs(admin.token, `action=CreateDispute&userId=${bob}&startDate=2026-02-10&endDate=2026-02-14`),
      200,
    );
    expect(combined.items.map((entry) => entry.entityId)).toEqual(['case-13', 'case-11', 'case-9']);

    const nothing = await json<AuditLogPage>(await logs(admin.token, 'action=DeleteTenant'), 200);
    expect(nothing).toEqual({ items: [], totalCount: 0, page: 1, pageSize: 10 });
  });

  it('keeps a tenant Admin to their tenant and shows a SuperAdmin everything', async () => {
    const mine = await json<AuditLogPage>(await logs(admin.token, `userId=${alice}&pageSize=100`), 200);
    expect(mine.totalCount).toBe(13);
    const all = await json<AuditLogPage>(await logs(root.token, `userId=${alice}&pageSize=100`), 200);
    expect(all.totalCount).toBe(14);
    expect(all.items.map((entry) => entry.entityId)).toContain('case-elsewhere');
    const unfiltered = await json<AuditLogPage>(await logs(admin.token, 'pageSize=100'), 200);
    expect(unfiltered.items.every((entry) => entry.tenantId === tenant.id)).toBe(true);
  });

  it('refuses bad filters with a clear message', async () => {
    const cases: [query: string, message: string][] = [
      ['pageSize=101', 'pageSize must be a whole number from 1 to 100.'],
      ['pageSize=0', 'pageSize must be a whole number from 1 to 100.'],
      ['page=0', 'page must be a whole number from 1 to 100000.'],
      ['page=two', 'page must be a whole number from 1 to 100000.'],
      ['startDate=yesterday', 'startDate must be a date (YYYY-MM-DD) or an ISO 8601 date and time.'],
      ['endDate=2026-13-45', 'endDate must be a date (YYYY-MM-DD) or an ISO 8601 date and time.'],
      ['startDate=2026-02-05&endDate=2026-02-01', 'startDate must be before endDate.'],
      ['action=Hack', ADMIN_MESSAGES.unknownAction],
    ];
    for (const [query, message] of cases) await refused(await logs(admin.token, query), 400, message);
  });

  it('records who looked, with the filters', async () => {
    const before = await auditEntries({ action: 'ViewAuditLogs', userId: admin.user.id });
    await json(await logs(admin.token, `action=CreateDispute&userId=${bob}&page=2`), 200);
    const after = await auditEntries({ action: 'ViewAuditLogs', userId: admin.user.id });
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({
      success: true,
      tenantId: tenant.id,
      entityType: 'AuditLog',
      details: `Filters: action CreateDispute, user ${bob}; page 2 of size 10; 12 matching`,
    });
  });

  it('exports the filtered entries as CSV with a header row, quoting and formula protection', async () => {
    const awkward = [
      ['=HYPERLINK("http://evil.example","click")', '\'=HYPERLINK("http://evil.example","click")'],
      ['+SUM(A1:A2)', "'+SUM(A1:A2)"],
      ['-2+3', "'-2+3"],
      ['@cmd', "'@cmd"],
      ['Hello, "world"\r\nsecond line', 'Hello, "world"\r\nsecond line'],
      ['plain', 'plain'],
    ] as const;
    for (const [index, [details]] of awkward.entries()) {
      await writeAt(base + 30 * DAY + index * 1000, {
        action: 'UpdateUser',
        userId: alice,
        tenantId: tenant.id,
        entityType: 'User',
        entityId: `export-${index}`,
        success: index % 2 === 0,
        details,
        ...(index === 0 ? { errorMessage: '-1 is not allowed' } : {}),
      });
    }
    const response = await call(
      'GET',
      '/api/superadmin/security-logs/export?action=UpdateUser&startDate=2026-03-03',
      admin.token,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A byte-order mark first, so spreadsheets read the file as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(3));
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([
      'Timestamp (UTC)',
      'Action',
      'User ID',
      'User Email',
      'Entity Type',
      'Entity ID',
      'Success',
      'IP Address',
      'Details',
      'Error Message',
      'Tenant ID',
    ]);
    expect(rows).toHaveLength(1 + awkward.length);
    // Newest first: the last written comes first.
    const byEntity = new Map(rows.slice(1).map((row) => [row[5], row]));
    for (const [index, [, expected]] of awkward.entries()) {
      const row = byEntity.get(`export-${index}`)!;
      expect(row[8]).toBe(expected);
      expect(row[1]).toBe('UpdateUser');
      expect(row[6]).toBe(index % 2 === 0 ? 'true' : 'false');
      expect(row[10]).toBe(tenant.id);
    }
    expect(byEntity.get('export-0')![9]).toBe("'-1 is not allowed");
    expect(rows[1]![5]).toBe(`export-${awkward.length - 1}`);
    expect(rows[1]![0]).toBe(new Date(base + 30 * DAY + (awkward.length - 1) * 1000).toISOString());
    // The raw text quotes exactly the cells that need it.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(text).toContain('"Hello, ""world""\r\nsecond line"');

    const [exportEntry] = (await auditEntries({ action: 'ViewAuditLogs', userId: admin.user.id })).filter((entry) =>
      entry.details?.startsWith('CSV export'),
    );
    expect(exportEntry?.details).toBe(
      `CSV export of ${awkward.length} entries; Filters: action UpdateUser, from 2026-03-03T00:00:00.000Z`,
    );
  });

  it("exports only the Admin's tenant, everything for a SuperAdmin", async () => {
    // fetch's text() drops the byte-order mark.
    const exported = async (token: string) =>
      parseCsv(await (await call('GET', `/api/superadmin/security-logs/export?userId=${alice}`, token)).text());
    const mine = await exported(admin.token);
    const all = await exported(root.token);
    expect(mine.length).toBeGreaterThan(1);
    expect(all.length).toBe(mine.length + 1);
    expect(mine.slice(1).every((row) => row[10] === tenant.id)).toBe(true);
  });

  it('never holds passwords or link tokens', async () => {
    const entries = await auditLog().query({ limit: 1000 });
    const heads = await store()
      .collection<AuditChainHeadDocument>('tokens')
      .query({
        where: [{ field: 'kind', op: '=', value: 'audit-chain-head' }],
        limit: 1000,
      });
    const text = JSON.stringify([entries.items, heads.items]);
    for (const secret of [ROOT_PASSWORD, SEED_PASSWORD, 'my own password 9']) expect(text).not.toContain(secret);
    for (const mail of api.outboxMails()) {
      const token = /token=([A-Za-z0-9_-]{43})/.exec(mail);
      if (token) expect(text).not.toContain(token[1]);
    }
  });
});

// ---------------------------------------------------------------- the chain

describe('the tamper-evident chain', () => {
  const verify = async (): Promise<AuditChainReport> =>
    json<AuditChainReport>(await call('GET', '/api/superadmin/security-logs/verify', root.token), 200);

  it('holds for everything written so far, one chain per tenant and one for the system', async () => {
    // A sign-in attempt for an unknown name concerns no tenant.
    await refused(await call('POST', '/user/login', undefined, { username: 'nobody-at-all', password: 'x' }), 401);
    const report = await verify();
    expect(report.firstBreak).toBeUndefined();
    expect(report.valid).toBe(true);
    expect(report.unchainedEntries).toBe(0);
    const chains = report.chains.map((chain) => chain.chain);
    expect(chains).toContain('default');
    expect(chains).toContain('system');
    expect(report.chains.every((chain) => chain.valid && chain.headHash.length === 64)).toBe(true);
    const total = report.chains.reduce((sum, chain) => sum + chain.entries, 0);
    // The verification itself is recorded after the walk.
    expect(await auditLog().count({})).toBe(total + 1);
  });

  it('stays one unbroken chain when 20 entries are appended at once, also from two store instances', async () => {
    const chain = `concurrency-${randomUUID()}`;
    const entry = (i: number): AuditEntry => ({
      action: 'UploadFile',
      tenantId: chain,
      entityType: 'File',
      entityId: `file-${i}`,
      success: true,
    });
    await Promise.all(Array.from({ length: 20 }, (_, i) => recordAudit(host.deps, entry(i))));

    // A second instance: its own store on the same SQLite file, so only the conditional write keeps order.
    const second: Store = createSqliteStore({ file: path.join(host.dataDir, 'ratkaisu.db'), clock });
    try {
      const secondDeps = { store: second, clock, log: host.deps.log };
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => recordAudit(i % 2 === 0 ? host.deps : secondDeps, entry(20 + i))),
      );
    } finally {
      await second.close();
    }

    const written = await auditLog().query({
      where: [{ field: 'chain', op: '=', value: chain }],
      orderBy: { field: 'seq', direction: 'asc' },
      limit: 100,
    });
    expect(written.items.map((item) => item.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(new Set(written.items.map((item) => item.entityId)).size).toBe(40);
    for (let i = 1; i < written.items.length; i++) {
      expect(written.items[i]!.prevHash).toBe(written.items[i - 1]!.hash);
    }
    const head = await store()
      .collection<AuditChainHeadDocument>('tokens')
      .read(chainHeadId(chain), chainHeadId(chain));
    expect(head).toMatchObject({ seq: 40, hash: written.items.at(-1)!.hash });
    const report = await verify();
    expect(report.chains.find((status) => status.chain === chain)).toEqual({
      chain,
      entries: 40,
      headHash: head!.hash,
      valid: true,
    });
    expect(report.valid).toBe(true);
  });

  it('names an entry edited in the store, and holds again once it is put back', async () => {
    const chain = `tamper-${randomUUID()}`;
    for (let i = 0; i < 5; i++) {
      await recordAudit(host.deps, { action: 'DeleteFile', tenantId: chain, entityId: `file-${i}`, success: true });
    }
    const entries = await auditLog().query({
      where: [{ field: 'chain', op: '=', value: chain }],
      orderBy: { field: 'seq', direction: 'asc' },
      limit: 10,
    });
    const { _etag, ...target } = entries.items[2]!;
    await auditLog().replace({ ...target, details: 'nothing to see here' }, { ifMatch: _etag });

    const report = await verify();
    expect(report.valid).toBe(false);
    const status = report.chains.find((entry) => entry.chain === chain)!;
    expect(status.valid).toBe(false);
    expect(status.firstBreak).toEqual({
      chain,
      entryId: target.id,
      seq: 3,
      reason: 'Its content does not match its hash: the entry was changed after it was written.',
    });
    expect(report.firstBreak).toEqual(status.firstBreak);

    const restored = (await auditLog().read(target.pk, target.id))!;
    await auditLog().replace(target, { ifMatch: restored._etag });
    expect((await verify()).valid).toBe(true);
  });

  it('names where entries were removed, in the middle or at the end', async () => {
    const chain = `removed-${randomUUID()}`;
    for (let i = 0; i < 5; i++) {
      await recordAudit(host.deps, { action: 'DeleteFile', tenantId: chain, entityId: `file-${i}`, success: true });
    }
    const entries = (
      await auditLog().query({
        where: [{ field: 'chain', op: '=', value: chain }],
        orderBy: { field: 'seq', direction: 'asc' },
        limit: 10,
      })
    ).items;
    await auditLog().delete(entries[1]!.pk, entries[1]!.id);
    let status = (await verify()).chains.find((entry) => entry.chain === chain)!;
    expect(status.firstBreak).toEqual({
      chain,
      entryId: entries[2]!.id,
      seq: 3,
      reason: 'Entry 2 was removed before this entry (position 3).',
    });
    await auditLog().create(withoutEtag(entries[1]!));

    await auditLog().delete(entries[4]!.pk, entries[4]!.id);
    status = (await verify()).chains.find((entry) => entry.chain === chain)!;
    expect(status.firstBreak).toEqual({
      chain,
      entryId: entries[4]!.id,
      seq: 5,
      reason: 'The chain ends at position 4, but its head records 5 entries: Entry 5 was removed from the end.',
    });
    await auditLog().create(withoutEtag(entries[4]!));

    const { _etag, ...forged } = entries[3]!;
    await auditLog().replace({ ...forged, success: false, hash: 'f'.repeat(64) }, { ifMatch: _etag });
    status = (await verify()).chains.find((entry) => entry.chain === chain)!;
    expect(status.firstBreak).toMatchObject({ entryId: entries[3]!.id, seq: 4 });
    await auditLog().upsert(forged);
    expect((await verify()).valid).toBe(true);
  });

  it('is not fooled by a removed chain head', async () => {
    const chain = `headless-${randomUUID()}`;
    await recordAudit(host.deps, { action: 'DeleteFile', tenantId: chain, entityId: 'file', success: true });
    const heads = store().collection<AuditChainHeadDocument>('tokens');
    const head = (await heads.read(chainHeadId(chain), chainHeadId(chain)))!;
    await heads.delete(head.pk, head.id);
    const report = await verify();
    expect(report.valid).toBe(false);
    expect(report.chains.find((entry) => entry.chain === chain)?.firstBreak).toMatchObject({
      entryId: head.last.id,
      reason: expect.stringContaining('has no head'),
    });
    const { _etag, ...restore } = head;
    await heads.create(restore);
    expect((await verify()).valid).toBe(true);
  });

  it('never lets an audit failure fail the action it records', async () => {
    const broken = {
      store: {
        ...host.deps.store,
        collection: () => {
          throw new Error('store down');
        },
      } as unknown as Store,
    };
    const errors: unknown[] = [];
    const log = { ...host.deps.log, error: (...args: unknown[]) => void errors.push(args) } as typeof host.deps.log;
    await expect(recordAudit({ ...broken, clock, log }, { action: 'Logout', success: true })).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
  });
});

// ---------------------------------------------------------------- the last SuperAdmin

describe('the last usable SuperAdmin', () => {
  it('cannot be demoted, deactivated or deleted by anyone', async () => {
    // A SuperAdmin request whose own account is gone by the time it runs is the one way to reach
    // the rule without the self-checks: every other caller is a usable SuperAdmin themselves.
    const ghost = {
      userId: randomUUID(),
      sessionId: 'gone',
      tenantId: 'default',
      email: 'ghost@example.fi',
      roles: ['SuperAdmin'],
    };
    const client = { ipAddress: '127.0.0.1', device: 'vitest' };
    const lone = await seedUser('default', { roles: ['SuperAdmin'] });
    const others = (
      await users().query({ where: [{ field: 'roles', op: 'arrayContains', value: 'SuperAdmin' }], limit: 100 })
    ).items.filter((user) => user.id !== lone.user.id);
    // Make `lone` the only usable SuperAdmin for this test.
    for (const other of others) {
      const { _etag, ...doc } = other;
      await users().replace({ ...doc, roles: ['Admin'] }, { ifMatch: _etag });
    }
    try {
      const body = { userName: lone.user.userName, email: lone.user.email, tenantId: 'default' };
      for (const change of [{ roles: ['Admin'] }, { roles: ['SuperAdmin'], isActive: false }]) {
        await expect(
          updateAdminUser(host.deps, ghost, lone.user.id, { ...body, ...change }, client),
        ).rejects.toMatchObject({
          status: 409,
          message: ADMIN_MESSAGES.lastSuperAdmin,
        });
      }
      await expect(deleteAdminUser(host.deps, ghost, lone.user.id, client)).rejects.toMatchObject({
        status: 409,
        message: ADMIN_MESSAGES.lastSuperAdmin,
      });
      expect(await users().read(lone.user.id, lone.user.id)).toMatchObject({ roles: ['SuperAdmin'], isActive: true });

      // Two SuperAdmins demoting each other at the same moment: at least one stays.
      const twin = await seedUser('default', { roles: ['SuperAdmin'] });
      const demote = (actor: SignedInUser, target: SignedInUser) =>
        updateUser(actor.token, target.user, { tenantId: 'default', roles: ['User'] });
      const statuses = (await Promise.all([demote(lone, twin), demote(twin, lone)])).map((response) => response.status);
      const remaining = (
        await users().query({ where: [{ field: 'roles', op: 'arrayContains', value: 'SuperAdmin' }], limit: 100 })
      ).items.filter((user) => user.isActive);
      expect(remaining.length, `answers ${statuses.join(', ')}`).toBeGreaterThanOrEqual(1);
      expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
    } finally {
      for (const other of others) {
        const current = (await users().read(other.id, other.id))!;
        const { _etag, ...doc } = current;
        await users().replace({ ...doc, roles: other.roles }, { ifMatch: _etag });
      }
    }
    expect(await json(await call('GET', '/api/admin/check-admin', root.token), 200)).toEqual({ isAdmin: true });
  });
});
