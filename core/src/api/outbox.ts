/** `GET /api/superadmin/mails/failed`: a mail the outbox gave up on after its retries, for administrators. */
export interface FailedMailView {
  id: string;
  to: string;
  subject: string;
  /** What it was about: a notice event (`tribunalDelivered`, `phaseStarted`, …) or an account mail. */
  purpose: string;
  disputeId?: string;
  createdAt: string;
  attempts: number;
  failedAt?: string;
  lastError?: string;
}

export interface FailedMailList {
  items: FailedMailView[];
}

/** Texts of the outbox's answers. */
export const OUTBOX_MESSAGES = {
  notFound: 'There is no such mail.',
  notFailed: 'This mail has not failed: it has been sent or is still being tried.',
} as const;
