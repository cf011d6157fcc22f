import type { Deps } from './deps.js';
import { expireAnonymousJobs } from './services/anonymous/expire-anonymous-jobs.js';
// The job kinds' hooks the stale-job sweep looks up (jobs/job-kinds.ts).
import './services/decisions/decision-job-kind.js';
import { sweepStaleJobs } from './services/jobs/sweep-stale-jobs.js';
import { pruneAuditChains } from './services/audit/prune-audit-chain.js';
import { sweepCaseRetention } from './services/retention/sweep-case-retention.js';
import { lapseTribunalSizeRequests } from './services/constitution/lapse-tribunal-size-requests.js';
import { sweepWriteOnceOriginals } from './services/awards/sweep-write-once-originals.js';
import { expireDataExports } from './services/data-export/expire-data-exports.js';
import { sweepIssuances } from './services/award-signing/sweep-issuances.js';
import { sendDueMails } from './services/outbox/send-due-mails.js';
import { sweepPaymentRecords } from './services/invoicing/sweep-payment-records.js';
import { detectIncidents } from './services/incidents/detect-incidents.js';
import { verifyAuditChainsForIncidents } from './services/incidents/detect-broken-audit-chain.js';
import { runDeepHealthCheck } from './services/health/run-deep-health-check.js';
import { sweepDepartureNotices } from './services/account-closure/send-departure-notices.js';
import { sweepPaidSteps } from './services/paid-steps/sweep-paid-steps.js';
import { lapseTribunalRequests } from './services/tribunal-fees/lapse-tribunal-requests.js';
import { settleTribunalAdvances } from './services/tribunal-fees/settle-tribunal-advance.js';
import { resizeTribunalAdvances } from './services/tribunal-fees/resize-tribunal-advance.js';
import { closeFinalCasePayments } from './services/payments/close-final-case-payments.js';

/**
 * Every timer-driven task, once — the timer-side twin of workers.ts. index.ts
 * registers each with `app.timer` (NCRONTAB `schedule`, six fields with
 * seconds); the local host runs the same handlers every `intervalMs`.
 * A handler must be safe to run on two instances at once (conditional writes).
 */
export interface TimerDefinition {
  name: string;
  /** NCRONTAB for the Functions host: `{second} {minute} {hour} {day} {month} {day-of-week}`, UTC. */
  schedule: string;
  /** How often the local host runs it. */
  intervalMs: number;
  handler: (deps: Deps, signal: AbortSignal) => Promise<void>;
}

