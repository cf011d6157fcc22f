import { EmailClient } from '@azure/communication-email';
import { DefaultAzureCredential, type TokenCredential } from '@azure/identity';
import type { MailMessage, Mailer, SentMail } from '../../ports/mailer.js';

export interface AcsMailerOptions {
  /** `endpoint=https://…;accesskey=…` of the Communication Services resource. Takes precedence. */
  connectionString?: string;
  /** `https://<resource>.communication.azure.com`; authenticated with `credential` or managed identity. */
  endpoint?: string;
  /**
   * The sender. ACS takes a bare address from a verified domain; its display
   * name is set on the domain's sender in Azure, so a `Name <address>` form is
   * reduced to the address.
   */
  from: string;
  credential?: TokenCredential;
}

/**
 * Sends mail through Azure Communication Services Email. `beginSend` starts
 * a long-running operation; we wait for it so a rejected message (bad
 * recipient, unverified sender) is an error here rather than lost silently.
 */
export function createAcsMailer(options: AcsMailerOptions): Mailer {
  let client: EmailClient;
  if (options.connectionString) {
    client = new EmailClient(options.connectionString);
  } else if (options.endpoint) {
    client = new EmailClient(options.endpoint, options.credential ?? new DefaultAzureCredential());
  } else {
    throw new Error('Azure Communication Services Email needs a connection string or an endpoint.');
  }
  const senderAddress = addressOf(options.from);

  return {
    kind: 'azure-communication',
    async send(message: MailMessage): Promise<SentMail> {
      const poller = await client.beginSend({
        senderAddress,
        recipients: { to: [{ address: message.to }] },
        content: {
          subject: message.subject,
          plainText: message.text,
          ...(message.html !== undefined ? { html: message.html } : {}),
        },
        // ACS takes attachments base64-encoded in the request (up to 10 MB per message in total).
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((file) => ({
                name: file.fileName,
                contentType: file.contentType,
                contentInBase64: file.content.toString('base64'),
              })),
            }
          : {}),
      });
      const result = await poller.pollUntilDone();
      if (result.status !== 'Succeeded') {
        const reason = result.error?.message ?? result.error?.code ?? 'no reason given';
        throw new Error(`Azure Communication Services did not send the mail (${result.status}): ${reason}`);
      }
      // ACS does not report the Message-ID header it writes; its operation id is what its logs are searched by.
      return { messageId: `acs:${result.id}` };
    },
  };
}

/** `Ratkaisu <no-reply@example.fi>` → `no-reply@example.fi`. */
function addressOf(from: string): string {
  return (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();
}
