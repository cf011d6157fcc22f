import { refusal, tenantHasFinishedCasesRefusal, tenantHasOpenCasesRefusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, TenantHasOpenCasesError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { auditedAction } from '../audit/audited-action.js';
import { deleteTenant } from '../tenants/delete-tenant.js';
import { requireSuperAdmin } from '../tenants/require-super-admin.js';
import { tenantCases } from './tenant-cases.js';

/**
 * `DELETE /api/superadmin/tenants/{id}` (docs/product.md's call, kept for a tenant without cases): a tenant with open
 * cases is refused with their list; one with finished cases is sent to offboarding (export, then deletion with
 * a certificate, offboard-tenant.ts), so no case's data goes without its record. A refusal is audited.
 */
export async function removeTenant(deps: Deps, caller: Caller, tenantId: string, client: ClientInfo): Promise<void> {
  requireSuperAdmin(caller);
  const cases = await tenantCases(deps, tenantId);
  if (cases.open.length + cases.held.length + cases.finished.length > 0) {
    await auditedAction(
      deps,
      caller,
      client,
      { action: 'DeleteTenant', entityType: 'Tenant', entityId: tenantId },
      async (note) => {
        note.tenantId = tenantId;
        if (cases.open.length > 0) {
          throw new TenantHasOpenCasesError(tenantHasOpenCasesRefusal(cases.open), cases.open);
        }
        if (cases.held.length > 0) {
          throw new TenantHasOpenCasesError(
            refusal('retention.tenantHasHeldCases', { cases: cases.held.join(', ') }),
            cases.held,
          );
        }
        throw new ConflictError(tenantHasFinishedCasesRefusal(cases.finished.length));
      },
    );
  }
  await deleteTenant(deps, caller, tenantId, client);
}