export const timers: TimerDefinition[] = [
  {
    // Receipts and credit notes a stopped process left to issue (docs/fees.md "Receipts, credit notes and invoices").
    name: 'sweepPaymentRecords',
    schedule: '0 */5 * * * *',
    intervalMs: 5 * 60_000,
    handler: async (deps, signal) => {
      const outcome = await sweepPaymentRecords(deps, signal);
      if (outcome.finished + outcome.failed > 0) deps.log.info('Issued pending payment records', { ...outcome });
    },
  },
  {
    // Security signals in the audit log open incidents with the 72-hour clock (docs/operations.md "Incidents").
    name: 'detectIncidents',
    schedule: '30 */5 * * * *',
    intervalMs: 5 * 60_000,
    handler: async (deps, signal) => {
      const outcome = await detectIncidents(deps, signal);
      if (outcome.opened + outcome.repeated > 0) deps.log.warn('Security signals seen', { ...outcome });
    },
  },
  {
    // Every audit chain verified daily; a broken one opens an incident (docs/operations.md "Incidents").
    name: 'verifyAuditChains',
    schedule: '0 10 3 * * *',
    intervalMs: 24 * 60 * 60_000,
    handler: async (deps) => {
      const outcome = await verifyAuditChainsForIncidents(deps);
      if (outcome.outcome !== 'ignored') deps.log.error('An audit chain failed verification', { ...outcome });
    },
  },
  {
    name: 'expireAnonymousJobs',
    schedule: '0 */15 * * * *',
    intervalMs: 15 * 60_000,
    handler: async (deps, signal) => {
      const outcome = await expireAnonymousJobs(deps, signal);
      if (outcome.expired + outcome.failed > 0) deps.log.info('Expired anonymous decision jobs', { ...outcome });
    },
  },
  {
    name: 'sweepStaleJobs',
    schedule: '0 */5 * * * *',
    intervalMs: 5 * 60_000,
    handler: async (deps, signal) => {
      const outcome = await sweepStaleJobs(deps, signal);
      if (outcome.requeued + outcome.failed + outcome.skipped > 0) deps.log.info('Swept stale jobs', { ...outcome });
    },
  },
  {
    // The retention of the audit log and the AI-use log in it (EU AI Act Arts. 19, 26(6)): per tenant, at least six months.
    name: 'pruneAuditLogs',
    schedule: '0 40 2 * * *',
    intervalMs: 24 * 60 * 60_000,
    handler: async (deps, signal) => {
      const outcome = await pruneAuditChains(deps, signal);
      if (outcome.pruned > 0) deps.log.info('Pruned audit chains past their retention', { ...outcome });
    },
  },
  {
    // The originals of issued documents, sealed decisions and receipts, kept write-once (docs/operations.md):
    // those written before the container existed, or whose write failed when the record was made.
    name: 'keepWriteOnceOriginals',
    schedule: '0 50 2 * * *',
    intervalMs: 24 * 60 * 60_000,
    handler: async (deps, signal) => {
      const outcome = await sweepWriteOnceOriginals(deps, signal);
      if (outcome.kept > 0) deps.log.info('Kept missing write-once originals', { ...outcome });
    },
  },
  {
    // Copies of people's data (docs/data-subject-rights.md) are kept 72 hours after they are made.
    name: 'expireDataExports',
    schedule: '0 20 * * * *',
    intervalMs: 60 * 60_000,
    handler: async (deps, signal) => {
      const outcome = await expireDataExports(deps, signal);
      if (outcome.expired > 0) deps.log.info('Expired copies of personal data', { ...outcome });
    },
  },
  {
    // Finished cases' data at the end of their tenant's retention (docs/data-lifecycle.md): warned, then deleted.
    name: 'sweepCaseRetention',
    schedule: '0 10 3 * * *',
    intervalMs: 24 * 60 * 60_000,
    handler: async (deps, signal) => {
      const outcome = await sweepCaseRetention(deps, signal);
      if (outcome.warned + outcome.deleted > 0)
        deps.log.info('Swept finished cases past their retention', { ...outcome });
    },
  },
  {
    name: 'lapseTribunalSizeRequests',
    schedule: '0 */15 * * * *',
    intervalMs: 15 * 60_000,
    handler: async (deps, signal) => {
      const outcome = await lapseTribunalSizeRequests(deps, signal);
      if (outcome.lapsed > 0) deps.log.info('Requests for three arbitrators lapsed', { ...outcome });
      // A lapsed request means a sole arbitrator: its advance at once, rather than at the next resize sweep.
      await resizeTribunalAdvances(deps, signal);
    },
  },
  {
    // An advance priced for three arbitrators when the tribunal is a sole arbitrator after all: re-priced or
    // credited (docs/fees.md "A sole arbitrator after all"); finishes what a crash left.
    name: 'resizeTribunalAdvances',
    schedule: '30 */10 * * * *',
    intervalMs: 10 * 60_000,
    handler: async (deps, signal) => {
      const outcome = await resizeTribunalAdvances(deps, signal);
      if (outcome.resized > 0) deps.log.info('Tribunal advances brought to a sole arbitrator', { ...outcome });
    },
  },
  {
    // The outbox's worker: mails due (never tried, or again after a failure) and follow-ups a crash left.
    name: 'sendDueMails',
    schedule: '0 * * * * *',
    intervalMs: 60_000,
    handler: async (deps, signal) => {
      const outcome = await sendDueMails(deps, signal);
      if (outcome.sent + outcome.retrying + outcome.failed + outcome.followUps > 0) {
        deps.log.info('Sent due mails', { ...outcome });
      }
    },
  },
  {
    // Every dependency exercised as the work uses it, its last report kept for super-administrators (docs/operations.md).
    name: 'deepHealthCheck',
    schedule: '0 */5 * * * *',
    intervalMs: 5 * 60_000,
    handler: async (deps) => {
      await runDeepHealthCheck(deps);
    },
  },
  {
    // What a crash left after an account's closure: the other representatives not yet told that it left.
    name: 'sendDepartureNotices',
    schedule: '15 */5 * * * *',
    intervalMs: 5 * 60_000,
    handler: async (deps, signal) => {
      const outcome = await sweepDepartureNotices(deps, signal);
      if (outcome.told > 0) deps.log.info('Told representatives of a closed account’s departure', { ...outcome });
    },
  },
  {
    // What a crash left after a signed document's issue: the case resolved, the § 37 mails written.
    name: 'sweepIssuances',
    schedule: '30 */2 * * * *',
    intervalMs: 2 * 60_000,
    handler: async (deps, signal) => {
      const outcome = await sweepIssuances(deps, signal);
      if (outcome.finished + outcome.failed > 0) deps.log.info('Finished issued documents’ steps', { ...outcome });
    },
  },
  {
    // What a crash left after a payment settled: the claim sent, the respondent invited (docs/fees.md).
    name: 'sweepPaidSteps',
    schedule: '45 */2 * * * *',
    intervalMs: 2 * 60_000,
    handler: async (deps, signal) => {
      const outcome = await sweepPaidSteps(deps, signal);
      if (outcome.finished + outcome.failed > 0) deps.log.info('Finished paid payments’ steps', { ...outcome });
    },
  },
  {
    // A tribunal request's unpaid fees: reminded before the pay-by date, lapsed after it (docs/fees.md "Lapse").
    name: 'lapseTribunalRequests',
    schedule: '15 */10 * * * *',
    intervalMs: 10 * 60_000,
    handler: async (deps, signal) => {
      const outcome = await lapseTribunalRequests(deps, signal);
      if (outcome.reminded + outcome.lapsed > 0) deps.log.info('Tribunal fees reminded or lapsed', { ...outcome });
    },
  },
  {
    // An issued award's fees order against the advance: a surplus credited, a shortfall invoiced (docs/fees.md).
    name: 'settleTribunalAdvances',
    schedule: '45 */10 * * * *',
    intervalMs: 10 * 60_000,
    handler: async (deps, signal) => {
      const outcome = await settleTribunalAdvances(deps, signal);
      if (outcome.settled > 0) deps.log.info('Settled tribunal advances against fees orders', { ...outcome });
    },
  },
  {
    // Open payments of a final case: closed, their checkouts expired (docs/fees.md "A final case").
    name: 'closeFinalCasePayments',
    schedule: '30 */10 * * * *',
    intervalMs: 10 * 60_000,
    handler: async (deps, signal) => {
      const outcome = await closeFinalCasePayments(deps, signal);
      if (outcome.closed > 0) deps.log.info('Closed the open payments of final cases', { ...outcome });
    },
  },
];
