import { refusal } from '@ratkaisu/core';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { adminScopeOf, scopeCovers } from '../../records/admin-scope.js';
import { changeRecord } from '../../records/change-record.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import type { MailDocument } from './mail-document.js';
import { sendMail, type SendMailDeps } from './send-mail.js';

/**
 * `POST /api/superadmin/mails/{id}/resend`: an administrator sends a failed mail again — it is Pending with
 * a fresh count of attempts (a conditional write, so two clicks send it once) and is tried at once; if the
 * transport still refuses, the sweep goes on trying. Audited.
 */
export async function resendMail(
  deps: SendMailDeps,
  caller: Caller,
  id: string,
  client: ClientInfo,
): Promise<{ status: MailDocument['status'] }> {
  const scope = adminScopeOf(caller);
  const outbox = deps.store.collection<MailDocument>('outbox');
  const visible = (mail: MailDocument) => (mail.tenantId ? scopeCovers(scope, mail.tenantId) : scope.kind === 'all');
  const result = await changeRecord(outbox, { pk: id, id }, (current) => {
    if (!visible(current)) throw new NotFoundError(refusal('outbox.notFound'));
    if (current.status !== 'Failed') throw new ConflictError(refusal('outbox.notFailed'));
    const { failedAt: _failed, followUpPending: _followUp, ...rest } = current;
    return { ...rest, status: 'Pending' as const, attempts: 0, nextAttemptAt: deps.clock.now().toISOString() };
  });
  if (result.outcome === 'missing') throw new NotFoundError(refusal('outbox.notFound'));
  await recordCallerAction(deps, caller, client, {
    action: 'ResendMail',
    entityType: 'Mail',
    entityId: id,
    details: `Mail ${id} (${result.record.purpose}) to ${result.record.to} sent again after ${result.record.attempts} failed attempt(s) before`,
  });
  const after = await sendMail(deps, id);
  return { status: (after ?? result.record).status };
}
