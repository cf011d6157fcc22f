import { ADMIN_FIELD_MESSAGES, type UserRole } from '../admin/admin-schemas.js';
import type { DisputeStatus } from '../domain/phases.js';

/**
 * Response shapes of the administration calls (docs/product.md sections 3 and 7,
 * "Admin"). Dates are ISO 8601 strings in UTC. A SuperAdmin sees every tenant;
 * an Admin gets the same shapes limited to their own tenant.
 */

/** One row of `GET /api/superadmin/tenants`; also the answer of POST and PUT. */
export interface TenantView {
  id: string;
  name: string;
  domain: string;
  /** The Entra ID directory whose work accounts belong to this tenant. */
  azureTenantId: string;
  description?: string;
  isActive: boolean;
  createdAt: string;
  /** The tenant made on first start; it cannot be deleted. */
  isDefault: boolean;
  /** Months the audit chain with the AI-use log is kept (at least six). */
  aiLogRetentionMonths?: number;
  /** Years a finished case's data is kept (docs/data-lifecycle.md); the default when never set. */
  caseRetentionYears?: number;
}

/** One row of `GET /api/superadmin/users`; also the answer of POST and PUT (docs/product.md section 3, Admin user). */
export interface AdminUserView {
  id: string;
  userName: string;
  email: string;
  tenantId: string;
  /** Empty when the tenant no longer exists. */
  tenantName: string;
  tenantDomain: string;
  /** The first one is the one displayed. */
  roles: UserRole[];
  isActive: boolean;
  /** Last sign-in; null shows as Never. */
  lastActivity: string | null;
  emailConfirmed: boolean;
  /** A work account signs in through Entra ID; a local one with a password. */
  accountKind: 'local' | 'work';
  /** The arbitrator attribute: name and title under an award's signature. */
  arbitrator?: { name: string; title: string };
  /** The person's full name as the account holds it: what the signature name starts from when none is set. */
  fullName?: string;
}

/** `POST /api/superadmin/users/fix-missing-roles`: how many users were given the role User. */
export interface FixMissingRolesResult {
  fixed: number;
}

/** One audit entry as the Audit Logs tab shows it (docs/product.md section 3, Audit log entry). */
export interface AuditLogEntryView {
  id: string;
  timestamp: string;
  action: string;
  userId?: string;
  userEmail?: string;
  entityType?: string;
  entityId?: string;
  /** For an entry about a case (entityType 'Dispute'): its case number, which the tab shows instead of the id. */
  caseNumber?: string;
  success: boolean;
  ipAddress?: string;
  details?: string;
  errorMessage?: string;
  /** The tenant the entry concerns; absent for system entries (such as sign-in attempts for unknown names). */
  tenantId?: string;
  /** Personal fields erased when the person closed the account (docs/data-subject-rights.md): shown as "erased". */
  erased?: ('userEmail' | 'ipAddress' | 'details' | 'errorMessage')[];
}

/** `GET /api/superadmin/security-logs`: one page, newest first, and how many entries match in all. */
export interface AuditLogPage {
  items: AuditLogEntryView[];
  totalCount: number;
  page: number;
  pageSize: number;
}

