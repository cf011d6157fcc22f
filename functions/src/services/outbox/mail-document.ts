import type { BaseDoc } from '../../ports/store.js';

/**
 * One mail, written before it is sent ('outbox' collection, partition = its id): the transport is tried by
 * send-mail.ts, again with back-off by the sweep (send-due-mails.ts) while it fails, and a mail that keeps
 * failing stays `Failed` and is listed for administrators, who can send it again. docs/operations.md
 * "Operations: durable work".
 */
export type MailStatus = 'Pending' | 'Sending' | 'Sent' | 'Failed';

export interface MailDocument extends BaseDoc {
  status: MailStatus;
  to: string;
  subject: string;
  /** The body; emptied once sent (it may carry a one-time link, and the recipient has it now). */
  text: string;
  /**
   * Files to attach, read from Blob Storage when sending, so the record stays small: from 'attachments', or
   * from the write-once 'records' (a receipt's original).
   */
  attachments?: { fileName: string; contentType: string; blobName: string; container?: 'records' }[];
  /** What the mail is about (a notice event, `passwordReset`, …): for the administrators' list. */
  purpose: string;
  disputeId?: string;
  /** The W3C trace context of the request or job that wrote it: a later attempt by the sweep continues that trace. */
  traceparent?: string;
  tenantId?: string;
  createdAt: string;
  /** Transport attempts so far. */
  attempts: number;
  /** Pending: not before this; Sending: the lease of the attempt under way ends here (then it may be tried again). */
  nextAttemptAt: string;
  lastAttemptAt?: string;
  lastError?: string;
  sentAt?: string;
  messageId?: string;
  failedAt?: string;
  /** Recorded elsewhere once sent or given up (the § 37 delivery on the award's record): mail-follow-ups.ts. */
  followUp?: MailFollowUp;
  /** The follow-up has still to run (a crash came between the mail's outcome and its record). */
  followUpPending?: true;
}

export interface MailFollowUp {
  kind: string;
  params: Record<string, string>;
}

/** Attempts before a mail is given up and listed for administrators. */
export const MAIL_ATTEMPTS = 6;

/** How long one attempt may hold a mail before another worker may try it (a crashed worker's lease). */
export const MAIL_LEASE_MS = 5 * 60_000;

/** The pause after the n-th failed attempt: 1, 2, 4, 8, 16 minutes (about half an hour in all). */
export function retryDelayMs(failedAttempts: number): number {
  return 60_000 * 2 ** Math.max(0, failedAttempts - 1);
}

/** A sent mail's record (without its body) is kept this long, for the record of who was told what when. */
export const SENT_MAIL_TTL_SECONDS = 90 * 24 * 3600;
