import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.js';
import type { MailMessage } from '../../ports/mailer.js';
import { StoreConflictError, type Stored } from '../../ports/store.js';
import type { MailDocument, MailFollowUp } from './mail-document.js';
import { sendMail, type SendMailDeps } from './send-mail.js';
import { activeTraceparent } from '../../observability/tracing.js';

export interface MailToSend {
  message: Omit<MailMessage, 'attachments' | 'idempotencyKey'>;
  /** Files in Blob Storage ('attachments') to attach when sending. */
  attachments?: MailDocument['attachments'];
  purpose: string;
  disputeId?: string;
  tenantId?: string;
  followUp?: MailFollowUp;
  /**
   * A stable id for a mail that a repaired step may write again (the § 37 delivery to one address): the
   * second write finds the first and sends nothing more.
   */
  id?: string;
}

/**
 * Writes the mail's record (Pending, due now); a record with the same id already written is answered as it is,
 * with `created` false.
 */
export async function enqueueMail(
  deps: Pick<Deps, 'store' | 'clock'>,
  mail: MailToSend,
): Promise<{ record: Stored<MailDocument>; created: boolean }> {
  const outbox = deps.store.collection<MailDocument>('outbox');
  const id = mail.id ?? randomUUID();
  const now = deps.clock.now().toISOString();
  const traceparent = activeTraceparent();
  try {
    const record = await outbox.create({
      id,
      pk: id,
      status: 'Pending',
      to: mail.message.to,
      subject: mail.message.subject,
      text: mail.message.text,
      ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
      purpose: mail.purpose,
      ...(mail.disputeId ? { disputeId: mail.disputeId } : {}),
      ...(mail.tenantId ? { tenantId: mail.tenantId } : {}),
      createdAt: now,
      attempts: 0,
      nextAttemptAt: now,
      ...(mail.followUp ? { followUp: mail.followUp } : {}),
      ...(traceparent ? { traceparent } : {}),
    });
    return { record, created: true };
  } catch (error) {
    const existing = error instanceof StoreConflictError ? await outbox.read(id, id) : undefined;
    if (!existing) throw error;
    return { record: existing, created: false };
  }
}

/**
 * A mail as the services send it: recorded first, then tried at once. Never throws for the transport: a mail
 * that could not go now stays recorded and the sweep tries it again (send-due-mails.ts); only a failure to
 * write the record itself is thrown, so no mail is silently lost.
 */
export async function sendRecordedMail(deps: SendMailDeps, mail: MailToSend): Promise<Stored<MailDocument>> {
  const { record } = await enqueueMail(deps, mail);
  return (await sendMail(deps, record.id)) ?? record;
}
