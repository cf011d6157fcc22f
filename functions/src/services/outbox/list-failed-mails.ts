import type { FailedMailList } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { adminScopeOf, tenantFilter } from '../../records/admin-scope.js';
import type { MailDocument } from './mail-document.js';

/** How many failed mails the list shows, newest first. */
const LIST_LIMIT = 200;

/**
 * `GET /api/superadmin/mails/failed`: the mails given up after their retries — a SuperAdmin sees all, an
 * Admin those of the tenant's cases (a mail to an account, about no case, only a SuperAdmin sees). The body
 * is not shown: it may carry a one-time link.
 */
export async function listFailedMails(deps: Pick<Deps, 'store'>, caller: Caller): Promise<FailedMailList> {
  const scope = adminScopeOf(caller);
  const page = await deps.store.collection<MailDocument>('outbox').query({
    where: [{ field: 'status', op: '=', value: 'Failed' }, ...tenantFilter(scope)],
    orderBy: { field: 'createdAt', direction: 'desc' },
    limit: LIST_LIMIT,
  });
  return {
    items: page.items.map((mail) => ({
      id: mail.id,
      to: mail.to,
      subject: mail.subject,
      purpose: mail.purpose,
      ...(mail.disputeId ? { disputeId: mail.disputeId } : {}),
      createdAt: mail.createdAt,
      attempts: mail.attempts,
      ...(mail.failedAt ? { failedAt: mail.failedAt } : {}),
      ...(mail.lastError ? { lastError: mail.lastError } : {}),
    })),
  };
}
