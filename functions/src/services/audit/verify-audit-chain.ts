import type { AuditChainBreak, AuditChainReport, AuditChainStatus } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import { GENESIS_HASH, hashAuditEntry, type AuditChainHeadDocument } from './audit-chain.js';
import type { AuditDocument } from '../../records/audit-document.js';
import { checkpointOf, readCheckpoint } from './prune-audit-chain.js';
import { personalFieldsBreak } from './personal-fields.js';
import { measure } from '../../observability/meters.js';

const PAGE = 1000;

/**
 * Walks every audit chain from its first entry to its head and reports, per
 * chain, the first link that does not hold: an entry whose content no longer
 * matches its hash (it was edited), whose `prevHash` is not its predecessor's
 * hash, a gap in the positions (entries removed), a position taken twice
 * (entries inserted or a fork), or a chain that ends before its head (entries
 * removed from the end). Entries that name a chain without a head are
 * reported too. Read-only: it never repairs anything.
 *
 * Entries appended while it runs are left for the next run: each chain is
 * walked up to the head read at the start.
 */
export async function verifyAuditChain(deps: Pick<Deps, 'store' | 'clock'>): Promise<AuditChainReport> {
  const audit = deps.store.collection<AuditDocument>('audit');
  // Counted before the heads are read: entries appended in between can only hide an orphan, never invent one.
  const chainedTotal = await audit.count({ where: [{ field: 'chain', op: 'exists', value: true }] });
  const heads = await readHeads(deps);
  const chains: AuditChainStatus[] = [];
  let countedInHeadedChains = 0;
  for (const head of heads) {
    chains.push(await verifyChain(deps, head));
    countedInHeadedChains += await audit.count({ where: [{ field: 'chain', op: '=', value: head.chain }] });
  }

  if (chainedTotal > countedInHeadedChains) {
    const orphan = await firstEntryOutside(deps, new Set(heads.map((head) => head.chain)));
    if (orphan) {
      const breakAt: AuditChainBreak = {
        chain: String(orphan.chain),
        entryId: orphan.id,
        ...(typeof orphan.seq === 'number' ? { seq: orphan.seq } : {}),
        reason: `The entry belongs to the chain "${String(orphan.chain)}", which has no head: the head was removed.`,
      };
      chains.push({ chain: String(orphan.chain), entries: 0, headHash: '', valid: false, firstBreak: breakAt });
    }
  }

  const unchainedEntries = await audit.count({ where: [{ field: 'chain', op: 'exists', value: false }] });
  const firstBreak = chains.find((chain) => chain.firstBreak)?.firstBreak;
  measure.auditChainVerified(firstBreak === undefined);
  return {
    valid: firstBreak === undefined,
    checkedAt: deps.clock.now().toISOString(),
    chains,
    ...(firstBreak ? { firstBreak } : {}),
    unchainedEntries,
  };
}

async function readHeads(deps: Pick<Deps, 'store'>): Promise<Stored<AuditChainHeadDocument>[]> {
  const heads: Stored<AuditChainHeadDocument>[] = [];
  let continuation: string | undefined;
  do {
    const page = await deps.store.collection<AuditChainHeadDocument>('tokens').query({
      where: [{ field: 'kind', op: '=', value: 'audit-chain-head' }],
      limit: PAGE,
      ...(continuation ? { continuation } : {}),
    });
    heads.push(...page.items);
    continuation = page.continuation;
  } while (continuation);
  return heads.sort((a, b) => (a.chain < b.chain ? -1 : a.chain > b.chain ? 1 : 0));
}

