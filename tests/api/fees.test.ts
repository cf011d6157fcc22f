import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ApiErrorBody, FeeQuote, FeeSchedule, FeeScheduleView, FeeSchedulesView } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import { apiClient, uniqueEmail } from './support/api-client.js';
import { useTestHost } from './support/use-test-host.js';
import { seedTenant } from './support/seed-tenant.js';

/**
 * The fee schedule (docs/fees.md): a super-administrator sets it (the documented example as is) and a tenant's
 * override; the public quote prices an amount in dispute by it; without one — the embedded default — every
 * line is zero.
 */

const EXAMPLE_TEXT = readFileSync(new URL('../../docs/fees/schedule.example.json', import.meta.url), 'utf8');
const example = JSON.parse(EXAMPLE_TEXT) as FeeSchedule;

const api = apiClient(() => host);
const { call, json, signedInUser } = api;

const host = useTestHost();

const quote = async (query: string) => json<FeeQuote>(await call('GET', `/api/fees/quote?${query}`), 200);

describe('the fee schedule', () => {
  it('charges nothing until a super-administrator sets one, then prices by the example as sent', async () => {
    const before = await quote('amountInDispute=30000&tribunalSize=3');
    expect(before.chargesFees).toBe(false);
    expect(before.filingFee.grossCents).toBe(0);
    expect(before.tribunal.advanceShares.claimant.grossCents).toBe(0);

    const root = await signedInUser({ email: uniqueEmail('fees-root'), roles: ['SuperAdmin'] });
    // The file's own bytes, as a super-administrator would send it with curl.
    const set = await host.fetch('/api/superadmin/fee-schedule', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${root.token}` },
      body: EXAMPLE_TEXT,
    });
    const view = await json<FeeScheduleView>(set, 200);
    expect(view).toMatchObject({ scope: 'global', revision: 1, schedule: example });

    const sole = await quote('amountInDispute=30000&tribunalSize=1');
    expect(sole).toMatchObject({ chargesFees: true, scheduleRevision: 1, amountInDisputeCents: 3_000_000 });
    expect(sole.filingFee).toEqual({
      netCents: 60000,
      vatCents: 15300,
      grossCents: 75300,
      vatRateBasisPoints: 2550,
      reverseCharge: false,
    });
    expect(sole.tribunal.advanceTotalCents).toBe(1_000_000);
    const three = await quote('amountInDispute=30000,50&tribunalSize=3');
    expect(three.amountInDisputeCents).toBe(3_000_050);
    expect(three.tribunal.advanceShares.respondent.netCents).toBe(1_250_000);
    const reverse = await quote('amountInDispute=30000&vatNumber=SE556677889901');
    expect(reverse.filingFee).toMatchObject({ vatCents: 0, grossCents: 60000, reverseCharge: true });

    // A tenant's override prices nothing publicly but is kept and listed beside the global one.
    const tenantId = randomUUID();
    await createTenant(tenantId);
    const cheaper = { ...example, filingFee: [{ upToCents: null, feeCents: 100 }] };
    const override = await json<FeeScheduleView>(
      await call('PUT', `/api/superadmin/tenants/${tenantId}/fee-schedule`, root.token, cheaper),
      200,
    );
    expect(override).toMatchObject({ scope: 'tenant', tenantId, revision: 1 });
    const listed = await json<FeeSchedulesView>(await call('GET', '/api/superadmin/fee-schedule', root.token), 200);
    expect(listed.global?.revision).toBe(1);
    expect(listed.tenants.map((entry) => [entry.tenantId, entry.schedule?.filingFee[0]?.feeCents])).toContainEqual([
      tenantId,
      100,
    ]);
    expect((await quote('amountInDispute=30000')).filingFee.netCents).toBe(60000);

    // A second version raises the revision; clearing it returns to the embedded default, and counts on.
    const dearer = { ...example, aiDecisionFee: [{ upToCents: null, feeCents: 99900 }] };
    expect(
      (await json<FeeScheduleView>(await call('PUT', '/api/superadmin/fee-schedule', root.token, dearer), 200))
        .revision,
    ).toBe(2);
    expect((await quote('amountInDispute=1')).aiDecisionFee.netCents).toBe(99900);
    const cleared = await json<FeeScheduleView>(await call('DELETE', '/api/superadmin/fee-schedule', root.token), 200);
    expect(cleared).toMatchObject({ revision: 3, schedule: null });
    expect((await quote('amountInDispute=30000')).chargesFees).toBe(false);
    const clearedTenant = await json<FeeScheduleView>(
      await call('DELETE', `/api/superadmin/tenants/${tenantId}/fee-schedule`, root.token),
      200,
    );
    expect(clearedTenant).toMatchObject({ revision: 2, schedule: null });

    const audit = await host.deps.store
      .collection<AuditDocument>('audit')
      .query({ where: [{ field: 'entityType', op: '=', value: 'FeeSchedule' }], limit: 50 });
    const actions = audit.items.map((entry) => [entry.action, entry.entityId, entry.success]);
    expect(actions).toContainEqual(['SetFeeSchedule', 'global', true]);
    expect(actions).toContainEqual(['SetFeeSchedule', `tenant:${tenantId}`, true]);
    expect(actions).toContainEqual(['ClearFeeSchedule', 'global', true]);
  });

  it('refuses a schedule that does not hold together, naming the field, and changes nothing', async () => {
    const root = await signedInUser({ email: uniqueEmail('fees-root'), roles: ['SuperAdmin'] });
    const falling = {
      ...example,
      filingFee: [
        { upToCents: 500, feeCents: 1 },
        { upToCents: 400, feeCents: 2 },
        { upToCents: null, feeCents: 3 },
      ],
    };
    const refused = await json<ApiErrorBody>(
      await call('PUT', '/api/superadmin/fee-schedule', root.token, falling),
      400,
    );
    expect(refused.code).toBe('validation_failed');
    expect(refused.fields?.['filingFee.1.upToCents']).toMatch(/must rise/);
    const fraction = { ...example, vatRateBasisPoints: 25.5 };
    const rate = await json<ApiErrorBody>(await call('PUT', '/api/superadmin/fee-schedule', root.token, fraction), 400);
    expect(rate.fields?.vatRateBasisPoints).toMatch(/2550 is 25.5 %/);
    const notJson = await host.fetch('/api/superadmin/fee-schedule', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${root.token}` },
      body: '{"schemaVersion": 1,',
    });
    expect((await json<ApiErrorBody>(notJson, 400)).code).toBe('malformed_json');
    const unknownTenant = await call(
      'PUT',
      `/api/superadmin/tenants/${randomUUID()}/fee-schedule`,
      root.token,
      example,
    );
    expect((await json<ApiErrorBody>(unknownTenant, 404)).code).toBe('not_found');
    const listed = await json<FeeSchedulesView>(await call('GET', '/api/superadmin/fee-schedule', root.token), 200);
    expect(listed.global?.schedule ?? null).toBeNull();
  });

  it('is set by super-administrators only', async () => {
    const tenantAdmin = await signedInUser({ email: uniqueEmail('fees-admin'), roles: ['User', 'Admin'] });
    const user = await signedInUser({ email: uniqueEmail('fees-user') });
    for (const token of [tenantAdmin.token, user.token]) {
      expect((await call('PUT', '/api/superadmin/fee-schedule', token, example)).status).toBe(403);
      expect((await call('GET', '/api/superadmin/fee-schedule', token)).status).toBe(403);
      expect((await call('PUT', `/api/superadmin/tenants/default/fee-schedule`, token, example)).status).toBe(403);
    }
    expect((await call('PUT', '/api/superadmin/fee-schedule', undefined, example)).status).toBe(401);
  });
});

describe('the quote', () => {
  it('refuses an amount that is not euros with at most two decimals, and a tribunal of another size', async () => {
    for (const query of [
      '',
      'amountInDispute=abc',
      'amountInDispute=1.005',
      'amountInDispute=-5',
      'amountInDispute=10&tribunalSize=2',
    ]) {
      const body = await json<ApiErrorBody>(await call('GET', `/api/fees/quote?${query}`), 400);
      expect(body.code, query).toBe('validation_failed');
    }
  });
});

async function createTenant(id: string): Promise<void> {
  await seedTenant(host, { id, name: 'Fee Tenant Oy' });
}
