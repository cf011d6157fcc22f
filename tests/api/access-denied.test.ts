import { describe, expect, it } from 'vitest';
import type { AuditLogPage } from '@ratkaisu/core';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import { apiClient, uniqueEmail } from './support/api-client.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * Refused requests leave a trace: a 403, a 404 for an object named
 * in the path answered to a signed-in caller, and a 401 for a token that is
 * not good are audited as AccessDenied with the route, the caller and the
 * address, at most 20 per caller a quarter hour; the admin filter finds them.
 */
const ADMIN_EMAIL = 'root@example.fi';
const ADMIN_PASSWORD = 'root password 1';

const host = useTestHost({ ADMIN_EMAIL, ADMIN_PASSWORD }, { runWorkers: false });
const api = apiClient(() => host);

async function deniedEntries(userId?: string): Promise<AuditDocument[]> {
  const page = await host.deps.store.collection<AuditDocument>('audit').query({
    where: [
      { field: 'action', op: '=', value: 'AccessDenied' },
      ...(userId ? [{ field: 'userId', op: '=' as const, value: userId }] : []),
    ],
    limit: 1000,
  });
  return page.items;
}

describe('access denied is audited', () => {
  it('records a 403 on an administration route with the route, the caller and the address', async () => {
    const { user, token } = await api.signedInUser({ email: uniqueEmail('prober') });
    expect((await api.get('/api/superadmin/dashboard', token)).status).toBe(403);
    expect(await deniedEntries(user.id)).toEqual([
      expect.objectContaining({
        action: 'AccessDenied',
        success: false,
        userId: user.id,
        userEmail: user.email,
        entityType: 'Route',
        entityId: 'adminDashboard',
        ipAddress: expect.any(String),
        details: 'GET /api/superadmin/dashboard answered 403 for /api/superadmin/dashboard',
      }),
    ]);
  });

  it("records a 404 on another user's case, its files and its jobs", async () => {
    const { dispute } = await api.openCase();
    const outsider = await api.signedInUser({ email: uniqueEmail('outsider') }, { ownTenant: true });
    for (const path of [`/api/dispute/${dispute.id}`, `/api/dispute/${dispute.id}/workfiles`]) {
      expect((await api.get(path, outsider.token)).status, path).toBe(404);
    }
    const entries = await deniedEntries(outsider.user.id);
    expect(entries.map((entry) => entry.entityId).sort()).toEqual(['getDispute', 'listWorkFiles']);
    expect(entries.every((entry) => entry.details?.includes('answered 404'))).toBe(true);
  });

  it('records a 401 for a token that is not good, and nothing for a request without one', async () => {
    const before = (await deniedEntries()).length;
    expect((await api.get('/api/dispute', 'not-a-token')).status).toBe(401);
    expect((await api.get('/api/dispute')).status).toBe(401);
    const after = await deniedEntries();
    expect(after).toHaveLength(before + 1);
    expect(after.find((entry) => entry.entityId === 'listDisputes' && !entry.userId)).toMatchObject({
      details: 'GET /api/dispute answered 401 for /api/dispute',
    });
  });

  it('writes at most 20 entries per caller a quarter hour, so a flood cannot fill the log', async () => {
    const { user, token } = await api.signedInUser({ email: uniqueEmail('flooder') });
    for (let i = 0; i < 30; i++) expect((await api.get('/api/superadmin/tenants', token)).status).toBe(403);
    expect(await deniedEntries(user.id)).toHaveLength(20);
  });

  it('is offered by the admin audit filter', async () => {
    const { token } = await api.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const page = await api.json<AuditLogPage>(
      await api.get('/api/superadmin/security-logs?action=AccessDenied&pageSize=100', token),
      200,
    );
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((entry) => entry.action === 'AccessDenied')).toBe(true);
  });
});
