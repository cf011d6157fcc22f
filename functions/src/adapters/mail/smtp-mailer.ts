import nodemailer from 'nodemailer';
import type { MailMessage, Mailer, SentMail } from '../../ports/mailer.js';

export interface SmtpMailerOptions {
  host: string;
  port: number;
  /** true: TLS from the first byte (port 465); false: plain, upgraded with STARTTLS when the server offers it. */
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
  /**
   * Never upgrade with STARTTLS. Only for a loopback test server; production
   * leaves it off so credentials never cross the network in clear text.
   */
  ignoreTLS?: boolean;
  /** Per-connection timeouts in ms (connect, greeting, socket idle). Default: nodemailer's. */
  timeoutMs?: number;
}

export interface SmtpMailer extends Mailer {
  /** Closes the pooled connections. */
  close(): void;
}

/**
 * Sends mail through an SMTP server (any provider, or a relay) with a pooled
 * nodemailer transport: connections are reused across messages instead of a
 * handshake (and TLS) per mail.
 */
export function createSmtpMailer(options: SmtpMailerOptions): SmtpMailer {
  const transport = nodemailer.createTransport({
    pool: true,
    host: options.host,
    port: options.port,
    secure: options.secure,
    ...(options.ignoreTLS ? { ignoreTLS: true } : {}),
    ...(options.user !== undefined ? { auth: { user: options.user, pass: options.password ?? '' } } : {}),
    ...(options.timeoutMs !== undefined
      ? {
          connectionTimeout: options.timeoutMs,
          greetingTimeout: options.timeoutMs,
          socketTimeout: options.timeoutMs,
        }
      : {}),
  });

  return {
    kind: 'smtp',
    async verify() {
      await transport.verify();
    },
    async send(message: MailMessage): Promise<SentMail> {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.idempotencyKey ? { messageId: `<${message.idempotencyKey}@${domainOf(options.from)}>` } : {}),
        ...(message.html !== undefined ? { html: message.html } : {}),
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((file) => ({
                filename: file.fileName,
                contentType: file.contentType,
                content: file.content,
              })),
            }
          : {}),
      });
      return { messageId: info.messageId };
    },
    close() {
      transport.close();
    },
  };
}

/** The domain of the sender's address, for Message-IDs; `localhost` when it has none. */
function domainOf(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const domain = address.split('@')[1]?.trim();
  return domain && /^[A-Za-z0-9.-]+$/.test(domain) ? domain : 'localhost';
}
