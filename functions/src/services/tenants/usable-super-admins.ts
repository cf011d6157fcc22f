import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError } from '../../errors.js';
import type { UserDocument } from '../../records/user-document.js';
import type { TenantDocument } from '../../records/tenant-document.js';

/**
 * The ids of the SuperAdmins who can still act: active accounts with the role
 * in an active tenant. Nobody may leave this set empty, or nobody could
 * administer the service again without editing the store.
 */
export async function usableSuperAdmins(deps: Pick<Deps, 'store'>): Promise<{ id: string; tenantId: string }[]> {
  const users = deps.store.collection<UserDocument>('users');
  const tenants = deps.store.collection<TenantDocument>('tenants');
  const tenantActive = new Map<string, boolean>();
  const found: { id: string; tenantId: string }[] = [];
  let continuation: string | undefined;
  do {
    const page = await users.query({
      where: [
        { field: 'roles', op: 'arrayContains', value: 'SuperAdmin' },
        { field: 'isActive', op: '=', value: true },
      ],
      limit: 1000,
      ...(continuation ? { continuation } : {}),
    });
    for (const user of page.items) {
      if (!tenantActive.has(user.tenantId)) {
        tenantActive.set(user.tenantId, (await tenants.read(user.tenantId, user.tenantId))?.isActive === true);
      }
      if (tenantActive.get(user.tenantId)) found.push({ id: user.id, tenantId: user.tenantId });
    }
    continuation = page.continuation;
  } while (continuation);
  return found;
}

/**
 * Before a change that takes a usable SuperAdmin away (the user `leaving`, or
 * every one in the tenant `tenantId`): refuses it when nobody usable
 * would remain.
 */
export async function assertSuperAdminRemains(
  deps: Pick<Deps, 'store'>,
  leaving: { userId: string } | { tenantId: string },
): Promise<void> {
  const remaining = (await usableSuperAdmins(deps)).filter((admin) =>
    'userId' in leaving ? admin.id !== leaving.userId : admin.tenantId !== leaving.tenantId,
  );
  if (remaining.length === 0) throw new ConflictError(refusal('admin.lastSuperAdmin'));
}

/**
 * After such a change: whether a usable SuperAdmin is left. Two changes made
 * at the same moment can each pass the check before for the other's
 * SuperAdmin; the one that finds nobody left after its write undoes it.
 */
export async function superAdminRemains(deps: Pick<Deps, 'store'>): Promise<boolean> {
  return (await usableSuperAdmins(deps)).length > 0;
}
