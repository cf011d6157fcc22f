import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { StoreConflictError, type Store } from '../../ports/store.js';
import { changeOrCreateRecord } from '../../records/change-record.js';
import type { UserDocument } from '../../records/user-document.js';
import { chainHeadId, GENESIS_HASH, hashAuditEntry, SYSTEM_CHAIN, type AuditChainHeadDocument } from './audit-chain.js';
import type { AuditDocument } from '../../records/audit-document.js';
import { sealPersonalFields } from './personal-fields.js';

export type AuditEntry = Omit<AuditDocument, 'id' | 'pk' | 'timestamp' | 'chain' | 'seq' | 'prevHash' | 'hash'>;

/**
 * How often an append retries after losing the race for its chain's head to
 * another instance. Each round one contender wins, so this bounds the wait
 * while staying far above what a few instances appending at once need.
 */
const MAX_ATTEMPTS = 25;

/**
 * Writes one audit entry onto its tenant's chain (audit-chain.ts), partitioned
 * by the month of its timestamp. The tenant is the one given, else the acting
 * user's; an entry of neither goes onto the system chain.
 *
 * Auditing must never break the action it records: a failed write is logged,
 * not thrown. Callers must not put passwords, codes or tokens in `details`.
 */
export async function recordAudit(deps: Pick<Deps, 'store' | 'clock' | 'log'>, entry: AuditEntry): Promise<void> {
  try {
    const tenantId = entry.tenantId ?? (await tenantOfUser(deps, entry.userId));
    const chained: AuditEntry = tenantId ? { ...entry, tenantId } : entry;
    await inChainOrder(deps.store, tenantId ?? SYSTEM_CHAIN, (chain) => appendToChain(deps, chain, chained));
  } catch (error) {
    // The entry's fields are no secret (see above), so the log keeps what the store could not.
    deps.log.error('Writing an audit entry failed', { entry, error });
  }
}

async function tenantOfUser(deps: Pick<Deps, 'store'>, userId: string | undefined): Promise<string | undefined> {
  if (!userId) return undefined;
  const user = await deps.store.collection<UserDocument>('users').read(userId, userId);
  return user?.tenantId;
}

/**
 * One append: read the head, make the entry that follows it, move the head
 * with a conditional write, then write the entry. The head moves first, so a
 * lost race costs nothing but a retry and two appends can never both follow
 * the same entry (a fork). If this writer stops after moving the head, the
 * head still holds the entry and the next append writes it.
 */
async function appendToChain(deps: Pick<Deps, 'store' | 'clock'>, chain: string, entry: AuditEntry): Promise<void> {
  const heads = deps.store.collection<AuditChainHeadDocument>('tokens');
  const headId = chainHeadId(chain);
  let doc: AuditDocument | undefined;
  await changeOrCreateRecord(
    heads,
    { pk: headId, id: headId },
    async (head): Promise<AuditChainHeadDocument> => {
      if (head) await ensureWritten(deps, head.last, { checkFirst: true });
      const now = deps.clock.now();
      const timestamp = now.toISOString();
      doc = {
        ...sealPersonalFields(entry),
        id: auditId(now),
        pk: timestamp.slice(0, 7),
        timestamp,
        chain,
        seq: (head?.seq ?? 0) + 1,
        prevHash: head?.hash ?? GENESIS_HASH,
      };
      doc.hash = hashAuditEntry(doc);
      return { id: headId, pk: headId, kind: 'audit-chain-head', chain, seq: doc.seq!, hash: doc.hash, last: doc };
    },
    {
      // Another instance appended first: start over from its head, after a short random pause so rivals spread out.
      attempts: MAX_ATTEMPTS,
      pauseMs: (lost) => Math.min(100, 2 ** (lost - 1)),
      busy: () => new StoreConflictError(`The audit chain ${chain} stayed busy for ${MAX_ATTEMPTS} attempts.`),
    },
  );
  await ensureWritten(deps, doc!, { checkFirst: false });
}

/** Writes an entry the chain's head already holds; someone else having written it already is as good. */
async function ensureWritten(
  deps: Pick<Deps, 'store'>,
  doc: AuditDocument,
  options: { checkFirst: boolean },
): Promise<void> {
  const audit = deps.store.collection<AuditDocument>('audit');
  if (options.checkFirst && (await audit.read(doc.pk, doc.id))) return;
  try {
    await audit.create(doc);
  } catch (error) {
    if (!(error instanceof StoreConflictError)) throw error;
  }
}

/**
 * Within one process the appends of a chain wait for each other instead of
 * racing for its head, so the conditional write only arbitrates between
 * instances. Keyed by store, as each store is its own set of chains.
 */
const chainQueues = new WeakMap<Store, Map<string, Promise<void>>>();

function inChainOrder(store: Store, chain: string, task: (chain: string) => Promise<void>): Promise<void> {
  let queues = chainQueues.get(store);
  if (!queues) {
    queues = new Map();
    chainQueues.set(store, queues);
  }
  const queue = queues;
  const run = (queue.get(chain) ?? Promise.resolve()).then(() => task(chain));
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queue.set(chain, settled);
  void settled.then(() => {
    if (queue.get(chain) === settled) queue.delete(chain);
  });
  return run;
}

let lastIdMs = -1;
let sameMsCount = 0;

/**
 * A time-sortable unique id: the timestamp in milliseconds as 13 zero-padded
 * digits, a counter of the ids this process made in the same millisecond (so
 * a burst keeps its order), then 64 random bits, so ids from different
 * instances never collide in practice.
 */
export function auditId(now: Date): string {
  const ms = now.getTime();
  sameMsCount = ms === lastIdMs ? sameMsCount + 1 : 0;
  lastIdMs = ms;
  return `${String(ms).padStart(13, '0')}-${String(sameMsCount).padStart(6, '0')}-${randomBytes(8).toString('hex')}`;
}
