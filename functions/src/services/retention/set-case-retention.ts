import { ADMIN_MESSAGES, CASE_RETENTION_DEFAULT_YEARS, caseRetentionSchema, type TenantView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { StoreConflictError } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import { adminScopeOf, scopeCovers } from '../../records/admin-scope.js';
import type { TenantDocument } from '../../records/tenant-document.js';
import { auditedAction } from '../audit/audited-action.js';
import { toTenantView } from '../tenants/tenant-view.js';

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
  return auditedAction(
    deps,
    caller,
    client,
    { action: 'SetCaseRetention', entityType: 'Tenant', entityId: tenantId },
    async (note) => {
      if (!scopeCovers(adminScopeOf(caller), tenantId)) throw new NotFoundError(ADMIN_MESSAGES.tenantNotFound);
      const { years } = caseRetentionSchema.parse(input);
      const result = await changeRecord(
        deps.store.collection<TenantDocument>('tenants'),
        { pk: tenantId, id: tenantId },
        (current) => {
          note.tenantId = tenantId;
          note.details = `Case retention ${current.caseRetentionYears ?? CASE_RETENTION_DEFAULT_YEARS} → ${years} years`;
          return { ...current, caseRetentionYears: years };
        },
        { attempts: 5, busy: () => new StoreConflictError(`The tenant ${tenantId} stayed busy.`) },
      );
      if (result.outcome === 'missing') throw new NotFoundError(ADMIN_MESSAGES.tenantNotFound);
      return toTenantView(result.record);
    },
  );
}
