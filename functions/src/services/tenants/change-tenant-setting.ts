import { type AuditAction, refusal, type TenantView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { StoreConflictError } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import { adminScopeOf, scopeCovers } from '../../records/admin-scope.js';
import type { TenantDocument } from '../../records/tenant-document.js';
import { auditedAction } from '../audit/audited-action.js';
import { toTenantView } from './tenant-view.js';

/**
 * One setting of a tenant changed by an administrator: a SuperAdmin may change any tenant's, an Admin their own
 * (anyone else is told the tenant is not found). The input is validated once the caller may (`parse`, a 400 that
 * is audited as refused), then the tenant is changed conditionally on the tenant as read (`change` answers the new
 * record and what changed), audited under `action`.
 */
export async function changeTenantSetting<T>(
  deps: Deps,
  caller: Caller,
  client: ClientInfo,
  tenantId: string,
  action: AuditAction,
  parse: () => T,
  change: (current: TenantDocument, value: T) => { record: TenantDocument; details: string },
): Promise<TenantView> {
  return auditedAction(deps, caller, client, { action, entityType: 'Tenant', entityId: tenantId }, async (note) => {
    if (!scopeCovers(adminScopeOf(caller), tenantId)) throw new NotFoundError(refusal('admin.tenantNotFound'));
    const value = parse();
    const result = await changeRecord(
      deps.store.collection<TenantDocument>('tenants'),
      { pk: tenantId, id: tenantId },
      (current) => {
        const changed = change(current, value);
        note.tenantId = tenantId;
        note.details = changed.details;
        return changed.record;
      },
      { attempts: 5, busy: () => new StoreConflictError(`The tenant ${tenantId} stayed busy.`) },
    );
    if (result.outcome === 'missing') throw new NotFoundError(refusal('admin.tenantNotFound'));
    return toTenantView(result.record);
  });
}
