import type { Deps } from '../../deps.js';
import type { UserDocument } from '../../records/user-document.js';
import type { DisputeDocument, Side } from '../disputes/dispute-document.js';
import type { DuePoint } from '../payments/due-payment.js';
import { partyAsBuyer } from '../payments/party-as-buyer.js';
import { rememberedCodeOnCreated } from '../promo-codes/remembered-code-on-created.js';

/** The request's round: 0 for a case's first tribunal request, one more after each that lapsed. */
export function tribunalRound(dispute: Pick<DisputeDocument, 'lapsedTribunalRequests'>): number {
  return dispute.lapsedTribunalRequests?.length ?? 0;
}

/** One party's payer: the account that represents the side (the requester's own, else found by the side's e-mail). */
export interface SidePayer {
  userId: string;
  email: string;
}

/**
 * The due points of a tribunal request (docs/fees.md "The tribunal's advance"): the requesting party's
 * administrative fee and each party's equal share of the advance on the arbitrators' fees and expenses, priced by
 * the amount in dispute and the tribunal's size. A share whose side has no account yet is left out until it has
 * one (or the other party pays it, pay-other-party-share.ts).
 */
export async function tribunalFeePoints(
  deps: Pick<Deps, 'store'>,
  dispute: DisputeDocument,
): Promise<{ administrativeFee: DuePoint; shares: Partial<Record<Side, DuePoint>> }> {
  const tribunal = dispute.tribunal!;
  const requester = await users(deps).read(tribunal.requestedBy, tribunal.requestedBy);
  const requesterPayer: SidePayer = { userId: tribunal.requestedBy, email: requester?.email ?? '' };
  const payers: Partial<Record<Side, SidePayer>> = { [tribunal.requestedBySide]: requesterPayer };
  const other: Side = tribunal.requestedBySide === 'claimant' ? 'respondent' : 'claimant';
  const otherPayer = await accountOfSide(deps, dispute, other);
  if (otherPayer) payers[other] = otherPayer;
  const shares: Partial<Record<Side, DuePoint>> = {};
  for (const side of ['claimant', 'respondent'] as const) {
    const payer = payers[side];
    if (payer) shares[side] = tribunalFeePoint(dispute, 'tribunalAdvanceShare', side, payer, side);
  }
  return {
    administrativeFee: tribunalFeePoint(
      dispute,
      'tribunalAdministrativeFee',
      tribunal.requestedBySide,
      requesterPayer,
      tribunal.requestedBySide,
    ),
    shares,
  };
}

/** A tribunal fee's due point: owed by `owingSide`, paid by `payer` of `payingSide` (the same side, or the other). */
export function tribunalFeePoint(
  dispute: DisputeDocument,
  purpose: 'tribunalAdministrativeFee' | 'tribunalAdvanceShare',
  owingSide: Side,
  payer: SidePayer,
  payingSide: Side,
): DuePoint {
  return {
    tenantId: dispute.tenantId,
    disputeId: dispute.id,
    caseName: dispute.name,
    purpose,
    payerSide: owingSide,
    payerUserId: payer.userId,
    ...(payer.email ? { payerEmail: payer.email } : {}),
    amountInDisputeCents: dispute.amountInDisputeCents,
    tribunalSize: dispute.tribunal!.size,
    tribunalRound: tribunalRound(dispute),
    ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
    buyer: partyAsBuyer(dispute[payingSide]),
    onCreated: rememberedCodeOnCreated,
  };
}

/**
 * The account representing a side: the account of the side's representative e-mail (confirmed), else for the
 * claimant the account that opened the case.
 */
export async function accountOfSide(
  deps: Pick<Deps, 'store'>,
  dispute: DisputeDocument,
  side: Side,
): Promise<SidePayer | undefined> {
  const emailKey = side === 'claimant' ? dispute.claimantEmailKey : dispute.respondentEmailKey;
  const page = await users(deps).query({ where: [{ field: 'emailKey', op: '=', value: emailKey }], limit: 1 });
  const found = page.items[0];
  if (found && found.isActive) return { userId: found.id, email: found.email };
  if (side === 'claimant') return { userId: dispute.createdBy.id, email: dispute.createdBy.email };
  return undefined;
}

function users(deps: Pick<Deps, 'store'>) {
  return deps.store.collection<UserDocument>('users');
}
