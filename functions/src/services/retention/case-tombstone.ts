import type { CaseTombstoneView } from '@ratkaisu/core';
import { finalOutcome } from '@ratkaisu/core';
import type { BaseDoc } from '../../ports/store.js';
import type { AwardDocument } from '../awards/award-document.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';

/**
 * What stays of a case after its retention (docs/data-lifecycle.md): in the 'tokens' collection, partitioned
 * by its own id (`case-tombstone.<disputeId>`), with the tenant's id for the administrators' list.
 */
export interface CaseTombstoneDocument extends BaseDoc, CaseTombstoneView {
  kind: 'case-tombstone';
}

export const tombstoneId = (disputeId: string) => `case-tombstone.${disputeId}`;

/** The tombstone of a case about to be deleted: the facts that outlive its documents. */
export function tombstoneOf(
  dispute: DisputeDocument,
  awards: readonly AwardDocument[],
  finishedAt: string,
  deletedAt: string,
): CaseTombstoneDocument {
  const id = tombstoneId(dispute.id);
  const outcome = finalOutcome(dispute);
  const delivered = awards.filter((award) => award.status === 'Issued' || award.sealedAt !== undefined);
  return {
    id,
    pk: id,
    kind: 'case-tombstone',
    disputeId: dispute.id,
    ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
    name: dispute.name,
    tenantId: dispute.tenantId,
    claimant: party(dispute.claimant),
    respondent: party(dispute.respondent),
    outcome: outcome ? (outcome.kind === 'award' ? 'award' : 'acceptedDecision') : 'closed',
    dateCreated: dispute.dateCreated,
    finishedAt,
    deletedAt,
    awardSha256: delivered.map((award) => award.pdfSha256).filter((sha) => sha !== ''),
  };
}

function party(value: DisputeDocument['claimant']): CaseTombstoneView['claimant'] {
  return { name: value.name, ...(value.identificationNumber ? { businessId: value.identificationNumber } : {}) };
}

export function toTombstoneView(doc: CaseTombstoneDocument): CaseTombstoneView {
  const { id: _id, pk: _pk, kind: _kind, ...view } = doc as CaseTombstoneDocument & { _etag?: string };
  delete (view as { _etag?: string })._etag;
  return view;
}
