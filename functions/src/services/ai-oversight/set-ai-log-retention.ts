import { ADMIN_MESSAGES, aiLogRetentionSchema, type TenantView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { StoreConflictError, StoreNotFoundError } from '../../ports/store.js';
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
      for (let attempt = 0; attempt < 5; attempt++) {
        const current = await tenants.read(tenantId, tenantId);
        if (!current) throw new NotFoundError(ADMIN_MESSAGES.tenantNotFound);
        const { _etag, ...before } = current;
        note.tenantId = tenantId;
        note.details = `AI-use log retention ${before.aiLogRetentionMonths ?? 6} → ${months} months`;
        try {
          const written = await tenants.replace({ ...before, aiLogRetentionMonths: months }, { ifMatch: _etag });
          return toTenantView(written);
        } catch (error) {
          if (!(error instanceof StoreConflictError) && !(error instanceof StoreNotFoundError)) throw error;
        }
      }
      throw new StoreConflictError(`The tenant ${tenantId} stayed busy.`);
    },
  );
}
