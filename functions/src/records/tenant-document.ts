import type { BaseDoc } from '../ports/store.js';

/** The tenant created on first start (services/bootstrap/ensure-first-admin.ts); local registrations join it. */
export const DEFAULT_TENANT_ID = 'default';

/** An organisation. Partitioned by its own id. */
export interface TenantDocument extends BaseDoc {
  name: string;
  domain: string;
  /** The Entra ID directory (tid) whose work accounts belong to this tenant. */
  azureTenantId: string;
  description?: string;
  isActive: boolean;
  createdAt: string;
  /** How long the audit chain (with the AI-use log) is kept, in months; at least (and by default) six. */
  aiLogRetentionMonths?: number;
  /** Years a finished case's data is kept (docs/data-lifecycle.md); CASE_RETENTION_DEFAULT_YEARS when absent. */
  caseRetentionYears?: number;
}
