import type { BaseDoc } from '../../ports/store.js';

/** What the audit log records (SPEC.md sections 3 and 9); identity actions included. */
export const AUDIT_ACTIONS = [
  'CreateTenant',
  'UpdateTenant',
  'DeleteTenant',
  'CreateUser',
  'UpdateUser',
  'DeleteUser',
  'ViewAuditLogs',
  'Login',
  'LoginFailed',
  'Logout',
  'Register',
  'ConfirmEmail',
  'ChangePassword',
  'ForgotPassword',
  'ResetPassword',
  'EnableTwoFactor',
  'DisableTwoFactor',
  'EndSession',
  'EndAllSessions',
  'AgreeTerms',
  'ValidateAccess',
  'CreateDispute',
  'AdvancePhase',
  'EndProcess',
  'UploadFile',
  'DeleteFile',
  'GenerateClaim',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One audit entry. Partitioned by month (`YYYY-MM`), so a date range touches few partitions. Never holds passwords or tokens. */
export interface AuditDocument extends BaseDoc {
  timestamp: string;
  action: AuditAction;
  userId?: string;
  userEmail?: string;
  entityType?: string;
  entityId?: string;
  success: boolean;
  ipAddress?: string;
  details?: string;
  errorMessage?: string;
  /** The tenant the entry concerns (given, else the acting user's); absent for system entries. */
  tenantId?: string;
  /**
   * Tamper evidence (audit-chain.ts): the chain (tenant id or `system`), the
   * entry's position in it from 1, the previous entry's hash and this entry's.
   * Absent on entries written before the log was chained.
   */
  chain?: string;
  seq?: number;
  prevHash?: string;
  hash?: string;
}
