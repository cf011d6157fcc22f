import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps.js';
import type { AuditDocument } from './audit-document.js';

export type AuditEntry = Omit<AuditDocument, 'id' | 'pk' | 'timestamp'>;

/**
 * Writes one audit entry, partitioned by the month of its timestamp. Auditing
 * must never break the action it records: a failed write is logged, not thrown.
 * Callers must not put passwords, codes or tokens in `details`.
 */
export async function recordAudit(deps: Pick<Deps, 'store' | 'clock' | 'log'>, entry: AuditEntry): Promise<void> {
  const now = deps.clock.now();
  const timestamp = now.toISOString();
  const doc: AuditDocument = { ...entry, id: auditId(now), pk: timestamp.slice(0, 7), timestamp };
  try {
    await deps.store.collection<AuditDocument>('audit').create(doc);
  } catch (error) {
    deps.log.error('Writing an audit entry failed', { action: entry.action, userId: entry.userId, error });
  }
}

/**
 * A time-sortable unique id: the timestamp in milliseconds as 13 zero-padded
 * digits, then 80 random bits, so ids sort by time and never collide in practice.
 */
export function auditId(now: Date): string {
  return `${String(now.getTime()).padStart(13, '0')}-${randomBytes(10).toString('hex')}`;
}
