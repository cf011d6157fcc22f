import {
  getTfaKey,
  getRecoveryCodes,
  postChangePassword,
  postRecoveryCodes,
  postConfirmEmail,
  postForgotPassword,
  getUsernameAvailable,
  postRegister,
  postUpdateFullName,
  postUpdateLanguage,
  postResetPassword,
  postCheckResetLink,
  postToggleTfa,
} from './handlers/account.js';
import { getDataExport, postAdminDataExport, postCloseAccount, postDataExport } from './handlers/data-rights.js';
import { getNotices, getUnreadNotices, postReadNotices } from './handlers/notices.js';
import { getFailedMails, postResendMail } from './handlers/outbox.js';
import { getDeepHealth, postDeepHealthRun } from './handlers/health.js';
import {
  getIncidentById,
  getIncidentOmbudsman,
  getIncidents,
  postIncidentNote,
  postIncidentNotices,
  postIncidentStatus,
  postSendIncidentNotices,
  putIncidentOmbudsman,
} from './handlers/incidents.js';
import {
  deleteAdminUserById,
  getAdminDashboard,
  getAdminDisputeAnalytics,
  getAdminModelUsage,
  getAdminModelCapacity,
  getAdminEvaluations,
  getAdminUsers,
  getSecurityLogs,
  getSecurityLogsExport,
  getSecurityLogsVerify,
  getTenants,
  postAdminUser,
  postFixMissingRoles,
  postTenant,
  putAdminUser,
  putTenant,
} from './handlers/admin.js';
import {
  deleteTenantById,
  getDeletionCertificate,
  getDeletionCertificates,
  getRetention,
  getTenantExport,
  postLegalHold,
  postLiftLegalHold,
  postOffboardTenant,
  putCaseRetention,
} from './handlers/retention.js';
import { postGenerateDecisionAnonymous } from './handlers/anonymous-decision.js';
import {
  getAiLogExport,
  getAiOversightRoute,
  postAnonymousAiProblemReport,
  postCaseAiProblemReport,
  putAiLogRetention,
} from './handlers/ai-use.js';
import { postGenerateDecision, postStopDecisionGeneration } from './handlers/decisions.js';
import { postSaveClaimAsPdf } from './handlers/claim-pdf.js';
import { postGenerateClaim } from './handlers/claims.js';
import {
  deleteClaimDraftRoute,
  getClaimDraftRoute,
  postClaimDraftPdf,
  putClaimDraftRoute,
} from './handlers/claim-draft.js';
import {
  getActivePhases,
  getContact,
  getDispute,
  getCaseChangeToken,
  getDashboardChangeToken,
  getDisputePhases,
  getDisputes,
  postAdvancePhase,
  postDispute,
  putAmountInDispute,
} from './handlers/disputes.js';
import {
  deletePhaseAttachment,
  deleteWorkFileById,
  getAttachmentDownload,
  getAttachmentFile,
  getPhaseAttachments,
  getWorkFile,
  getWorkFiles,
  postPhaseAttachments,
  postWorkFiles,
} from './handlers/files.js';
import { getCheckAdmin, getValidateAccess } from './handlers/identity.js';
import { getJobResult, getJobStatus, postJobStop } from './handlers/jobs.js';
import {
  getCheckAuth,
  getSessions,
  postEndAllSessions,
  postLogin,
  postLogout,
  postRefreshSession,
  postUpdateAgreedTerms,
} from './handlers/sessions.js';
import { getInvitation } from './handlers/invitations.js';
import { postKeepAwardChapter, postOpenAwardChapter, postWriteChapterFromBlank } from './handlers/award-chapters.js';
import { getHealth, getMeta } from './handlers/system.js';
import {
  getArbitratorCases,
  getArbitrators,
  getAwardById,
  getAwardSettings,
  getTribunalRequests,
  postAcceptDecision,
  postAdoptAward,
  getAwardDispositiveCheck,
  postAppointTribunal,
  postRequestTribunal,
  postRegenerateChapter,
  postRespondAppointment,
  postClaimsSummary,
  postClaimsSummaryComment,
  putClaimsSummarySide,
  postSignAward,
  putArbitrator,
  putAwardDraft,
} from './handlers/tribunal.js';
import { postPayOtherPartyShare } from './handlers/tribunal-fees.js';
import {
  getAwardDelivery,
  getCorrectionPdf,
  postAwardReceipt,
  postCorrectionComment,
  postCorrectionDecision,
  postCorrectionRequest,
  postOwnInitiativeCorrection,
  putCommentPeriod,
} from './handlers/corrections.js';
import {
  getJurisdictionRoute,
  getOpenChallenges,
  postAcceptAgreement,
  postAnswerMatter,
  postChallenge,
  postDecideChallenge,
  postHearing,
  postJurisdiction,
  postTribunalSize,
  postWaiveChallenge,
} from './handlers/constitution.js';
import {
  deleteFeeSchedule,
  deleteTenantFeeSchedule,
  getFeeSchedules,
  getFeesQuote,
  postPaymentWebhook,
  getTestCheckoutRoute,
  postTestCheckoutPay,
  putFeeSchedule,
  putTenantFeeSchedule,
} from './handlers/fees.js';
import {
  getPaymentInvoice,
  getReceiptPdf,
  getReceipts,
  postBankStatement,
  postCreditNote,
  postMarkPaymentPaid,
} from './handlers/invoicing.js';
import {
  getAdminPayments,
  getAdminPaymentsExport,
  getPromoCodes,
  postDisablePromoCode,
  postPaymentPromoCode,
  postPromoCode,
} from './handlers/payments.js';
import type { Config } from './config.js';
import type { RouteDefinition } from './http/route.js';
import { postTestSeed } from './local/test-seeding/seed-route.js';

