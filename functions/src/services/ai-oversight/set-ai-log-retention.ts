import { aiLogRetentionSchema, type TenantView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { changeTenantSetting } from '../tenants/change-tenant-setting.js';

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
  return changeTenantSetting(
    deps,
    caller,
    client,
    tenantId,
    'SetAiLogRetention',
    () => aiLogRetentionSchema.parse(input),
    (current, { months }) => ({
      record: { ...current, aiLogRetentionMonths: months },
      details: `AI-use log retention ${current.aiLogRetentionMonths ?? 6} → ${months} months`,
    }),
  );
}
