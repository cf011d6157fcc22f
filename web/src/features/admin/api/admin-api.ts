import {
  AUDIT_PAGE_SIZE_DEFAULT,
  type AdminUserView,
  type AiOversightView,
  type CaseRetentionView,
  type DataExportStarted,
  type JobStatusView,
  type DeletionCertificateView,
  type RetentionOverview,
  type ArbitratorProfile,
  type DisputeSummary,
  type EvaluationsView,
  type TribunalView,
  type AuditChainReport,
  type AuditLogPage,
  type DashboardStats,
  type DisputeAnalytics,
  type FixMissingRolesResult,
  type ModelCapacity,
  type ModelUsageRow,
  type TenantBodyInput,
  type TenantView,
  type UserBodyInput,
} from '@ratkaisu/core';
import { api } from '../../../api/api';
import { unwrapData } from '../../../api/unwrap-data';

/*
 * The administration calls (docs/product.md section 7, "Admin"). The client revives
 * ISO dates into Date objects, so the date fields of these answers arrive as
 * Dates although core types them as the strings they are on the wire.
 */

const BASE = '/api/superadmin';

export type ServerDate = string | Date;

export const getDashboard = (signal?: AbortSignal) => api.get<DashboardStats>(`${BASE}/dashboard`, { signal });
export const getDisputeAnalytics = (signal?: AbortSignal) =>
  api.get<DisputeAnalytics>(`${BASE}/analytics/disputes`, { signal });
export const getModelCapacity = (signal?: AbortSignal) =>
  api.get<ModelCapacity | null>(`${BASE}/model-capacity`, { signal });
export const getEvaluations = (signal?: AbortSignal) => api.get<EvaluationsView>(`${BASE}/evaluations`, { signal });
export const getModelUsage = (signal?: AbortSignal) =>
  api.get<ModelUsageRow[]>(`${BASE}/analytics/model-usage`, { signal });
export const verifyAuditChain = (signal?: AbortSignal) =>
  api.get<AuditChainReport>(`${BASE}/security-logs/verify`, { signal });

export const listTenants = (signal?: AbortSignal) => api.get<TenantView[]>(`${BASE}/tenants`, { signal });
export const createTenant = (body: TenantBodyInput) => api.post<TenantView>(`${BASE}/tenants`, body);
export const updateTenant = (id: string, body: TenantBodyInput) =>
  api.put<TenantView>(`${BASE}/tenants/${encodeURIComponent(id)}`, body);
export const deleteTenant = (id: string) => api.delete<void>(`${BASE}/tenants/${encodeURIComponent(id)}`);

export const listUsers = (signal?: AbortSignal) => api.get<AdminUserView[]>(`${BASE}/users`, { signal });
export const createUser = (body: UserBodyInput) => api.post<AdminUserView>(`${BASE}/users`, body);
export const updateUser = (id: string, body: UserBodyInput) =>
  api.put<AdminUserView>(`${BASE}/users/${encodeURIComponent(id)}`, body);
export const deleteUser = (id: string) => api.delete<void>(`${BASE}/users/${encodeURIComponent(id)}`);
export const fixMissingRoles = () => api.post<FixMissingRolesResult>(`${BASE}/users/fix-missing-roles`);
/** A copy of a user's data for a data-subject request made to the operator (docs/data-subject-rights.md). */
export const requestUserDataExport = (id: string, reason: string) =>
  api.post<DataExportStarted>(`${BASE}/users/${encodeURIComponent(id)}/data-export`, { reason });
export const userDataExportStatus = (jobId: string, signal: AbortSignal) =>
  api.get<JobStatusView>(`/api/dispute/job/${encodeURIComponent(jobId)}/status`, { signal });
/** The finished copy: only the administrator who asked for it may fetch it (the download is audited). */
export const downloadUserDataExport = (jobId: string) => api.blob(`/user/data-export/${encodeURIComponent(jobId)}`);

