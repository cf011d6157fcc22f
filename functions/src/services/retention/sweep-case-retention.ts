import { finalOutcome } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import { recordAudit } from '../audit/record-audit.js';
import { partyRecipients } from '../award-delivery/party-recipients.js';
import { withLookupIndexes, type DisputeDocument } from '../disputes/dispute-document.js';
import { casePath } from '../notices/notice-paths.js';
import { notify } from '../notices/notify.js';
import { purgeCaseData } from './purge-case-data.js';
import { deleteAfterOf, finishedAtOf, retentionYearsOf, warnFrom } from './retention-dates.js';

export interface RetentionSweepOutcome {
  scheduled: number;
  warned: number;
  deleted: number;
  held: number;
}

const PAGE = 100;

/**
 * The daily retention sweep (timers.ts; docs/data-lifecycle.md). For each finished case: records when its data
 * goes (the tenant's period after it finished); the warning period before, tells the parties' representatives
 * once in their language; on the day (and never sooner than the warning period after the warning), deletes
 * its data and keeps a tombstone. A case under a legal hold is left as it is. Every step is a conditional
 * write on the case, so two instances running at once do each thing once; a hold set while the sweep runs
 * stops the deletion at its conditional mark.
 */
export async function sweepCaseRetention(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'log' | 'config' | 'mailer'>,
  signal?: AbortSignal,
): Promise<RetentionSweepOutcome> {
  const outcome: RetentionSweepOutcome = { scheduled: 0, warned: 0, deleted: 0, held: 0 };
  const disputes = deps.store.collection<DisputeDocument>('disputes');
  const years = new Map<string, number>();
  let continuation: string | undefined;
  do {
    signal?.throwIfAborted();
    const page = await disputes.query({
      where: [{ field: 'status', op: 'in', value: ['Resolved', 'Closed'] }],
      limit: PAGE,
      ...(continuation ? { continuation } : {}),
    });
    for (const dispute of page.items) {
      signal?.throwIfAborted();
      if (!years.has(dispute.tenantId)) years.set(dispute.tenantId, await retentionYearsOf(deps, dispute.tenantId));
      try {
        const step = await sweepCase(deps, dispute, years.get(dispute.tenantId)!);
        if (step) outcome[step]++;
      } catch (error) {
        deps.log.error('The retention sweep failed for a case', { disputeId: dispute.id, error });
      }
    }
    continuation = page.continuation;
  } while (continuation);
  return outcome;
}

type Step = keyof RetentionSweepOutcome;

async function sweepCase(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'log' | 'config' | 'mailer'>,
  dispute: Stored<DisputeDocument>,
  years: number,
): Promise<Step | undefined> {
  const finishedAt = finishedAtOf(dispute);
  if (!finishedAt) return undefined;
  const now = deps.clock.now().toISOString();
  // A case that ended in an issued award or a sealed decision has write-once originals: it waits for them.
  const writeOnceDays = finalOutcome(dispute) ? deps.config.writeOnceRetentionDays : 0;
  if (dispute.legalHold) return 'held';
  const disputes = deps.store.collection<DisputeDocument>('disputes');

  let warnedNow = false;
  const scheduled = await changeRecord(
    disputes,
    { pk: dispute.id, id: dispute.id },
    (current) => {
      if (current.legalHold || current.retention?.deletingAt) return undefined;
      const warnedAt = current.retention?.warnedAt;
      let deleteAfter = deleteAfterOf(finishedAt, years, warnedAt, writeOnceDays);
      warnedNow = !warnedAt && now >= warnFrom(deleteAfter);
      // A warning sent late (the setting shortened, the sweep down) still gives the whole warning period.
      if (warnedNow) deleteAfter = deleteAfterOf(finishedAt, years, now, writeOnceDays);
      const next = { finishedAt, deleteAfter, ...(warnedAt || warnedNow ? { warnedAt: warnedAt ?? now } : {}) };
      const same =
        current.retention?.deleteAfter === next.deleteAfter &&
        current.retention.finishedAt === next.finishedAt &&
        current.retention.warnedAt === next.warnedAt;
      return same ? undefined : withLookupIndexes({ ...current, retention: next });
    },
    { first: dispute },
  );
  if (scheduled.outcome === 'missing') return undefined;
  const current = scheduled.record;
  if (current.legalHold) return 'held';
  const retention = current.retention;
  if (!retention) return undefined;

  if (warnedNow) {
    await warnRepresentatives(deps, current, retention.deleteAfter, years);
    return 'warned';
  }
  if (!retention.warnedAt || now < retention.deleteAfter)
    return scheduled.outcome === 'written' ? 'scheduled' : undefined;

  // The mark: from here the case's data goes, unless a hold was set in the meantime.
  const marked = await changeRecord(disputes, { pk: current.id, id: current.id }, (latest) =>
    latest.legalHold || !latest.retention
      ? undefined
      : withLookupIndexes({
          ...latest,
          retention: { ...latest.retention, deletingAt: latest.retention.deletingAt ?? now },
        }),
  );
  if (marked.outcome !== 'written' && !(marked.outcome === 'unchanged' && marked.record.retention?.deletingAt)) {
    return marked.outcome === 'unchanged' && marked.record.legalHold ? 'held' : undefined;
  }
  const purged = await purgeCaseData(deps, marked.record, { finishedAt, deletedAt: now, keepTombstone: true });
  await recordAudit(deps, {
    action: 'DeleteCaseData',
    entityType: 'Dispute',
    entityId: current.id,
    tenantId: current.tenantId,
    success: purged.failed === 0,
    details:
      `Case ${current.caseNumber ?? current.id} deleted at the end of its retention of ${years} years ` +
      `(finished ${finishedAt}): ${purged.records} records, ${purged.blobs} files (${purged.bytes} bytes)` +
      (purged.kept.length > 0 ? `; kept in write-once storage until their retention ends: ${purged.kept.length}` : '') +
      (purged.failed > 0 ? `; ${purged.failed} files could not be deleted, tried again next run` : '') +
      `; tombstone kept (award SHA-256: ${purged.tombstone.awardSha256.join(', ') || 'none'})`,
  });
  return purged.failed === 0 ? 'deleted' : undefined;
}

async function warnRepresentatives(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'log' | 'config' | 'mailer'>,
  dispute: DisputeDocument,
  deleteAfter: string,
  years: number,
): Promise<void> {
  await notify(deps, {
    event: 'retentionWarning',
    params: { deleteAfter, years },
    caseName: dispute.name,
    ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
    disputeId: dispute.id,
    path: casePath(dispute.id, 'retention'),
    recipients: partyRecipients(dispute).map(({ email }) => ({ email })),
    ...(dispute.language ? { fallbackLanguage: dispute.language } : {}),
  });
  await recordAudit(deps, {
    action: 'RetentionWarning',
    entityType: 'Dispute',
    entityId: dispute.id,
    tenantId: dispute.tenantId,
    success: true,
    details: `The representatives of case ${dispute.caseNumber ?? dispute.id} were told its data is deleted on ${deleteAfter}`,
  });
}
