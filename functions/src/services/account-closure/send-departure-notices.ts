import type { Deps } from '../../deps.js';
import { changeRecord } from '../../records/change-record.js';
import type { DepartureNotice, UserDocument } from '../../records/user-document.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import { casePath } from '../notices/notice-paths.js';
import { notify } from '../notices/notify.js';
import { durableStep } from '../outbox/durable-step.js';

const PAGE = 100;

/**
 * Tells the other representatives of each case a closed account represented that its representative left
 * (docs/data-subject-rights.md): the entries the closure wrote on the account in the same conditional write
 * (`departureNotices`). Each telling is keyed by the account and the case, so a run repeated after a crash
 * finds the mails and notices already written and tells nobody twice; an entry goes once its telling is
 * written. Answers how many cases' representatives were told.
 */
export async function sendDepartureNotices(deps: Deps, userId: string): Promise<number> {
  const users = deps.store.collection<UserDocument>('users');
  const user = await users.read(userId, userId);
  let told = 0;
  for (const entry of user?.departureNotices ?? []) {
    await tell(deps, userId, entry);
    durableStep(deps, 'account.departureNotified');
    await changeRecord(users, { pk: userId, id: userId }, (current) => {
      const rest = (current.departureNotices ?? []).filter((pending) => pending.disputeId !== entry.disputeId);
      if (rest.length === (current.departureNotices ?? []).length) return undefined;
      const { departureNotices: _done, ...kept } = current;
      return rest.length > 0 ? { ...kept, departureNotices: rest } : kept;
    });
    told++;
  }
  return told;
}

/** The timer's sweep: the tellings a crash left after a closure. */
export async function sweepDepartureNotices(deps: Deps, signal?: AbortSignal): Promise<{ told: number }> {
  const users = deps.store.collection<UserDocument>('users');
  let told = 0;
  let continuation: string | undefined;
  do {
    signal?.throwIfAborted();
    const page = await users.query({
      where: [{ field: 'departureNotices', op: 'exists', value: true }],
      limit: PAGE,
      ...(continuation ? { continuation } : {}),
    });
    for (const user of page.items) told += await sendDepartureNotices(deps, user.id);
    continuation = page.continuation;
  } while (continuation);
  return { told };
}

async function tell(deps: Deps, userId: string, entry: DepartureNotice): Promise<void> {
  const dispute = await deps.store.collection<DisputeDocument>('disputes').read(entry.disputeId, entry.disputeId);
  // A case deleted meanwhile (its retention ended): nobody is left to tell.
  if (!dispute) return;
  await notify(deps, {
    key: `departure.${userId}.${entry.disputeId}`,
    event: 'representativeLeft',
    params: { side: entry.side },
    caseName: dispute.name,
    ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
    disputeId: dispute.id,
    path: casePath(dispute.id),
    recipients: entry.recipients.map((email) => ({ email })),
    ...(dispute.language ? { fallbackLanguage: dispute.language } : {}),
  });
}
