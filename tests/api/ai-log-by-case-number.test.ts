import type { AiLogExport, AuditLogPage } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import { CASE_NOT_FOUND_MESSAGE } from '../../functions/src/services/disputes/dispute-document.js';
import { apiClient, uniqueEmail } from './support/api-client.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * The AI-use log of a case found by the number people see: `GET /api/superadmin/ai-log/{ref}`
 * takes the case number (RAT-2026-000002, any letter case) as well as the internal id; an unknown number is
 * "Case not found", and another tenant's case stays out of an administrator's reach.
 */

const api = apiClient(() => host);
const { call, json } = api;

const host = useTestHost();

describe('the AI-use log by case number', () => {
  it('exports by the case number as by the id, and refuses an unknown number', async () => {
    const c = await api.openCase();
    const caseNumber = c.dispute.caseNumber!;
    expect(caseNumber).toMatch(/^RAT-\d{4}-\d{6}$/);
    const superAdmin = await api.signedInUser({ email: uniqueEmail('super'), roles: ['SuperAdmin'] });

    const byNumber = await call('GET', `/api/superadmin/ai-log/${caseNumber}`, superAdmin.token);
    expect(byNumber.headers.get('content-disposition')).toContain(`AI-log_${caseNumber}.json`);
    const log = await json<AiLogExport>(byNumber, 200);
    expect(log.dispute).toMatchObject({ id: c.dispute.id, caseNumber });
    const lower = await json<AiLogExport>(
      await call('GET', `/api/superadmin/ai-log/${caseNumber.toLowerCase()}`, superAdmin.token),
      200,
    );
    expect(lower.dispute.id).toBe(c.dispute.id);
    const byId = await json<AiLogExport>(
      await call('GET', `/api/superadmin/ai-log/${c.dispute.id}`, superAdmin.token),
      200,
    );
    expect(byId.dispute.id).toBe(c.dispute.id);

    const unknown = await call('GET', '/api/superadmin/ai-log/RAT-1999-999999', superAdmin.token);
    expect(await json<{ message: string }>(unknown, 404)).toMatchObject({ message: CASE_NOT_FOUND_MESSAGE });

    // An administrator of another tenant does not reach the case by its number either.
    const outsider = await api.signedInUser({ email: uniqueEmail('admin'), roles: ['Admin'] }, { ownTenant: true });
    await json(await call('GET', `/api/superadmin/ai-log/${caseNumber}`, outsider.token), 404);

    const exports = await host.deps.store.collection<AuditDocument>('audit').query({
      where: [
        { field: 'entityId', op: '=', value: c.dispute.id },
        { field: 'action', op: '=', value: 'ExportAiLog' },
      ],
      limit: 10,
    });
    expect(exports.items.filter((entry) => entry.success)).toHaveLength(3);
  });

  it('shows audit rows about a case by its case number', async () => {
    const c = await api.openCase();
    const superAdmin = await api.signedInUser({ email: uniqueEmail('auditor'), roles: ['SuperAdmin'] });
    const page = await json<AuditLogPage>(
      await call('GET', `/api/superadmin/security-logs?pageSize=100`, superAdmin.token),
      200,
    );
    const aboutCase = page.items.filter((entry) => entry.entityType === 'Dispute' && entry.entityId === c.dispute.id);
    expect(aboutCase.length).toBeGreaterThan(0);
    for (const entry of aboutCase) expect(entry.caseNumber).toBe(c.dispute.caseNumber);
    // Rows about something else carry none.
    expect(page.items.filter((entry) => entry.entityType !== 'Dispute' && entry.caseNumber)).toEqual([]);
  });
});