async function verifyChain(deps: Pick<Deps, 'store'>, head: Stored<AuditChainHeadDocument>): Promise<AuditChainStatus> {
  const audit = deps.store.collection<AuditDocument>('audit');
  const chain = head.chain;
  const broken = (firstBreak: Omit<AuditChainBreak, 'chain'>, entries: number): AuditChainStatus => ({
    chain,
    entries,
    headHash: head.hash,
    valid: false,
    firstBreak: { chain, ...firstBreak },
  });

  // A pruned chain (prune-audit-chain.ts) starts after its checkpoint: the pruned head's position and hash.
  const checkpoint = await readCheckpoint(deps, chain);
  const start = checkpoint?.seq ?? 0;
  let previousHash = checkpoint?.hash ?? GENESIS_HASH;
  let previous: AuditDocument | undefined;
  let checkpointRecorded = checkpoint === undefined;
  let walked = 0;
  let continuation: string | undefined;
  do {
    const page = await audit.query({
      where: [
        { field: 'chain', op: '=', value: chain },
        { field: 'seq', op: '>', value: start },
        { field: 'seq', op: '<=', value: head.seq },
      ],
      orderBy: { field: 'seq', direction: 'asc' },
      limit: PAGE,
      ...(continuation ? { continuation } : {}),
    });
    for (const entry of page.items) {
      const linkBreak = checkLink(entry, start + walked + 1, previous, previousHash);
      if (linkBreak) return broken(linkBreak, walked);
      if (!checkpointRecorded && entry.action === 'PruneAuditLog') {
        const recorded = checkpointOf(entry.details);
        checkpointRecorded = recorded?.throughSeq === checkpoint!.seq && recorded.headHash === checkpoint!.hash;
      }
      previous = entry;
      previousHash = entry.hash ?? '';
      walked++;
    }
    continuation = page.continuation;
  } while (continuation);

  if (start + walked === head.seq - 1) {
    // The head's own entry may be in the middle of being written; look once more before calling it missing.
    const lateArrival = await audit.read(head.last.pk, head.last.id);
    if (lateArrival) {
      const linkBreak = checkLink(lateArrival, head.seq, previous, previousHash);
      if (linkBreak) return broken(linkBreak, walked);
      if (!checkpointRecorded && lateArrival.action === 'PruneAuditLog') {
        const recorded = checkpointOf(lateArrival.details);
        checkpointRecorded = recorded?.throughSeq === checkpoint!.seq && recorded.headHash === checkpoint!.hash;
      }
      previous = lateArrival;
      previousHash = lateArrival.hash ?? '';
      walked++;
    }
  }
  if (start + walked < head.seq) {
    return broken(
      {
        ...(start + walked === head.seq - 1 ? { entryId: head.last.id } : {}),
        seq: start + walked + 1,
        reason:
          `The chain ends at position ${start + walked}, but its head records ${head.seq} entries: ` +
          `${describeRange(start + walked + 1, head.seq)} removed from the end.`,
      },
      walked,
    );
  }
  if (previousHash !== head.hash) {
    return broken(
      {
        ...(previous ? { entryId: previous.id } : {}),
        seq: head.seq,
        reason: 'The latest entry is not the one its chain head recorded: it was replaced.',
      },
      walked,
    );
  }
  if (!checkpointRecorded) {
    return broken(
      {
        seq: start + 1,
        reason:
          `The chain starts after position ${start}, but no entry of the chain records pruning it there: ` +
          `${describeRange(1, start)} removed outside the retention sweep.`,
      },
      walked,
    );
  }
  return {
    chain,
    entries: walked,
    headHash: head.hash,
    valid: true,
    ...(start > 0 ? { prunedThroughSeq: start } : {}),
  };
}

/** Why `entry`, expected at position `seq` after `previous`, does not hold its place; undefined when it does. */
function checkLink(
  entry: AuditDocument,
  seq: number,
  previous: AuditDocument | undefined,
  previousHash: string,
): Omit<AuditChainBreak, 'chain'> | undefined {
  const at = { entryId: entry.id, seq };
  if (entry.seq !== seq) {
    const found = Number(entry.seq);
    if (Number.isInteger(found) && found > seq) {
      return {
        ...at,
        seq: found,
        reason: `${describeRange(seq, found - 1)} removed before this entry (position ${found}).`,
      };
    }
    return {
      ...at,
      reason: `A second entry claims position ${String(entry.seq)} in the chain: an entry was inserted or copied.`,
    };
  }
  if (entry.prevHash !== previousHash) {
    return {
      ...at,
      reason: previous
        ? `Its prevHash is not the hash of the entry before it (${previous.id}): that entry was replaced, or this link was changed.`
        : previousHash === GENESIS_HASH
          ? 'As the first entry of its chain it must name the genesis hash as prevHash, and it does not.'
          : 'As the first entry after the pruned part of its chain it must name the pruned head’s hash as prevHash, and it does not.',
    };
  }
  if (hashAuditEntry(entry) !== entry.hash) {
    return { ...at, reason: 'Its content does not match its hash: the entry was changed after it was written.' };
  }
  const personal = personalFieldsBreak(entry);
  if (personal) return { ...at, reason: personal };
  return undefined;
}

/** "Entry 4 was" / "Entries 4–6 were" */
function describeRange(from: number, to: number): string {
  return from === to ? `Entry ${from} was` : `Entries ${from}–${to} were`;
}

/** The first chained entry whose chain has no head: a scan, run only when the counts say one exists. */
async function firstEntryOutside(deps: Pick<Deps, 'store'>, headed: Set<string>): Promise<AuditDocument | undefined> {
  let continuation: string | undefined;
  do {
    const page = await deps.store.collection<AuditDocument>('audit').query({
      where: [{ field: 'chain', op: 'exists', value: true }],
      limit: PAGE,
      ...(continuation ? { continuation } : {}),
    });
    const orphan = page.items.find((entry) => !headed.has(String(entry.chain)));
    if (orphan) return orphan;
    continuation = page.continuation;
  } while (continuation);
  return undefined;
}
