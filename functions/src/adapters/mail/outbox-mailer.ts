import { randomBytes, randomUUID } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { constants } from 'node:fs';
import path from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Clock } from '../../ports/clock.js';
import { systemClock } from '../../ports/clock.js';
import type { MailMessage, Mailer, SentMail } from '../../ports/mailer.js';

export interface OutboxMailerOptions {
  /** Created when missing. The local stack uses DATA_DIR/outbox. */
  directory: string;
  /** e.g. `Ratkaisu <no-reply@ratkaisu.local>` */
  from: string;
  clock?: Clock;
}

/**
 * The local stack's mailer: instead of sending, writes each message as an
 * RFC 5322 `.eml` file (open it in any mail client, or read the sign-in link
 * from it in end-to-end tests). Headers and MIME come from nodemailer's
 * MailComposer, so a Finnish subject is RFC 2047-encoded exactly as the SMTP
 * adapter would send it.
 *
 * File names sort by creation time (UTC timestamp to the millisecond) and end
 * in a random part so two messages in one millisecond do not collide. Each
 * file is written under a temporary name and renamed into place, so a reader
 * listing `*.eml` never sees half a message.
 */
export function createOutboxMailer(options: OutboxMailerOptions): Mailer {
  const clock = options.clock ?? systemClock;
  const directory = path.resolve(options.directory);
  const domain = domainOf(options.from);
  let ready: Promise<unknown> | undefined;

  return {
    kind: 'outbox',
    async verify() {
      await mkdir(directory, { recursive: true });
      await access(directory, constants.W_OK);
    },
    async send(message: MailMessage): Promise<SentMail> {
      ready ??= mkdir(directory, { recursive: true }).catch((error: unknown) => {
        ready = undefined; // let the next send try again
        throw error;
      });
      await ready;
      const date = clock.now();
      const messageId = `<${message.idempotencyKey ?? randomUUID()}@${domain}>`;
      const raw = await new MailComposer({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
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
        date,
        messageId,
      })
        .compile()
        .build();
      const stamp = date.toISOString().replace(/[-:.]/g, ''); // 20260101T120000123Z
      const name = `${stamp}-${randomBytes(4).toString('hex')}.eml`;
      const temporary = path.join(directory, `.${name}.tmp`);
      try {
        await writeFile(temporary, raw, { flag: 'wx' });
        await rename(temporary, path.join(directory, name));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { messageId };
    },
  };
}

/** The domain of the sender's address, for Message-IDs; `localhost` when it has none. */
function domainOf(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const domain = address.split('@')[1]?.trim();
  return domain && /^[A-Za-z0-9.-]+$/.test(domain) ? domain : 'localhost';
}
