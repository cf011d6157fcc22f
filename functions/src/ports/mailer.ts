/** A file sent with a mail (the signed award to each party, § 37 of the Arbitration Act). */
export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /**
   * A stable name for this message (the outbox record's id): the adapters make the Message-ID from it, so a mail
   * sent again after a crash carries the same Message-ID and the recipient's mail program shows it once.
   */
  idempotencyKey?: string;
}

/** What the transport said about a message it took: its Message-ID (or the provider's operation id). */
export interface SentMail {
  messageId: string;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp' | 'azure-communication';
  send(message: MailMessage): Promise<SentMail>;
  /**
   * Checks the transport without sending (the deep health check): SMTP connects, greets and signs in; the
   * outbox directory is writable. Absent where no such check exists (ACS Email accepts every request it can).
   */
  verify?(): Promise<void>;
}