/**
 * Every HTTP route of the API, once (docs/architecture.md rule 2). Paths are
 * exactly those of docs/product.md section 7; index.ts registers this table with the
 * Functions host and the local host serves the same table.
 *
 * The streamed attachment download
 * (`…/attachment/{fileId}/download`) is ours, not docs/product.md's: it lets the
 * browser save a file without holding a base64 copy of it.
 */
// One line per route (STYLE.md): the table reads as the whole API at a glance.
// prettier-ignore
export const routes: readonly RouteDefinition[] = [
  { name: 'health', method: 'GET', path: '/health', access: 'public', body: 'none', handler: getHealth },
  { name: 'meta', method: 'GET', path: '/api/meta', access: 'public', body: 'none', handler: getMeta },

  // Identity: sessions and sign-in
  { name: 'login', method: 'POST', path: '/user/login', access: 'public', body: 'json', handler: postLogin },
  { name: 'checkAuth', method: 'GET', path: '/user/check-auth', access: 'user', body: 'none', handler: getCheckAuth },
  { name: 'getSessions', method: 'GET', path: '/user/get-sessions', access: 'user', body: 'none', handler: getSessions },
  { name: 'logout', method: 'POST', path: '/user/logout', access: 'user', body: 'json', handler: postLogout },
  { name: 'endAllSessions', method: 'POST', path: '/user/end-all-sessions', access: 'user', body: 'none', handler: postEndAllSessions },
  // Ours, beside docs/product.md: "Keep me signed in" (the httpOnly refresh cookie buys a tab a short-lived token).
  { name: 'refreshSession', method: 'POST', path: '/user/refresh-session', access: 'public', body: 'none', handler: postRefreshSession },
  { name: 'updateAgreedTerms', method: 'POST', path: '/user/update-agreed-terms', access: 'user', body: 'json', handler: postUpdateAgreedTerms },

  // Identity: registration, passwords, two-factor
  { name: 'register', method: 'POST', path: '/user/register', access: 'public', body: 'json', handler: postRegister },
  // Ours: the sign-up form's user-name check as the user types; counted per address.
  { name: 'usernameAvailable', method: 'GET', path: '/user/username-available', access: 'public', body: 'none', handler: getUsernameAvailable },
  { name: 'confirmEmail', method: 'POST', path: '/user/confirm-email', access: 'public', body: 'json', handler: postConfirmEmail },
  { name: 'forgotPassword', method: 'POST', path: '/user/forgot-password', access: 'public', body: 'json', handler: postForgotPassword },
  { name: 'resetPassword', method: 'POST', path: '/user/reset-password', access: 'public', body: 'json', handler: postResetPassword },
  { name: 'checkResetLink', method: 'POST', path: '/user/reset-password/check', access: 'public', body: 'json', handler: postCheckResetLink },
  { name: 'changePassword', method: 'POST', path: '/user/change-password', access: 'user', body: 'json', handler: postChangePassword },
  { name: 'getTfaKey', method: 'GET', path: '/user/get-tfa-key', access: 'user', body: 'none', handler: getTfaKey },
  { name: 'updateFullName', method: 'POST', path: '/user/update-full-name', access: 'user', body: 'json', handler: postUpdateFullName },
  { name: 'updateLanguage', method: 'POST', path: '/user/update-language', access: 'user', body: 'json', handler: postUpdateLanguage },
  { name: 'toggleTfa', method: 'POST', path: '/user/toggle-tfa', access: 'user', body: 'json', handler: postToggleTfa },
  // Ours, beside docs/product.md: two-factor recovery codes (how many are left; ten new ones after signing in again).
  { name: 'getRecoveryCodes', method: 'GET', path: '/user/tfa-recovery-codes', access: 'user', body: 'none', handler: getRecoveryCodes },
  { name: 'createRecoveryCodes', method: 'POST', path: '/user/tfa-recovery-codes', access: 'user', body: 'json', handler: postRecoveryCodes },

  // The data subject's rights (ours; docs/data-subject-rights.md): a copy of one's data, closing the account.
  { name: 'requestDataExport', method: 'POST', path: '/user/data-export', access: 'user', body: 'none', handler: postDataExport },
  { name: 'downloadDataExport', method: 'GET', path: '/user/data-export/{jobId}', access: 'user', body: 'none', handler: getDataExport },
  { name: 'closeAccount', method: 'POST', path: '/user/close-account', access: 'user', body: 'json', handler: postCloseAccount },

  // Identity: work accounts (Entra ID) and the admin check
  { name: 'validateAccess', method: 'GET', path: '/user/validate-access', access: 'public', body: 'none', handler: getValidateAccess },
  { name: 'checkAdmin', method: 'GET', path: '/api/admin/check-admin', access: 'user', body: 'none', handler: getCheckAdmin },

  // Administration: 'admin' routes serve Admins for their own tenant (the services narrow) and SuperAdmins for all.
  // The CSV export and the audit chain check are ours, beside docs/product.md's calls.
  { name: 'adminDashboard', method: 'GET', path: '/api/superadmin/dashboard', access: 'admin', body: 'none', handler: getAdminDashboard },
  { name: 'adminDisputeAnalytics', method: 'GET', path: '/api/superadmin/analytics/disputes', access: 'admin', body: 'none', handler: getAdminDisputeAnalytics },
  { name: 'adminModelUsage', method: 'GET', path: '/api/superadmin/analytics/model-usage', access: 'admin', body: 'none', handler: getAdminModelUsage },
  { name: 'adminModelCapacity', method: 'GET', path: '/api/superadmin/model-capacity', access: 'superadmin', body: 'none', handler: getAdminModelCapacity },
  { name: 'adminEvaluations', method: 'GET', path: '/api/superadmin/evaluations', access: 'superadmin', body: 'none', handler: getAdminEvaluations },
  { name: 'listTenants', method: 'GET', path: '/api/superadmin/tenants', access: 'admin', body: 'none', handler: getTenants },
  { name: 'createTenant', method: 'POST', path: '/api/superadmin/tenants', access: 'superadmin', body: 'json', handler: postTenant },
  { name: 'updateTenant', method: 'PUT', path: '/api/superadmin/tenants/{id}', access: 'superadmin', body: 'json', handler: putTenant },
  { name: 'deleteTenant', method: 'DELETE', path: '/api/superadmin/tenants/{id}', access: 'superadmin', body: 'none', handler: deleteTenantById },
  { name: 'listAdminUsers', method: 'GET', path: '/api/superadmin/users', access: 'admin', body: 'none', handler: getAdminUsers },
  { name: 'createAdminUser', method: 'POST', path: '/api/superadmin/users', access: 'admin', body: 'json', handler: postAdminUser },
  { name: 'fixMissingRoles', method: 'POST', path: '/api/superadmin/users/fix-missing-roles', access: 'admin', body: 'none', handler: postFixMissingRoles },
  { name: 'updateAdminUser', method: 'PUT', path: '/api/superadmin/users/{id}', access: 'admin', body: 'json', handler: putAdminUser },
  { name: 'adminDataExport', method: 'POST', path: '/api/superadmin/users/{id}/data-export', access: 'superadmin', body: 'json', handler: postAdminDataExport },
  { name: 'deleteAdminUser', method: 'DELETE', path: '/api/superadmin/users/{id}', access: 'admin', body: 'none', handler: deleteAdminUserById },
  { name: 'securityLogs', method: 'GET', path: '/api/superadmin/security-logs', access: 'admin', body: 'none', handler: getSecurityLogs },
  { name: 'exportSecurityLogs', method: 'GET', path: '/api/superadmin/security-logs/export', access: 'admin', body: 'none', handler: getSecurityLogsExport },
  { name: 'verifySecurityLogs', method: 'GET', path: '/api/superadmin/security-logs/verify', access: 'superadmin', body: 'none', handler: getSecurityLogsVerify },
  // The outbox: mails given up after their retries, and sending one again (docs/operations.md)
  { name: 'failedMails', method: 'GET', path: '/api/superadmin/mails/failed', access: 'admin', body: 'none', handler: getFailedMails },
  { name: 'resendMail', method: 'POST', path: '/api/superadmin/mails/{id}/resend', access: 'admin', body: 'none', handler: postResendMail },
  // Security incidents and the 72-hour clock (docs/operations.md "Incidents")
  { name: 'incidents', method: 'GET', path: '/api/superadmin/incidents', access: 'superadmin', body: 'none', handler: getIncidents },
  { name: 'incident', method: 'GET', path: '/api/superadmin/incidents/{id}', access: 'superadmin', body: 'none', handler: getIncidentById },
  { name: 'incidentNote', method: 'POST', path: '/api/superadmin/incidents/{id}/notes', access: 'superadmin', body: 'json', handler: postIncidentNote },
  { name: 'incidentStatus', method: 'POST', path: '/api/superadmin/incidents/{id}/status', access: 'superadmin', body: 'json', handler: postIncidentStatus },
  { name: 'incidentOmbudsman', method: 'GET', path: '/api/superadmin/incidents/{id}/ombudsman', access: 'superadmin', body: 'none', handler: getIncidentOmbudsman },
  { name: 'updateIncidentOmbudsman', method: 'PUT', path: '/api/superadmin/incidents/{id}/ombudsman', access: 'superadmin', body: 'json', handler: putIncidentOmbudsman },
  { name: 'incidentNotices', method: 'POST', path: '/api/superadmin/incidents/{id}/notices', access: 'superadmin', body: 'none', handler: postIncidentNotices },
  { name: 'sendIncidentNotices', method: 'POST', path: '/api/superadmin/incidents/{id}/notices/send', access: 'superadmin', body: 'json', handler: postSendIncidentNotices },
  // The deep health check's last report, and a run now (docs/operations.md#the-deep-health-check)
  { name: 'deepHealth', method: 'GET', path: '/api/superadmin/health', access: 'superadmin', body: 'none', handler: getDeepHealth },
  { name: 'deepHealthRun', method: 'POST', path: '/api/superadmin/health/run', access: 'superadmin', body: 'none', handler: postDeepHealthRun },

  // Ours: the invitation page's context, answered only to the invitation token.
  { name: 'getInvitation', method: 'GET', path: '/api/invitation/{token}', access: 'public', body: 'none', handler: getInvitation, paramPattern: /^[^/]{1,256}$/ },

  // Cases
  { name: 'createDispute', method: 'POST', path: '/api/dispute', access: 'user', body: 'json', handler: postDispute },
  { name: 'listDisputes', method: 'GET', path: '/api/dispute', access: 'user', body: 'none', handler: getDisputes },
  { name: 'activePhases', method: 'GET', path: '/api/dispute/activephases', access: 'user', body: 'none', handler: getActivePhases },
  { name: 'getDispute', method: 'GET', path: '/api/dispute/{id}', access: 'user', body: 'none', handler: getDispute },
  // Ours, beside docs/product.md: live pages poll these cheap tokens and fetch again only when they change.
  { name: 'dashboardChangeToken', method: 'GET', path: '/api/dispute/change-token', access: 'user', body: 'none', handler: getDashboardChangeToken },
  { name: 'caseChangeToken', method: 'GET', path: '/api/dispute/{id}/change-token', access: 'user', body: 'none', handler: getCaseChangeToken },
  // In-app notices: the account menu's list, its unread count, marking read
  { name: 'notices', method: 'GET', path: '/api/notices', access: 'user', body: 'none', handler: getNotices },
  { name: 'unreadNotices', method: 'GET', path: '/api/notices/unread', access: 'user', body: 'none', handler: getUnreadNotices },
  { name: 'readNotices', method: 'POST', path: '/api/notices/read', access: 'user', body: 'json', handler: postReadNotices },
  { name: 'getContact', method: 'GET', path: '/contact/{id}', access: 'user', body: 'none', handler: getContact },
  { name: 'getDisputePhases', method: 'GET', path: '/api/dispute/{id}/phases', access: 'user', body: 'none', handler: getDisputePhases },
  { name: 'advancePhase', method: 'POST', path: '/api/dispute/{id}/phase/{phaseType}', access: 'user', body: 'none', handler: postAdvancePhase },
  // Ours: the amount in dispute the fee bands need (docs/fees.md "Due points"), until the claim is first sent.
  { name: 'setAmountInDispute', method: 'PUT', path: '/api/dispute/{id}/amount-in-dispute', access: 'user', body: 'json', handler: putAmountInDispute },

  // Case documents (phase attachments) and work files
  { name: 'uploadAttachments', method: 'POST', path: '/{disputeId}/phases/{phaseId}/attachments', access: 'user', body: 'multipart', handler: postPhaseAttachments },
  { name: 'listPhaseAttachments', method: 'GET', path: '/api/dispute/phase/{phaseId}/attachments', access: 'user', body: 'none', handler: getPhaseAttachments },
  { name: 'getAttachment', method: 'GET', path: '/api/dispute/{id}/phases/{phaseId}/attachment/{fileId}', access: 'user', body: 'none', handler: getAttachmentFile },
  { name: 'downloadAttachment', method: 'GET', path: '/api/dispute/{id}/phases/{phaseId}/attachment/{fileId}/download', access: 'user', body: 'none', handler: getAttachmentDownload },
  { name: 'deleteAttachment', method: 'DELETE', path: '/api/dispute/attachments/{id}', access: 'user', body: 'none', handler: deletePhaseAttachment },
  { name: 'uploadWorkFiles', method: 'POST', path: '/api/dispute/{id}/workfiles', access: 'user', body: 'multipart', handler: postWorkFiles },
  { name: 'listWorkFiles', method: 'GET', path: '/api/dispute/{id}/workfiles', access: 'user', body: 'none', handler: getWorkFiles },
  { name: 'downloadWorkFile', method: 'GET', path: '/api/dispute/{id}/workfiles/{fileId}', access: 'user', body: 'none', handler: getWorkFile },
  { name: 'deleteWorkFile', method: 'DELETE', path: '/api/dispute/{id}/workfiles/{fileId}', access: 'user', body: 'none', handler: deleteWorkFileById },
  // AI claim drafting: a durable job, polled for its status, then its result. Status and result are public for the
  // anonymous generator's jobs (the id is the key); every other job still needs its signed-in reader (handlers/jobs.ts).
  { name: 'generateClaim', method: 'POST', path: '/api/dispute/{id}/generateclaim', access: 'user', body: 'json', handler: postGenerateClaim },
  { name: 'jobStatus', method: 'GET', path: '/api/dispute/job/{id}/status', access: 'public', body: 'none', handler: getJobStatus },
  { name: 'jobResult', method: 'GET', path: '/api/dispute/job/{id}/result', access: 'public', body: 'none', handler: getJobResult },
  { name: 'stopJob', method: 'POST', path: '/api/dispute/job/{id}/stop', access: 'public', body: 'none', handler: postJobStop },
  // The claim generator's draft, kept per case and user until discarded or replaced; Download PDF files nothing.
  { name: 'getClaimDraft', method: 'GET', path: '/api/dispute/{id}/claimdraft', access: 'user', body: 'none', handler: getClaimDraftRoute },
  { name: 'saveClaimDraft', method: 'PUT', path: '/api/dispute/{id}/claimdraft', access: 'user', body: 'json', handler: putClaimDraftRoute },
  { name: 'discardClaimDraft', method: 'DELETE', path: '/api/dispute/{id}/claimdraft', access: 'user', body: 'none', handler: deleteClaimDraftRoute },
  { name: 'claimDraftPdf', method: 'POST', path: '/api/dispute/{id}/claimdraft/pdf', access: 'user', body: 'json', handler: postClaimDraftPdf },
  { name: 'generateDecision', method: 'POST', path: '/api/dispute/{id}/generatedecision', access: 'user', body: 'json', handler: postGenerateDecision },
  { name: 'stopDecisionGeneration', method: 'POST', path: '/api/dispute/{id}/stopdecisiongeneration', access: 'user', body: 'none', handler: postStopDecisionGeneration },

  // The tribunal and the award (ours, beside docs/product.md: docs/architecture.md "The tribunal"). An award's id is its Resolution-phase attachment's.
  { name: 'requestTribunal', method: 'POST', path: '/api/dispute/{id}/tribunal/request', access: 'user', body: 'json', handler: postRequestTribunal },
  // A party pays the other side's share of the tribunal's advance (docs/fees.md "Paying the other party's share").
  { name: 'payOtherPartyShare', method: 'POST', path: '/api/dispute/{id}/tribunal/advance/{side}/pay', access: 'user', body: 'none', handler: postPayOtherPartyShare },
  { name: 'respondAppointment', method: 'POST', path: '/api/dispute/{id}/tribunal/respond', access: 'user', body: 'json', handler: postRespondAppointment },
  { name: 'extractClaims', method: 'POST', path: '/api/dispute/{id}/tribunal/claims-summary', access: 'user', body: 'none', handler: postClaimsSummary },
  { name: 'commentClaims', method: 'POST', path: '/api/dispute/{id}/tribunal/claims-summary/comments', access: 'user', body: 'json', handler: postClaimsSummaryComment },
  { name: 'answerClaims', method: 'PUT', path: '/api/dispute/{id}/tribunal/claims-summary/{side}', access: 'user', body: 'json', handler: putClaimsSummarySide },
  { name: 'arbitratorCases', method: 'GET', path: '/api/tribunal/cases', access: 'user', body: 'none', handler: getArbitratorCases },
  { name: 'tribunalRequests', method: 'GET', path: '/api/admin/tribunal/requests', access: 'admin', body: 'none', handler: getTribunalRequests },
  { name: 'arbitrators', method: 'GET', path: '/api/admin/arbitrators', access: 'admin', body: 'none', handler: getArbitrators },
  { name: 'appointTribunal', method: 'POST', path: '/api/admin/tribunal/{id}/appoint', access: 'admin', body: 'json', handler: postAppointTribunal },
  { name: 'setArbitrator', method: 'PUT', path: '/api/superadmin/users/{id}/arbitrator', access: 'admin', body: 'json', handler: putArbitrator },
  { name: 'getAward', method: 'GET', path: '/api/dispute/{id}/award/{awardId}', access: 'user', body: 'none', handler: getAwardById },
  { name: 'saveAwardDraft', method: 'PUT', path: '/api/dispute/{id}/award/{awardId}', access: 'user', body: 'json', handler: putAwardDraft },
  { name: 'awardSettings', method: 'GET', path: '/api/dispute/{id}/award/{awardId}/settings', access: 'user', body: 'none', handler: getAwardSettings },
  { name: 'awardDispositiveCheck', method: 'GET', path: '/api/dispute/{id}/award/{awardId}/dispositive-check', access: 'user', body: 'none', handler: getAwardDispositiveCheck },
  { name: 'adoptAward', method: 'POST', path: '/api/dispute/{id}/award/{awardId}/adopt', access: 'user', body: 'json', handler: postAdoptAward },
  { name: 'regenerateChapter', method: 'POST', path: '/api/dispute/{id}/award/{awardId}/regenerate', access: 'user', body: 'json', handler: postRegenerateChapter },
  { name: 'signAward', method: 'POST', path: '/api/dispute/{id}/award/{awardId}/sign', access: 'user', body: 'json', handler: postSignAward },
  { name: 'openAwardChapter', method: 'POST', path: '/api/dispute/{id}/award/{awardId}/chapters/{chapter}/open', access: 'user', body: 'none', handler: postOpenAwardChapter },
  { name: 'writeChapterFromBlank', method: 'POST', path: '/api/dispute/{id}/award/{awardId}/chapters/{chapter}/blank', access: 'user', body: 'json', handler: postWriteChapterFromBlank },
  { name: 'keepAwardChapter', method: 'POST', path: '/api/dispute/{id}/award/{awardId}/chapters/{chapter}/keep', access: 'user', body: 'json', handler: postKeepAwardChapter },
  { name: 'acceptDecision', method: 'POST', path: '/api/dispute/{id}/award/{awardId}/accept', access: 'user', body: 'none', handler: postAcceptDecision },
  // After the award (§§ 37–39): delivery and receipt, and the requests for correction, interpretation or an additional award.
  { name: 'awardDelivery', method: 'GET', path: '/api/dispute/{id}/award/{awardId}/delivery', access: 'user', body: 'none', handler: getAwardDelivery },
  { name: 'awardReceipt', method: 'POST', path: '/api/dispute/{id}/award/{awardId}/receipt', access: 'user', body: 'json', handler: postAwardReceipt },
  { name: 'requestCorrection', method: 'POST', path: '/api/dispute/{id}/award/{awardId}/corrections', access: 'user', body: 'json', handler: postCorrectionRequest },
  { name: 'ownInitiativeCorrection', method: 'POST', path: '/api/dispute/{id}/award/{awardId}/corrections/own-initiative', access: 'user', body: 'json', handler: postOwnInitiativeCorrection },
  { name: 'commentCorrection', method: 'POST', path: '/api/dispute/{id}/award/{awardId}/corrections/{requestId}/comments', access: 'user', body: 'json', handler: postCorrectionComment },
  { name: 'setCommentPeriod', method: 'PUT', path: '/api/dispute/{id}/award/{awardId}/corrections/{requestId}/comment-period', access: 'user', body: 'json', handler: putCommentPeriod },
  { name: 'decideCorrection', method: 'POST', path: '/api/dispute/{id}/award/{awardId}/corrections/{requestId}/decision', access: 'user', body: 'json', handler: postCorrectionDecision },
  { name: 'correctionPdf', method: 'GET', path: '/api/dispute/{id}/award/{awardId}/corrections/{documentId}/pdf', access: 'user', body: 'none', handler: getCorrectionPdf },
  // The agreement, the tribunal's size, challenges, jurisdiction, new matters and hearing (ours).
  { name: 'acceptAgreement', method: 'POST', path: '/api/dispute/{id}/agreement', access: 'user', body: 'json', handler: postAcceptAgreement },
  { name: 'answerTribunalSize', method: 'POST', path: '/api/dispute/{id}/tribunal/size', access: 'user', body: 'json', handler: postTribunalSize },
  { name: 'challengeArbitrator', method: 'POST', path: '/api/dispute/{id}/tribunal/challenges', access: 'user', body: 'json', handler: postChallenge },
  { name: 'waiveChallenge', method: 'POST', path: '/api/dispute/{id}/tribunal/waive-challenge', access: 'user', body: 'none', handler: postWaiveChallenge },
  { name: 'openChallenges', method: 'GET', path: '/api/admin/tribunal/challenges', access: 'admin', body: 'none', handler: getOpenChallenges },
  { name: 'decideChallenge', method: 'POST', path: '/api/admin/tribunal/{id}/challenges/{challengeId}', access: 'admin', body: 'json', handler: postDecideChallenge },
  { name: 'getJurisdiction', method: 'GET', path: '/api/dispute/{id}/tribunal/jurisdiction', access: 'user', body: 'none', handler: getJurisdictionRoute },
  { name: 'recordJurisdiction', method: 'POST', path: '/api/dispute/{id}/tribunal/jurisdiction', access: 'user', body: 'json', handler: postJurisdiction },
  { name: 'answerNewMatter', method: 'POST', path: '/api/dispute/{id}/tribunal/matters/{matterId}/answer', access: 'user', body: 'json', handler: postAnswerMatter },
  { name: 'recordHearing', method: 'POST', path: '/api/dispute/{id}/tribunal/hearing', access: 'user', body: 'json', handler: postHearing },
  { name: 'generateDecisionAnonymous', method: 'POST', path: '/api/dispute/generatedecisionanonymous', access: 'public', body: 'multipart', handler: postGenerateDecisionAnonymous },
  { name: 'saveClaimAsPdf', method: 'POST', path: '/dispute/{id}/saveclaimaspdf', access: 'user', body: 'json', handler: postSaveClaimAsPdf },
  // EU AI Act: problem reports on AI output, the AI oversight view, a case's AI-use log, its retention.
  { name: 'reportCaseAiProblem', method: 'POST', path: '/api/dispute/{id}/ai-problem-reports', access: 'user', body: 'json', handler: postCaseAiProblemReport },
  { name: 'reportAnonymousAiProblem', method: 'POST', path: '/api/dispute/job/{id}/ai-problem-reports', access: 'public', body: 'json', handler: postAnonymousAiProblemReport },
  { name: 'aiOversight', method: 'GET', path: '/api/superadmin/ai-oversight', access: 'admin', body: 'none', handler: getAiOversightRoute },
  { name: 'aiLogExport', method: 'GET', path: '/api/superadmin/ai-log/{id}', access: 'admin', body: 'none', handler: getAiLogExport },
  { name: 'aiLogRetention', method: 'PUT', path: '/api/superadmin/tenants/{id}/ai-log-retention', access: 'admin', body: 'json', handler: putAiLogRetention },

  // Case retention, legal holds and tenant offboarding (docs/data-lifecycle.md).
  { name: 'caseRetention', method: 'PUT', path: '/api/superadmin/tenants/{id}/case-retention', access: 'admin', body: 'json', handler: putCaseRetention },
  { name: 'retentionOverview', method: 'GET', path: '/api/superadmin/retention', access: 'admin', body: 'none', handler: getRetention },
  { name: 'setLegalHold', method: 'POST', path: '/api/superadmin/disputes/{id}/legal-hold', access: 'admin', body: 'json', handler: postLegalHold },
  { name: 'liftLegalHold', method: 'POST', path: '/api/superadmin/disputes/{id}/legal-hold/lift', access: 'admin', body: 'json', handler: postLiftLegalHold },
  { name: 'exportTenant', method: 'GET', path: '/api/superadmin/tenants/{id}/export', access: 'superadmin', body: 'none', handler: getTenantExport },
  { name: 'offboardTenant', method: 'POST', path: '/api/superadmin/tenants/{id}/offboard', access: 'superadmin', body: 'json', handler: postOffboardTenant },
  { name: 'deletionCertificates', method: 'GET', path: '/api/superadmin/deletion-certificates', access: 'superadmin', body: 'none', handler: getDeletionCertificates },
  { name: 'deletionCertificate', method: 'GET', path: '/api/superadmin/deletion-certificates/{id}', access: 'superadmin', body: 'none', handler: getDeletionCertificate },
  // Fees (docs/fees.md): the public quote for the price page; the schedule and its per-tenant overrides.
  { name: 'feesQuote', method: 'GET', path: '/api/fees/quote', access: 'public', body: 'none', handler: getFeesQuote },
  { name: 'getFeeSchedule', method: 'GET', path: '/api/superadmin/fee-schedule', access: 'superadmin', body: 'none', handler: getFeeSchedules },
  { name: 'setFeeSchedule', method: 'PUT', path: '/api/superadmin/fee-schedule', access: 'superadmin', body: 'json', handler: putFeeSchedule },
  { name: 'clearFeeSchedule', method: 'DELETE', path: '/api/superadmin/fee-schedule', access: 'superadmin', body: 'none', handler: deleteFeeSchedule },
  { name: 'setTenantFeeSchedule', method: 'PUT', path: '/api/superadmin/tenants/{id}/fee-schedule', access: 'superadmin', body: 'json', handler: putTenantFeeSchedule },
  // The payment provider's notifications: Stripe's (Stripe-Signature), or the built-in test provider's, signed alike.
  { name: 'paymentWebhook', method: 'POST', path: '/api/payments/{provider}/webhook', access: 'public', body: 'json', handler: postPaymentWebhook, paramPattern: /^(stripe|test)$/ },
  // The built-in test provider's checkout page (no keys; never in production): what is due, and its Pay button.
  { name: 'testCheckout', method: 'GET', path: '/api/payments/test/{id}', access: 'public', body: 'none', handler: getTestCheckoutRoute },
  { name: 'testCheckoutPay', method: 'POST', path: '/api/payments/test/{id}/pay', access: 'public', body: 'none', handler: postTestCheckoutPay },
  { name: 'clearTenantFeeSchedule', method: 'DELETE', path: '/api/superadmin/tenants/{id}/fee-schedule', access: 'superadmin', body: 'none', handler: deleteTenantFeeSchedule },
  // Receipts, credit notes and invoices (docs/fees.md): the payer's own, an invoice, and the super-administrator's tools.
  { name: 'listReceipts', method: 'GET', path: '/user/receipts', access: 'user', body: 'none', handler: getReceipts },
  { name: 'downloadReceipt', method: 'GET', path: '/user/receipts/{id}/pdf', access: 'user', body: 'none', handler: getReceiptPdf },
  { name: 'paymentInvoice', method: 'GET', path: '/api/payments/{id}/invoice', access: 'user', body: 'none', handler: getPaymentInvoice },
  { name: 'creditPayment', method: 'POST', path: '/api/superadmin/payments/{id}/credit-note', access: 'superadmin', body: 'json', handler: postCreditNote },
  { name: 'markPaymentPaid', method: 'POST', path: '/api/superadmin/payments/{id}/mark-paid', access: 'superadmin', body: 'json', handler: postMarkPaymentPaid },
  { name: 'importBankStatement', method: 'POST', path: '/api/superadmin/payments/bank-statement', access: 'superadmin', body: 'json', handler: postBankStatement },
  // Promo codes (docs/fees.md "Promo codes"): a super-administrator's; a payer enters one on an open payment.
  { name: 'listPromoCodes', method: 'GET', path: '/api/superadmin/promo-codes', access: 'superadmin', body: 'none', handler: getPromoCodes },
  { name: 'createPromoCode', method: 'POST', path: '/api/superadmin/promo-codes', access: 'superadmin', body: 'json', handler: postPromoCode },
  { name: 'disablePromoCode', method: 'POST', path: '/api/superadmin/promo-codes/{code}/disable', access: 'superadmin', body: 'none', handler: postDisablePromoCode },
  { name: 'paymentPromoCode', method: 'POST', path: '/api/payments/{id}/promo-code', access: 'user', body: 'json', handler: postPaymentPromoCode },
  // The payments view (docs/fees.md "What administrators see"): scoped, a tenant administrator sees the tenant's only.
  { name: 'adminPayments', method: 'GET', path: '/api/superadmin/payments', access: 'admin', body: 'none', handler: getAdminPayments },
  { name: 'adminPaymentsExport', method: 'GET', path: '/api/superadmin/payments/export', access: 'admin', body: 'none', handler: getAdminPaymentsExport },
];

/**
 * Routes of test runs only: the scenario builders tests start from (docs/testing.md "Scenario builders"). The
 * local host adds them with TEST_SEEDING (refused unless RATKAISU_ENV=test); the Functions host (index.ts)
 * registers `routes` alone, so they never exist there.
 */
// prettier-ignore
export const testModeRoutes: readonly RouteDefinition[] = [
  { name: 'testSeed', method: 'POST', path: '/api/test/seed', access: 'public', body: 'json', handler: postTestSeed },
];

/** The table a host serves under `config`: every route, and the test-mode ones in a test run that asks for them. */
export function routesFor(config: Pick<Config, 'environment' | 'testSeeding'>): readonly RouteDefinition[] {
  return config.testSeeding && config.environment === 'test' ? [...routes, ...testModeRoutes] : routes;
}
