export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp' | 'azure-communication';
  send(message: MailMessage): Promise<void>;
}
