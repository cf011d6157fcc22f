import { ADMIN_MESSAGES, aiLogRetentionSchema, type TenantView } from '@ratkaisu/core';
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
 * `PUT /api/superadmin/tenants/{id}/ai-log-retention` `{ months }`: how long the tenant keeps its audit chain
 * with the AI-use log (at least six months, EU AI Act Arts. 19, 26(6)); the daily sweep (timers.ts) prunes
 * what is older. A SuperAdmin sets any tenant's, an Admin their own. Conditional on the tenant as read.
 */
export async function setAiLogRetention(
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
    { action: 'SetAiLogRetention', entityType: 'Tenant', entityId: tenantId },
    async (note) => {
      if (!scopeCovers(adminScopeOf(caller), tenantId)) throw new NotFoundError(ADMIN_MESSAGES.tenantNotFound);
      const { months } = aiLogRetentionSchema.parse(input);
      const tenants = deps.store.collection<TenantDocument>('tenants');
      const result = await changeRecord(
        tenants,
        { pk: tenantId, id: tenantId },
        (current) => {
          note.tenantId = tenantId;
          note.details = `AI-use log retention ${current.aiLogRetentionMonths ?? 6} → ${months} months`;
          return { ...current, aiLogRetentionMonths: months };
        },
        { attempts: 5, busy: () => new StoreConflictError(`The tenant ${tenantId} stayed busy.`) },
      );
      if (result.outcome === 'missing') throw new NotFoundError(ADMIN_MESSAGES.tenantNotFound);
      return toTenantView(result.record);
    },
  );
}
