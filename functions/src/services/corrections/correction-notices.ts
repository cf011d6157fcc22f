import type { Deps } from '../../deps.js';
import type { MailMessage } from '../../ports/mailer.js';

/** Sends each mail; a failed one is logged and never undoes the step it reports (the step is already audited). */
export async function sendNotices(
  deps: Pick<Deps, 'mailer' | 'log'>,
  disputeId: string,
  messages: MailMessage[],
): Promise<void> {
  for (const message of messages) {
    await deps.mailer
      .send(message)
      .catch((error: unknown) => deps.log.warn('A correction notice could not be mailed', { disputeId, error }));
  }
}
