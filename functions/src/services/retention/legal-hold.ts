import { type CaseRetentionView, legalHoldSchema, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { adminScopeOf, scopeCovers } from '../../records/admin-scope.js';
import { auditedAction } from '../audit/audited-action.js';
import { changeDispute } from '../disputes/change-dispute.js';
import { toDisputeView, type DisputeDocument } from '../disputes/dispute-document.js';

/**
 * A legal hold (docs/data-lifecycle.md): an administrator of the case's tenant (or a SuperAdmin) stops the
 * retention sweep for one case — a claim of nullity (§ 40), a pending enforcement, an authority's request —
 * with the reason, and lifts it again with the reason. Both are conditional writes on the case and audited;
 * the case page and the admin panel show the hold. The two routes share this one file because they are the
 * two halves of one record.
 */
export async function changeLegalHold(
  deps: Deps,
  caller: Caller,
  disputeId: string,
  action: 'set' | 'lift',
  input: unknown,
  client: ClientInfo,
): Promise<CaseRetentionView> {
  return auditedAction(
    deps,
    caller,
    client,
    { action: action === 'set' ? 'SetLegalHold' : 'LiftLegalHold', entityType: 'Dispute', entityId: disputeId },
    async (note) => {
      const scope = adminScopeOf(caller);
      const { reason } = legalHoldSchema.parse(input);
      const found = await deps.store.collection<DisputeDocument>('disputes').read(disputeId, disputeId);
      if (!found || !scopeCovers(scope, found.tenantId)) throw new NotFoundError(refusal('retention.caseNotFound'));
      note.tenantId = found.tenantId;
      const now = deps.clock.now().toISOString();
      const updated = await changeDispute(
        deps,
        disputeId,
        (current) => {
          if (current.retention?.deletingAt) throw new NotFoundError(refusal('retention.caseNotFound'));
          if (action === 'set') {
            if (current.legalHold) throw new ConflictError(refusal('retention.alreadyHeld'));
            return { ...current, legalHold: { reason, setAt: now, setBy: { id: caller.userId, email: caller.email } } };
          }
          if (!current.legalHold) throw new ConflictError(refusal('retention.notHeld'));
          const { legalHold: _lifted, ...rest } = current;
          return rest;
        },
        found,
      );
      note.details = `${action === 'set' ? 'Legal hold set on' : 'Legal hold lifted from'} case ${
        updated.caseNumber ?? updated.id
      }: ${reason}`;
      return toDisputeView(updated, 'claimant').retention ?? {};
    },
  );
}
