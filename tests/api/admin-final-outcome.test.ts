import { randomUUID } from 'node:crypto';
import type { AiOversightView, DashboardStats } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import { withAiUse } from '../../functions/src/services/ai-use/ai-use-details.js';
import { recordAudit } from '../../functions/src/services/audit/record-audit.js';
import type { DisputeDocument } from '../../functions/src/services/disputes/dispute-document.js';
import { apiClient, uniqueEmail } from './support/api-client.js';
import { useTestHost } from './support/use-test-host.js';
import { seedTenant } from './support/seed-tenant.js';

/**
 * Final outcomes on the admin screens: the Overview counts the final cases by how they ended, and the AI oversight
 * names a reported case by its number with its final outcome (the appointment queue's filter is tribunal.test.ts's).
 * Cases are written into the store for a tenant of their own, so the counts are this test's alone.
 */

const api = apiClient(() => host);
const { call, json } = api;

const host = useTestHost();

async function newTenant(): Promise<string> {
  return seedTenant(host, { name: 'Lopputulos Oy' });
}

async function fixtureCase(
  tenantId: string,
  caseNumber: string,
  outcome?: DisputeDocument['outcome'],
): Promise<string> {
  const id = randomUUID();
  await host.deps.store.collection<DisputeDocument>('disputes').create({
    id,
    pk: id,
    tenantId,
    name: `Asia ${caseNumber}`,
    caseNumber,
    status: outcome ? 'Resolved' : 'InProgress',
    phases: [],
    ...(outcome ? { outcome } : {}),
  } as unknown as DisputeDocument);
  return id;
}

describe('a final case on the admin screens', () => {
  it('the Overview counts final outcomes; the AI oversight shows a reported case’s number and outcome', async () => {
    const tenantId = await newTenant();
    const admin = await api.signedInUser({ email: uniqueEmail('final-admin'), roles: ['User', 'Admin'], tenantId });
    const at = new Date().toISOString();
    const accepted = await fixtureCase(tenantId, 'RAT-2027-000101', {
      kind: 'accepted',
      decisionId: 'a1',
      version: 2,
      sha256: 'ab'.repeat(32),
      at,
    });
    await fixtureCase(tenantId, 'RAT-2027-000102', { kind: 'award', decisionId: 'a2', at });
    await fixtureCase(tenantId, 'RAT-2027-000103', { kind: 'award', decisionId: 'a3', at });
    const open = await fixtureCase(tenantId, 'RAT-2027-000104');

    const stats = await json<DashboardStats>(await call('GET', '/api/superadmin/dashboard', admin.token), 200);
    expect(stats.finalOutcomes).toEqual({ accepted: 1, award: 2 });

    for (const disputeId of [accepted, open]) {
      await recordAudit(host.deps, {
        action: 'ReportAiProblem',
        entityType: 'Dispute',
        entityId: disputeId,
        tenantId,
        success: true,
        details: withAiUse('Problem reported', {
          event: 'reported',
          use: 'decision',
          outputId: 'a1',
          report: {
            output: 'aiDecision',
            kind: 'fact',
            location: 'Luku 2',
            description: 'Väärä päivä.',
            role: 'claimant',
          },
        }),
      });
    }
    const month = at.slice(0, 7);
    const view = await json<AiOversightView>(
      await call('GET', `/api/superadmin/ai-oversight?tenantId=${tenantId}&month=${month}`, admin.token),
      200,
    );
    const byCase = new Map(view.problemReports.map((report) => [report.disputeId, report]));
    expect(byCase.get(accepted)).toMatchObject({
      caseNumber: 'RAT-2027-000101',
      outcome: { kind: 'accepted', version: 2, at },
    });
    expect(byCase.get(open)).toMatchObject({ caseNumber: 'RAT-2027-000104' });
    expect(byCase.get(open)!.outcome).toBeUndefined();
  });
});
