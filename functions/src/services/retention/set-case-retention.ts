import { CASE_RETENTION_DEFAULT_YEARS, caseRetentionSchema, type TenantView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { changeTenantSetting } from '../tenants/change-tenant-setting.js';

/**
 * `PUT /api/superadmin/tenants/{id}/case-retention` `{ years }`: how long the tenant's finished cases keep their
 * data (docs/data-lifecycle.md); the daily sweep reschedules each case by it. A SuperAdmin sets any tenant's,
 * an Admin their own. Conditional on the tenant as read; audited.
 */
export async function setCaseRetention(
  deps: Deps,
  caller: Caller,
  tenantId: string,
  input: unknown,
  client: ClientInfo,
): Promise<TenantView> {
  return changeTenantSetting(
    deps,
    caller,
    client,
    tenantId,
    'SetCaseRetention',
    () => caseRetentionSchema.parse(input),
    (current, { years }) => ({
      record: { ...current, caseRetentionYears: years },
      details: `Case retention ${current.caseRetentionYears ?? CASE_RETENTION_DEFAULT_YEARS} → ${years} years`,
    }),
  );
}
