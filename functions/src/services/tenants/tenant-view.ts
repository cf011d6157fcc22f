import { AI_LOG_RETENTION_MIN_MONTHS, CASE_RETENTION_DEFAULT_YEARS, type TenantView } from '@ratkaisu/core';
import { DEFAULT_TENANT_ID, type TenantDocument } from '../../records/tenant-document.js';

export function toTenantView(tenant: TenantDocument): TenantView {
  return {
    id: tenant.id,
    name: tenant.name,
    domain: tenant.domain,
    azureTenantId: tenant.azureTenantId,
    ...(tenant.description ? { description: tenant.description } : {}),
    isActive: tenant.isActive,
    createdAt: tenant.createdAt,
    isDefault: tenant.id === DEFAULT_TENANT_ID,
    aiLogRetentionMonths: Math.max(
      AI_LOG_RETENTION_MIN_MONTHS,
      tenant.aiLogRetentionMonths ?? AI_LOG_RETENTION_MIN_MONTHS,
    ),
    caseRetentionYears: tenant.caseRetentionYears ?? CASE_RETENTION_DEFAULT_YEARS,
  };
}
