import { AI_LOG_RETENTION_MIN_MONTHS } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { BaseDoc, Stored } from '../../ports/store.js';
import type { AuditDocument } from '../../records/audit-document.js';
import { changeOrCreateRecord } from '../../records/change-record.js';
import type { TenantDocument } from '../../records/tenant-document.js';
import { keepWriteOnceJson, WRITE_ONCE_RECORD_NAMES } from '../../records/write-once-record.js';
import { SYSTEM_CHAIN, type AuditChainHeadDocument } from './audit-chain.js';
import { recordAudit } from './record-audit.js';

/**
 * Retention of the audit log, which holds the AI-use log (EU AI Act Arts. 19(1) and 26(6): logs kept "for a
 * period appropriate to the intended purpose … of at least six months"). Each tenant keeps its chain for its
 * `aiLogRetentionMonths` (at least AI_LOG_RETENTION_MIN_MONTHS, the default); the system chain for the minimum.
 *
 * The chain is hash-linked (audit-chain.ts), so only a prefix can go: the entries older than the cutoff from
 * position 1 (or the last checkpoint) on. Pruning keeps the chain verifiable with a checkpoint:
 *  1. a `PruneAuditLog` entry is appended to the chain itself, naming the position and hash of the last
 *     entry removed (the "pruned head") — it is hash-linked like any entry, so it cannot be forged later;
 *  2. the chain's checkpoint document (`audit-chain-checkpoint.<chain>`) records the same position and hash;
 *  3. the checkpoint is also kept in the write-once container (records/write-once-record.ts), where nobody can
 *     move it back or remove it before its retention ends, before any entry goes;
 *  4. the entries up to that position are deleted.
 * The verifier starts from the checkpoint (the first remaining entry must name the pruned head's hash as its
 * predecessor) and requires the chained `PruneAuditLog` entry to agree with it. A run that stops between the
 * steps leaves a state the verifier accepts and the next run completes.
 */

/** Marks the structured part of a `PruneAuditLog` entry's details. */
export const CHECKPOINT_MARK = ' | checkpoint ';

export interface PrunedCheckpoint {
  throughSeq: number;
  headHash: string;
  count: number;
  before: string;
}

export interface AuditChainCheckpointDocument extends BaseDoc {
  kind: 'audit-chain-checkpoint';
  chain: string;
  /** The last position removed; the chain now starts at seq + 1. */
  seq: number;
  /** That entry's hash: what the first remaining entry names as prevHash. */
  hash: string;
  prunedAt: string;
}

export const checkpointId = (chain: string) => `audit-chain-checkpoint.${chain}`;

const PAGE = 500;

export async function readCheckpoint(
  deps: Pick<Deps, 'store'>,
  chain: string,
): Promise<Stored<AuditChainCheckpointDocument> | undefined> {
  const id = checkpointId(chain);
  return deps.store.collection<AuditChainCheckpointDocument>('tokens').read(id, id);
}

export function checkpointOf(details: string | undefined): PrunedCheckpoint | undefined {
  const at = details?.lastIndexOf(CHECKPOINT_MARK) ?? -1;
  if (!details || at < 0) return undefined;
  try {
    return JSON.parse(details.slice(at + CHECKPOINT_MARK.length)) as PrunedCheckpoint;
  } catch {
    return undefined;
  }
}

/** The moment `months` calendar months before `now` (UTC). */
export function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** The timer's sweep: every chain pruned to its retention. */
export async function pruneAuditChains(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'log'>,
  signal?: AbortSignal,
): Promise<{ chains: number; pruned: number }> {
  const heads = await deps.store.collection<AuditChainHeadDocument>('tokens').query({
    where: [{ field: 'kind', op: '=', value: 'audit-chain-head' }],
    limit: 10_000,
  });
  let chains = 0;
  let pruned = 0;
  for (const head of heads.items) {
    signal?.throwIfAborted();
    const removed = await pruneAuditChain(deps, head.chain);
    if (removed > 0) {
      chains++;
      pruned += removed;
    }
  }
  return { chains, pruned };
}

/** The months a chain's entries are kept: its tenant's setting, never below the minimum. */
export async function retentionMonthsOf(deps: Pick<Deps, 'store'>, chain: string): Promise<number> {
  if (chain === SYSTEM_CHAIN) return AI_LOG_RETENTION_MIN_MONTHS;
  const tenant = await deps.store.collection<TenantDocument>('tenants').read(chain, chain);
  return Math.max(AI_LOG_RETENTION_MIN_MONTHS, tenant?.aiLogRetentionMonths ?? AI_LOG_RETENTION_MIN_MONTHS);
}

