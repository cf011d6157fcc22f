import { z } from 'zod';

/**
 * The data subject's rights (GDPR Arts. 15, 17 and 20) as the account page offers them: a copy of the person's
 * data as a ZIP, and closing the account. What each holds, erases and keeps: docs/data-subject-rights.md.
 */

/** How long a finished copy can be downloaded, counted from when it was made. */
export const DATA_EXPORT_VALID_HOURS = 72;
/** Copies one person may ask for per day (each reads every case of theirs). */
export const DATA_EXPORTS_PER_DAY = 3;

/** `POST /user/data-export` and `POST /api/superadmin/users/{id}/data-export`: 202 with the job to poll. */
export interface DataExportStarted {
  jobId: string;
}

/** The data-rights calls' refusals: group `dataRights` of the catalogue of refusals (core errors/refusals.ts). */
export const DATA_RIGHTS_MESSAGES = {
  exportNotFound: 'This copy of your data does not exist or has expired. Ask for a new one on the account page.',
  exportNotReady: 'The copy of your data is still being made. Try again when it is ready.',
  tooManyExports: `You can ask for a copy of your data ${DATA_EXPORTS_PER_DAY} times a day. Try again tomorrow.`,
  openCases: 'Your account cannot be closed while you take part in open cases. Ask for a replacement first: {{cases}}.',
  confirmClosure: 'Confirm that you want to close your account.',
  exportReasonRequired: 'Give the reason: the data-subject request this copy answers (at least 10 characters).',
  exportReasonTooLong: 'The reason may be at most 1000 characters.',
  reauthRequired:
    'Closing your account needs your password (and your authenticator code where two-factor sign-in is on).',
  reauthFailed: 'The password or the authenticator code is not correct.',
  reauthEntra: 'Work accounts close by signing in again with Microsoft: sign in again and close within 5 minutes.',
  alreadyClosed: 'This account is closed.',
  userNotFound: 'User not found.',
} as const;

/** `POST /api/superadmin/users/{id}/data-export`: the data-subject request made to the operator, and why. */
export const adminDataExportSchema = z.object({
  reason: z
    .string({ error: DATA_RIGHTS_MESSAGES.exportReasonRequired })
    .trim()
    .min(10, DATA_RIGHTS_MESSAGES.exportReasonRequired)
    .max(1000, DATA_RIGHTS_MESSAGES.exportReasonTooLong),
});

/** `POST /user/close-account`: a fresh re-authentication, as for signing an award. */
export const closeAccountSchema = z.object({
  password: z.string().max(1024).optional(),
  code: z.string().trim().max(16).optional(),
  entraToken: z.string().max(16_384).optional(),
  /** The person typed the confirmation; the screen asks it so a stray click cannot close an account. */
  confirm: z.literal(true, { error: DATA_RIGHTS_MESSAGES.confirmClosure }),
});
export type CloseAccountInput = z.infer<typeof closeAccountSchema>;

/** What closing an account keeps, each with its legal basis (the screen words them in en and fi). */
export const KEPT_ON_CLOSURE = ['issuedAwards', 'caseRecords', 'auditChain', 'accountingRecords'] as const;
export type KeptOnClosure = (typeof KEPT_ON_CLOSURE)[number];

/** `POST /user/close-account`: 200 with what was erased and what is kept. */
export interface AccountClosedView {
  closedAt: string;
  /** Counts of what went: sessions ended, notices deleted, audit fields erased. */
  erased: { sessions: number; notices: number; auditEntries: number; signingKey: boolean };
  kept: { what: KeptOnClosure; count?: number }[];
}

/** One case that stops an account from closing: its number (or name) and the person's part in it. */
export interface OpenCaseBlocker {
  disputeId: string;
  caseNumber?: string;
  name: string;
  role: 'claimant' | 'respondent' | 'arbitrator';
}
