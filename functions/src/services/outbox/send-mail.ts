import { setTimeout as sleep } from 'node:timers/promises';
import type { Deps } from '../../deps.js';
import type { MailMessage } from '../../ports/mailer.js';
import type { Stored } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import { durableStep } from './durable-step.js';
import {
  MAIL_ATTEMPTS,
  MAIL_LEASE_MS,
  retryDelayMs,
  SENT_MAIL_TTL_SECONDS,
  type MailDocument,
} from './mail-document.js';
import { mailFollowUp } from './mail-follow-ups.js';
import { measure } from '../../observability/meters.js';
import { ATTR, idAttributes, inSpan, markFailed, parentContext } from '../../observability/tracing.js';

export type SendMailDeps = Pick<Deps, 'store' | 'blobs' | 'mailer' | 'clock' | 'log' | 'config' | 'stepProbe'>;

/**
 * One attempt at one recorded mail: takes it (a conditional write, so two workers never send it at once:
 * Pending and due, or Sending with its lease run out), hands it to the transport, and records the outcome —
 * Sent with its Message-ID; else Pending again after a growing pause; after MAIL_ATTEMPTS, Failed (listed
 * for administrators). Then runs its follow-up. Answers the record as left, or undefined when it was not
 * this worker's to send (sent, given up, another attempt under way, not due). Never throws for the transport.
 */
export async function sendMail(deps: SendMailDeps, id: string): Promise<Stored<MailDocument> | undefined> {
  const outbox = deps.store.collection<MailDocument>('outbox');
  const now = deps.clock.now();
  const claimed = await changeRecord(outbox, { pk: id, id }, (current) => {
    const open = current.status === 'Pending' || current.status === 'Sending';
    if (!open || Date.parse(current.nextAttemptAt) > now.getTime()) return undefined;
    return {
      ...current,
      status: 'Sending' as const,
      attempts: current.attempts + 1,
      lastAttemptAt: now.toISOString(),
      nextAttemptAt: new Date(now.getTime() + MAIL_LEASE_MS).toISOString(),
    };
  });
  if (claimed.outcome !== 'written') return undefined;
  const mail = claimed.record;

  // The attempt is a span of the trace that wrote the mail (a request, a job), also when the sweep sends it later.
  const outcome = await inSpan(
    'mail',
    {
      parent: parentContext(mail.traceparent),
      attributes: {
        [ATTR.mailId]: id,
        [ATTR.mailPurpose]: mail.purpose,
        'ratkaisu.mail.attempt': mail.attempts,
        ...idAttributes({ caseId: mail.disputeId }),
      },
    },
    async (span): Promise<{ messageId: string } | { error: string }> => {
      try {
        const sent = await deps.mailer.send(await composeMessage(deps, mail));
        span.setAttribute(ATTR.mailOutcome, 'sent');
        return sent;
      } catch (error) {
        markFailed(span, error);
        span.setAttribute(ATTR.mailOutcome, mail.attempts >= MAIL_ATTEMPTS ? 'given-up' : 'retrying');
        measure.mailFailure(mail.attempts >= MAIL_ATTEMPTS ? 'given-up' : 'retrying');
        return { error: error instanceof Error ? error.message.slice(0, 300) : 'The mail could not be sent.' };
      }
    },
  );
  const after = deps.clock.now();
  const settled = await recordOutcome(() =>
    changeRecord(outbox, { pk: id, id }, (current) => {
      // Another worker took it after this attempt's lease ran out and settled it: its outcome stands.
      if (current.status !== 'Sending' || current.attempts !== mail.attempts) return undefined;
      if ('messageId' in outcome) {
        return {
          ...current,
          status: 'Sent' as const,
          text: '',
          sentAt: after.toISOString(),
          messageId: outcome.messageId,
          ttl: SENT_MAIL_TTL_SECONDS,
          ...(current.followUp ? { followUpPending: true as const } : {}),
        };
      }
      const givenUp = current.attempts >= MAIL_ATTEMPTS;
      return {
        ...current,
        status: givenUp ? ('Failed' as const) : ('Pending' as const),
        lastError: outcome.error,
        nextAttemptAt: new Date(after.getTime() + retryDelayMs(current.attempts)).toISOString(),
        ...(givenUp ? { failedAt: after.toISOString() } : {}),
        ...(givenUp && current.followUp ? { followUpPending: true as const } : {}),
      };
    }),
  );
  if (settled.outcome === 'missing') return undefined;
  const record = settled.record;
  if ('error' in outcome) {
    const level = record.status === 'Failed' ? 'error' : 'warn';
    deps.log[level](record.status === 'Failed' ? 'A mail was given up' : 'A mail failed; it will be tried again', {
      mailId: id,
      purpose: record.purpose,
      attempts: record.attempts,
      disputeId: record.disputeId,
      error: outcome.error,
    });
  }
  if (record.status === 'Sent') durableStep(deps, 'mail.sent');
  return (await runFollowUp(deps, record)) ?? record;
}

/** Tries at recording an attempt's outcome, and the pause before each further one. */
const OUTCOME_WRITES = 4;
const OUTCOME_PAUSE_MS = 100;

/**
 * Records an attempt's outcome, tried again when the store fails for a moment: a mail the transport took but
 * whose Sent was not recorded stays Sending, and after its lease the sweep would send it a second time (the
 * chaos run found two such mails under store faults, docs/benchmarks.md "Chaos run").
 */
async function recordOutcome<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= OUTCOME_WRITES) throw error;
      await sleep(OUTCOME_PAUSE_MS * attempt);
    }
  }
}

/**
 * Runs a settled mail's follow-up once more if it has not been recorded as done; answers the record after it,
 * or undefined when there was nothing to run. A failing follow-up is logged and left for the sweep.
 */
export async function runFollowUp(
  deps: SendMailDeps,
  mail: Stored<MailDocument>,
): Promise<Stored<MailDocument> | undefined> {
  if (!mail.followUpPending || !mail.followUp) return undefined;
  const handler = mailFollowUp(mail.followUp.kind);
  if (!handler) {
    deps.log.error('A mail names a follow-up nobody registered', { mailId: mail.id, kind: mail.followUp.kind });
    return undefined;
  }
  try {
    await handler(deps, mail);
  } catch (error) {
    deps.log.warn('Recording a mail’s outcome failed; the sweep will try again', { mailId: mail.id, error });
    return undefined;
  }
  const done = await changeRecord(
    deps.store.collection<MailDocument>('outbox'),
    { pk: mail.id, id: mail.id },
    (current) => {
      if (!current.followUpPending) return undefined;
      const { followUpPending: _done, ...rest } = current;
      return rest;
    },
  );
  return done.outcome === 'missing' ? undefined : done.record;
}

async function composeMessage(deps: Pick<Deps, 'blobs'>, mail: MailDocument): Promise<MailMessage> {
  const attachments = [];
  for (const file of mail.attachments ?? []) {
    const content = await deps.blobs.downloadBuffer(file.container ?? 'attachments', file.blobName);
    // A file gone from storage is a failed attempt (and, in the end, a mail listed for administrators), never a mail without it.
    if (!content) throw new Error(`The attachment ${file.fileName} is not in storage.`);
    attachments.push({ fileName: file.fileName, contentType: file.contentType, content });
  }
  return {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    idempotencyKey: mail.id,
    ...(attachments.length ? { attachments } : {}),
  };
}
