import type { BaseDoc } from '../../ports/store.js';

/** An organisation. Partitioned by its own id. */
export interface TenantDocument extends BaseDoc {
  name: string;
  domain: string;
  /** The Entra ID directory (tid) whose work accounts belong to this tenant. */
  azureTenantId: string;
  description?: string;
  isActive: boolean;
  createdAt: string;
}