/**
 * Every action the audit log records: the seven administration actions of
 * docs/product.md section 9 first, then the account and case events. The server
 * refuses any other action name in a filter, so the web offers exactly these.
 */
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
  /** Ten new recovery codes for two-factor sign-in (on enabling, or asked for again); the old ones stop working. */
  'CreateRecoveryCodes',
  /** A recovery code spent in place of an authenticator code (sign-in, re-authentication). */
  'UseRecoveryCode',
  'EndSession',
  'EndAllSessions',
  'AgreeTerms',
  'UpdateFullName',
  'UpdateLanguage',
  'ValidateAccess',
  'CreateDispute',
  'AdvancePhase',
  'EndProcess',
  'UploadFile',
  'DeleteFile',
  'GenerateClaim',
  'GenerateAnonymousDecision',
  'GenerateDecision',
  'StopDecisionGeneration',
  'StopClaimGeneration',
  'DiscardClaimDraft',
  // The tribunal and the award (docs/architecture.md "The tribunal"): every step a person or the AI takes on a decision.
  'GrantArbitrator',
  'RevokeArbitrator',
  'RequestTribunal',
  'AppointTribunal',
  'AcceptAppointment',
  'DeclineAppointment',
  'DecisionDrafted',
  'EditAward',
  'RegenerateChapter',
  'ReviewAwardChapter',
  'ExtractClaims',
  'ConfirmClaims',
  'CommentClaims',
  'AdoptAward',
  'SignAward',
  'IssueAward',
  'AcceptDecision',
  'ReceiveDecision',
  // PDF signatures (docs/signing.md): an arbitrator's signing certificate issued, an accepted AI decision sealed.
  'IssueSigningCertificate',
  'SealDecision',
  'AcceptanceLapsed',
  'CaseFinal',
  // AI use (EU AI Act): the claim generator's drafts, a person opening AI output, problem reports, the log's upkeep.
  'ClaimDrafted',
  'OpenAiOutput',
  'ReportAiProblem',
  'SetAiLogRetention',
  'PruneAuditLog',
  'ExportAiLog',
  // Case retention and tenant offboarding (docs/data-lifecycle.md).
  'SetCaseRetention',
  'SetLegalHold',
  'LiftLegalHold',
  'RetentionWarning',
  'DeleteCaseData',
  'ExportTenant',
  'OffboardTenant',
  // After the award (§§ 37–39): delivery, receipt, and the requests for correction, interpretation or additional award.
  'DeliverAward',
  'AcknowledgeReceipt',
  'RequestCorrection',
  'CommentCorrection',
  'SetCommentPeriod',
  'GrantCorrection',
  'RejectCorrection',
  'CorrectOwnInitiative',
  'IssueCorrection',
  // The agreement, the tribunal's size, challenges, jurisdiction and new matters (tribunal/constitution.ts).
  'AcceptAgreement',
  'AnswerTribunalSize',
  'LapseTribunalSize',
  'ChallengeArbitrator',
  'WaiveChallenge',
  'DecideChallenge',
  'RecordJurisdiction',
  'PutNewMatter',
  'AnswerNewMatter',
  'RecordHearing',
  // The data subject's rights (docs/data-subject-rights.md): a copy of the person's data, closing the account,
  // and the personal fields of the audit entries erased.
  'ExportPersonalData',
  'DownloadPersonalData',
  'CloseAccount',
  'ErasePersonalData',
  // Fees (docs/fees.md): the fee schedule and its per-tenant overrides.
  'SetFeeSchedule',
  'ClearFeeSchedule',
  'ReceivePayment',
  'RefusePaymentNotification',
  // Receipts, credit notes, invoices and bank statements (docs/fees.md).
  'IssueReceipt',
  'IssueCreditNote',
  'IssueInvoice',
  'DownloadReceipt',
  'ImportBankStatement',
  'MarkPaymentPaid',
  // Promo codes and the payments view (docs/fees.md "Promo codes", "What administrators see").
  'CreatePromoCode',
  'DisablePromoCode',
  'ApplyPromoCode',
  'ExportPayments',
  // The claimant's amount in dispute, which the fee bands price (docs/fees.md "Due points").
  'SetAmountInDispute',
  // The tribunal's fees (docs/fees.md "The tribunal's advance"): a share paid by the other party, a lapsed
  // request, a reminder, the advance settled against an award's fees order, open checkouts of a final case closed.
  'PayOtherPartyShare',
  'LapseTribunalRequest',
  'RemindTribunalFees',
  'SettleTribunalAdvance',
  'ClosePayments',
  // Money that came after its payment was closed, credited in full (docs/fees.md "Money after a payment was closed").
  'CreditClosedPayment',
  // An advance priced for three arbitrators brought to a sole arbitrator's (docs/fees.md "A sole arbitrator after all").
  'ResizeTribunalAdvance',
  // A refused request (401 with a token, 403, 404 for an object named in the path), rate-limited per caller.
  'AccessDenied',
  // An administrator sends a mail the outbox gave up on again (services/outbox/resend-mail.ts).
  'ResendMail',
  // Security incidents and the 72-hour clock (docs/operations.md "Incidents").
  'OpenIncident',
  'AnnotateIncident',
  'ChangeIncidentStatus',
  'UpdateIncidentReport',
  'PrepareIncidentNotices',
  'SendIncidentNotices',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The seven administration actions of docs/product.md section 9; the log also holds account and case events. */
export const ADMIN_AUDIT_ACTIONS = AUDIT_ACTIONS.slice(0, 7) as readonly AuditAction[];

/** One row of the Overview's per-tenant statistics. */
export interface TenantStats {
  tenantId: string;
  tenantName: string;
  domain: string;
  userCount: number;
  disputeCount: number;
  /** The latest sign-in or audited action in the tenant; null when there was none. */
  lastActivity: string | null;
}

/** `GET /api/superadmin/dashboard` (docs/product.md section 3, Dashboard stats). */
export interface DashboardStats {
  activeTenants: number;
  totalUsers: number;
  totalDisputes: number;
  /** Pending or in progress: the sum of those two in `disputesByStatus`. */
  activeDisputes: number;
  /**
   * The cases per docs/product.md status, counted once: total and active are sums of these, so the Overview's cards and
   * its breakdown come from one source.
   */
  disputesByStatus: { status: DisputeStatus; count: number }[];
  /** Final cases by how they ended (core case-outcome.ts): both parties accepted one AI-decision version, or an award issued. */
  finalOutcomes: { accepted: number; award: number };
  /** Accounts that are active (not deactivated). */
  activeUsers: number;
  /** Successful sign-ins (local and work account) in the last 7 days. */
  recentLogins: number;
  /** The 10 latest audit entries, newest first. */
  recentActivities: AuditLogEntryView[];
  tenantStats: TenantStats[];
  system: SystemInformation;
  /** When these numbers were computed: they may be a few seconds old. */
  generatedAt: string;
}

