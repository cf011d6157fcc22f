import type { Deps } from '../../deps.js';
import type { BlobContainer } from '../../ports/blobs.js';
import type { BaseDoc, Collection, Filter, Stored } from '../../ports/store.js';
import type { AwardDocument } from '../awards/award-document.js';
import { earlierTextCacheNames, textCacheName } from '../documents/load-document-text.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import type { WorkFileDocument } from '../files/work-file-document.js';
import type { JobDocument } from '../jobs/job-document.js';
import { tombstoneOf, type CaseTombstoneDocument } from './case-tombstone.js';
import { deleteCaseBlob, type BlobRemoval } from './delete-case-blob.js';
import { WRITE_ONCE_RECORD_NAMES } from '../../records/write-once-record.js';

/** What deleting one case's data did. */
export interface PurgeOutcome {
  /** Records deleted: the case, its work files, decision records and jobs. */
  records: number;
  blobs: number;
  bytes: number;
  /** Blobs write-once storage kept (their retention has not ended), by container and name. */
  kept: string[];
  /** Blobs that could not be deleted for another reason; the next run tries again. */
  failed: number;
  tombstone: CaseTombstoneDocument;
}

const PAGE = 500;

/**
 * Deletes a finished case's data (docs/data-lifecycle.md): its documents, work files, decision records with
 * their drafts and versions, jobs and their results, every blob and extracted text; keeps the tombstone
 * (written first, so a run that stops half-way leaves it) and the audit chain. The case record goes last,
 * conditionally on the version the caller marked, so a run that stopped is completed by the next.
 */
export async function purgeCaseData(
  deps: Pick<Deps, 'store' | 'blobs' | 'log'>,
  dispute: Stored<DisputeDocument>,
  options: { finishedAt: string; deletedAt: string; keepTombstone: boolean },
): Promise<PurgeOutcome> {
  const awards = await all(deps.store.collection<AwardDocument>('awards'), dispute.id, [
    { field: 'pk', op: '=', value: dispute.id },
  ]);
  const tombstone = tombstoneOf(dispute, awards, options.finishedAt, options.deletedAt);
  const tokens = deps.store.collection<CaseTombstoneDocument>('tokens');
  if (options.keepTombstone) await tokens.upsert(tombstone);

  const outcome: PurgeOutcome = { records: 0, blobs: 0, bytes: 0, kept: [], failed: 0, tombstone };
  const remove = async (container: BlobContainer, name: string, size = 0) => {
    const tally = (result: BlobRemoval, what: string, bytes: number) => {
      if (result === 'deleted') {
        outcome.blobs++;
        outcome.bytes += bytes;
      } else if (result === 'kept') outcome.kept.push(what);
      else if (result === 'failed') outcome.failed++;
    };
    tally(await deleteCaseBlob(deps, container, name), `${container}/${name}`, size);
    if (container !== 'attachments' && container !== 'workfiles') return;
    const source = { container, blobName: name };
    for (const text of [textCacheName(source), ...earlierTextCacheNames(source)]) {
      tally(await deleteCaseBlob(deps, 'text', text), `text/${text}`, 0);
    }
  };

  for (const phase of dispute.phases) {
    for (const file of phase.attachments) {
      if (file.blobName) await remove('attachments', file.blobName, file.size ?? 0);
    }
  }

  // The write-once originals (issued documents, sealed decisions, receipts): deleted once their own
  // retention has ended, else kept by the container's rule and counted as kept (docs/operations.md).
  const prefixes = WRITE_ONCE_RECORD_NAMES.casePrefixes(dispute.id);
  for await (const name of deps.blobs.list('records')) {
    if (prefixes.some((prefix) => name.startsWith(prefix))) await remove('records', name);
  }

  const files = deps.store.collection<WorkFileDocument>('files');
  for (const file of await all(files, dispute.id, [{ field: 'disputeId', op: '=', value: dispute.id }])) {
    await remove('workfiles', file.blobName, file.size);
    if (await files.delete(file.pk, file.id).catch(() => false)) outcome.records++;
  }

  const awardRecords = deps.store.collection<AwardDocument>('awards');
  for (const award of awards) {
    const names = new Set([award.pdfBlobName, ...award.versions.map((version) => version.blobName)]);
    for (const name of names) if (name) await remove('attachments', name);
    if (await awardRecords.delete(award.pk, award.id).catch(() => false)) outcome.records++;
  }

  const jobs = deps.store.collection<JobDocument>('jobs');
  for (const job of await all(jobs, undefined, [{ field: 'disputeId', op: '=', value: dispute.id }])) {
    if (job.resultBlob) await remove(job.resultContainer ?? 'results', job.resultBlob);
    if (await jobs.delete(job.pk, job.id).catch(() => false)) outcome.records++;
  }

  if (outcome.failed === 0) {
    const disputes = deps.store.collection<DisputeDocument>('disputes');
    if (await disputes.delete(dispute.pk, dispute.id, { ifMatch: dispute._etag })) outcome.records++;
  }
  return outcome;
}

async function all<T extends BaseDoc>(
  collection: Collection<T>,
  partitionKey: string | undefined,
  where: Filter[],
): Promise<Stored<T>[]> {
  const items: Stored<T>[] = [];
  let continuation: string | undefined;
  do {
    const page = await collection.query({
      ...(partitionKey ? { partitionKey } : {}),
      where,
      limit: PAGE,
      ...(continuation ? { continuation } : {}),
    });
    items.push(...page.items);
    continuation = page.continuation;
  } while (continuation);
  return items;
}
