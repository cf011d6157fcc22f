import type { MailDocument } from './mail-document.js';
import { runFollowUp, sendMail, type SendMailDeps } from './send-mail.js';

/** Mails one sweep takes on; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/**
 * The outbox's worker (timers.ts, every minute): sends each mail whose time has come — recorded but never
 * tried (a crash came first), due again after a failure, or left `Sending` by a worker that crashed — and
 * runs the follow-ups a crash left unrecorded. Safe on two instances at once: each mail is taken by a
 * conditional write (send-mail.ts).
 */
export async function sendDueMails(
  deps: SendMailDeps,
  signal?: AbortSignal,
): Promise<{ sent: number; retrying: number; failed: number; followUps: number }> {
  const outbox = deps.store.collection<MailDocument>('outbox');
  const now = deps.clock.now().toISOString();
  const outcome = { sent: 0, retrying: 0, failed: 0, followUps: 0 };
  const due = await outbox.query({
    where: [
      { field: 'status', op: 'in', value: ['Pending', 'Sending'] },
      { field: 'nextAttemptAt', op: '<=', value: now },
    ],
    orderBy: { field: 'nextAttemptAt', direction: 'asc' },
    limit: SWEEP_BATCH,
  });
  for (const mail of due.items) {
    if (signal?.aborted) return outcome;
    const after = await sendMail(deps, mail.id);
    if (after?.status === 'Sent') outcome.sent++;
    else if (after?.status === 'Failed') outcome.failed++;
    else if (after) outcome.retrying++;
  }
  const unrecorded = await outbox.query({
    where: [{ field: 'followUpPending', op: '=', value: true }],
    limit: SWEEP_BATCH,
  });
  for (const mail of unrecorded.items) {
    if (signal?.aborted) return outcome;
    if (await runFollowUp(deps, mail)) outcome.followUps++;
  }
  return outcome;
}
