import type { AuditDocument } from '../../../functions/src/records/audit-document.js';
import type { TestHost } from './start-host.js';

/**
 * Every audit entry about one entity (a case, a user, a job) read straight from the store, in the order its
 * chain wrote them.
 */
export async function auditEntriesOf(host: Pick<TestHost, 'deps'>, entityId: string): Promise<AuditDocument[]> {
  const page = await host.deps.store
    .collection<AuditDocument>('audit')
    .query({ where: [{ field: 'entityId', op: '=', value: entityId }], limit: 1000 });
  return page.items.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/** The actions of those entries, in the order written. */
export async function auditActionsOf(host: Pick<TestHost, 'deps'>, entityId: string): Promise<string[]> {
  return (await auditEntriesOf(host, entityId)).map((entry) => entry.action);
}