/** Prunes one chain's expired prefix; answers how many entries were removed. */
export async function pruneAuditChain(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'log'>,
  chain: string,
): Promise<number> {
  const months = await retentionMonthsOf(deps, chain);
  const before = monthsBefore(deps.clock.now(), months).toISOString();
  const audit = deps.store.collection<AuditDocument>('audit');
  const checkpoint = await readCheckpoint(deps, chain);
  const from = checkpoint?.seq ?? 0;

  // The expired prefix: positions from the checkpoint on, in order, up to the first entry still kept.
  const expired: AuditDocument[] = [];
  let continuation: string | undefined;
  scan: do {
    const page = await audit.query({
      where: [
        { field: 'chain', op: '=', value: chain },
        { field: 'seq', op: '>', value: from },
      ],
      orderBy: { field: 'seq', direction: 'asc' },
      limit: PAGE,
      ...(continuation ? { continuation } : {}),
    });
    for (const entry of page.items) {
      if (entry.timestamp >= before || entry.seq !== from + expired.length + 1) break scan;
      expired.push(entry);
    }
    continuation = page.continuation;
  } while (continuation);

  const leftovers = await deleteThrough(deps, chain, from);
  if (expired.length === 0) return leftovers;
  const last = expired.at(-1)!;
  const facts: PrunedCheckpoint = { throughSeq: last.seq!, headHash: last.hash!, count: expired.length, before };
  await recordAudit(deps, {
    action: 'PruneAuditLog',
    entityType: 'AuditLog',
    entityId: chain,
    ...(chain !== SYSTEM_CHAIN ? { tenantId: chain } : {}),
    success: true,
    details:
      `Audit entries ${from + 1}–${last.seq} (${expired.length}) older than ${before} removed under the retention of ` +
      `${months} months; the chain now starts after entry ${last.seq} (hash ${last.hash})` +
      `${CHECKPOINT_MARK}${JSON.stringify(facts)}`,
  });
  await moveCheckpoint(deps, chain, facts);
  // Thrown when it fails: the entries stay until the next sweep has kept the checkpoint where it cannot change.
  await keepWriteOnceJson(deps, WRITE_ONCE_RECORD_NAMES.auditCheckpoint(chain, facts.throughSeq), {
    chain,
    seq: facts.throughSeq,
    hash: facts.headHash,
    count: facts.count,
    before: facts.before,
  });
  return leftovers + (await deleteThrough(deps, chain, from, last.seq!));
}

/** Raises the checkpoint to `facts` (conditionally; a checkpoint already further on stays). */
async function moveCheckpoint(
  deps: Pick<Deps, 'store' | 'clock'>,
  chain: string,
  facts: PrunedCheckpoint,
): Promise<void> {
  const tokens = deps.store.collection<AuditChainCheckpointDocument>('tokens');
  const id = checkpointId(chain);
  // Kept changing under every write: thrown, so nothing is deleted past a checkpoint that was not written.
  await changeOrCreateRecord(tokens, { pk: id, id }, (current): AuditChainCheckpointDocument | undefined =>
    current && current.seq >= facts.throughSeq
      ? undefined
      : {
          id,
          pk: id,
          kind: 'audit-chain-checkpoint',
          chain,
          seq: facts.throughSeq,
          hash: facts.headHash,
          prunedAt: deps.clock.now().toISOString(),
        },
  );
}

/**
 * Deletes the chain's entries at positions (`after`, `through`]; without `through`, those at or before the
 * stored checkpoint that an earlier run left behind. Answers how many it deleted.
 */
async function deleteThrough(
  deps: Pick<Deps, 'store'>,
  chain: string,
  after: number,
  through?: number,
): Promise<number> {
  const audit = deps.store.collection<AuditDocument>('audit');
  const limit = through ?? (await readCheckpoint(deps, chain))?.seq ?? 0;
  let deleted = 0;
  for (;;) {
    const page = await audit.query({
      where: [
        { field: 'chain', op: '=', value: chain },
        { field: 'seq', op: '<=', value: limit },
        ...(through !== undefined ? [{ field: 'seq' as const, op: '>' as const, value: after }] : []),
      ],
      limit: PAGE,
    });
    let deletedNow = 0;
    for (const entry of page.items) if (await audit.delete(entry.pk, entry.id).catch(() => false)) deletedNow++;
    deleted += deletedNow;
    // Nothing left, or nothing this round could delete (the next sweep tries again).
    if (page.items.length === 0 || deletedNow === 0) return deleted;
  }
}