/** The Audit Logs tab's filters; an empty string is "any". Dates are YYYY-MM-DD as a date input gives them. */
export interface AuditFilters {
  action: string;
  userId: string;
  startDate: string;
  endDate: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { action: '', userId: '', startDate: '', endDate: '' };

export function hasAuditFilters(filters: AuditFilters): boolean {
  return Object.values(filters).some((value) => value !== '');
}

/** The query string of the security-logs calls: only the filters that are set, then paging when given. */
export function auditQuery(filters: AuditFilters, paging?: { page: number; pageSize: number }): string {
  const query = new URLSearchParams();
  for (const key of ['action', 'userId', 'startDate', 'endDate'] as const) {
    if (filters[key] !== '') query.set(key, filters[key]);
  }
  if (paging) {
    query.set('page', String(paging.page));
    query.set('pageSize', String(paging.pageSize));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

export const listAuditLogs = (
  filters: AuditFilters,
  page: number,
  pageSize = AUDIT_PAGE_SIZE_DEFAULT,
  signal?: AbortSignal,
) => api.get<AuditLogPage>(`${BASE}/security-logs${auditQuery(filters, { page, pageSize })}`, { signal });

/** The filtered entries as the server's CSV. */
export const exportAuditLogs = (filters: AuditFilters) =>
  api.blob(`${BASE}/security-logs/export${auditQuery(filters)}`);

// The tribunal (docs/architecture.md "The tribunal"): the arbitrator attribute and appointments.

/** Grants (name and title under the signature) or withdraws (null) the arbitrator attribute. */
export const setArbitrator = async (id: string, arbitrator: ArbitratorProfile | null) =>
  unwrapData<AdminUserView>(
    await api.put<unknown>(`${BASE}/users/${encodeURIComponent(id)}/arbitrator`, { arbitrator }),
  );

/** A case waiting for its tribunal to be appointed. */
export interface TribunalRequestRow {
  dispute: DisputeSummary;
  caseNumber?: string;
  tribunal: TribunalView;
  claimantName: string;
  respondentName: string;
}

export interface ArbitratorOption {
  userId: string;
  name: string;
  title: string;
  email: string;
  tenantId: string;
  /** Two-factor sign-in on, or a work account: what signing an award needs, so what appointment needs. */
  canSign?: boolean;
}

const listOf = <T>(answer: unknown): T[] => {
  const value = unwrapData<unknown>(answer);
  return Array.isArray(value) ? (value as T[]) : [];
};

export const listTribunalRequests = async (signal?: AbortSignal) =>
  listOf<TribunalRequestRow>(await api.get<unknown>('/api/admin/tribunal/requests', { signal }));

export const listArbitrators = async (signal?: AbortSignal) =>
  listOf<ArbitratorOption>(await api.get<unknown>('/api/admin/arbitrators', { signal }));

/** Appoints a sole arbitrator, or three with the chair first. */
export const appointTribunal = async (disputeId: string, arbitratorIds: string[]) =>
  unwrapData<TribunalView>(
    await api.post<unknown>(`/api/admin/tribunal/${encodeURIComponent(disputeId)}/appoint`, { arbitratorIds }),
  );

/** The AI oversight view: one tenant's AI use in one month. */
export const getAiOversight = (tenantId: string, month: string, signal?: AbortSignal) =>
  api.get<AiOversightView>(
    `${BASE}/ai-oversight?tenantId=${encodeURIComponent(tenantId)}&month=${encodeURIComponent(month)}`,
    { signal },
  );
export const setAiLogRetention = (tenantId: string, months: number) =>
  api.put<TenantView>(`${BASE}/tenants/${encodeURIComponent(tenantId)}/ai-log-retention`, { months });
/** A case's AI-use log for an authority, as JSON or the readable PDF. */
export const downloadAiLog = (disputeId: string, format: 'json' | 'pdf') =>
  api.blob(`${BASE}/ai-log/${encodeURIComponent(disputeId)}${format === 'pdf' ? '?format=pdf' : ''}`);

/* Case retention, legal holds and tenant offboarding (docs/data-lifecycle.md). */
export const getRetentionOverview = (signal?: AbortSignal) =>
  api.get<RetentionOverview>(`${BASE}/retention`, { signal });
export const setCaseRetention = (tenantId: string, years: number) =>
  api.put<TenantView>(`${BASE}/tenants/${encodeURIComponent(tenantId)}/case-retention`, { years });
export const changeLegalHold = (disputeId: string, action: 'set' | 'lift', reason: string) =>
  api.post<CaseRetentionView>(
    `${BASE}/disputes/${encodeURIComponent(disputeId)}/legal-hold${action === 'lift' ? '/lift' : ''}`,
    { reason },
  );
export const downloadTenantExport = (tenantId: string) =>
  api.blob(`${BASE}/tenants/${encodeURIComponent(tenantId)}/export`);
export const offboardTenant = (tenantId: string, confirm: string) =>
  api.post<DeletionCertificateView>(`${BASE}/tenants/${encodeURIComponent(tenantId)}/offboard`, { confirm });
export const getDeletionCertificates = (signal?: AbortSignal) =>
  api.get<DeletionCertificateView[]>(`${BASE}/deletion-certificates`, { signal });
export const downloadDeletionCertificate = (id: string) =>
  api.blob(`${BASE}/deletion-certificates/${encodeURIComponent(id)}`);