/** The System Information block of the Overview. */
export interface SystemInformation {
  /** The product version from package.json. */
  version: string;
  environment: 'local' | 'test' | 'production';
}

/**
 * `GET /api/superadmin/analytics/model-usage`: the language model's tokens and their estimated cost per tenant
 * and calendar month (UTC) over the last 12 months, from the jobs that used the model (decisions, chapters
 * written again, claims; the anonymous generator under its own row). Prices are the deployment's configured ones.
 */
export interface ModelUsageRow {
  /** A tenant's id, or `anonymous` for the public generator. */
  tenantId: string;
  tenantName: string;
  month: string;
  jobs: number;
  promptTokens: number;
  cachedTokens: number;
  completionTokens: number;
  estimatedCostEur: number;
}

/** `GET /api/superadmin/analytics/disputes`: cases per status and per month of creation. */
export interface DisputeAnalytics {
  total: number;
  byStatus: { status: DisputeStatus; count: number }[];
  /** The last 12 calendar months (UTC), oldest first, including months without cases. */
  byMonth: { month: string; count: number }[];
  generatedAt: string;
}

/** Where the audit chain was found broken first, and why. */
export interface AuditChainBreak {
  chain: string;
  /** The entry at which the chain stops holding; absent when the break is missing entries at the end. */
  entryId?: string;
  seq?: number;
  reason: string;
}

/** One tenant's (or the system's) chain of audit entries. */
export interface AuditChainStatus {
  /** The tenant id, or `system` for entries that concern no tenant. */
  chain: string;
  /** Entries found in order: all of them when the chain holds, else those before the first break. */
  entries: number;
  /** The hash of the chain's latest entry: record it elsewhere to detect a later rewrite of the whole chain. */
  headHash: string;
  valid: boolean;
  firstBreak?: AuditChainBreak;
  /** Entries up to this position were removed by the retention sweep; the chain is verified from the checkpoint on. */
  prunedThroughSeq?: number;
}

/** `GET /api/superadmin/security-logs/verify` and `npm run audit:verify`. */
export interface AuditChainReport {
  valid: boolean;
  checkedAt: string;
  chains: AuditChainStatus[];
  /** The first broken link of all, if any. */
  firstBreak?: AuditChainBreak;
  /** Entries written before the log was chained: listed, not verifiable. */
  unchainedEntries: number;
}

/**
 * The administration calls' refusals: their English texts in the catalogue of refusals (core errors/refusals.ts,
 * group `admin`; docs/architecture.md "Errors"), with `{{param}}` where a value goes.
 */
export const ADMIN_MESSAGES = {
  ...ADMIN_FIELD_MESSAGES,
  tenantNotFound: 'Tenant not found.',
  userNotFound: 'User not found.',
  tenantDomainTaken: 'A tenant with the domain {{domain}} already exists.',
  tenantAzureIdTaken: 'A tenant with the Azure tenant ID {{azureTenantId}} already exists.',
  defaultTenantUndeletable: 'The default tenant cannot be deleted.',
  tenantHasOneUser: 'This tenant still has 1 user. Move or delete them before deleting the tenant.',
  tenantHasUsers: 'This tenant still has {{count}} users. Move or delete them before deleting the tenant.',
  ownTenantDeactivation: 'You cannot deactivate your own tenant.',
  chosenTenantMissing: 'The chosen tenant does not exist.',
  userNameTaken: 'The user name {{userName}} is already taken.',
  emailTaken: 'A user with the email address {{email}} already exists.',
  lastSuperAdmin:
    'There must always be at least one active SuperAdmin in an active tenant. Make another user SuperAdmin first.',
  ownSuperAdminRole: 'You cannot remove your own SuperAdmin role.',
  ownDeactivation: 'You cannot deactivate your own account.',
  ownDeletion: 'You cannot delete your own account.',
  ownTenantInactive: 'You cannot move your own account to an inactive tenant.',
  tenantAdminOtherTenant: 'Tenant administrators can only manage users of their own tenant.',
  tenantAdminSuperAdmin: 'Only a SuperAdmin can grant the SuperAdmin role or change a SuperAdmin.',
  unknownAction: 'action must be one of the audit actions.',
  superAdminOnlyTenants: 'Only a SuperAdmin can change tenants.',
  confirmTenantName: 'Type the tenant’s name to confirm.',
  userChangedMeanwhile: 'The user was changed by others at the same time. Please try again.',
  invitationFailed: 'We could not send the invitation email, so the user was not created. Please try again later.',
  emailChangeMailFailed:
    'We could not send the confirmation email to the new address, so the user was not changed. Please try again later.',
} as const;
