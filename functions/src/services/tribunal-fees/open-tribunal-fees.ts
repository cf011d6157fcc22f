import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import type { DisputeDocument, Side } from '../disputes/dispute-document.js';
import { effectiveFeeSchedule } from '../fees/effective-fee-schedule.js';
import {
  AmountInDisputeRequiredError,
  duePaymentBody,
  duePaymentFor,
  duePaymentId,
  PaymentRequiredError,
} from '../payments/due-payment.js';
import type { PaymentDocument } from '../payments/payment-document.js';
import { ConflictError } from '../../errors.js';
import { tribunalFeePoints, tribunalRound } from './tribunal-fee-points.js';

async function existingShare(
  deps: Pick<Deps, 'store'>,
  dispute: DisputeDocument,
  side: Side,
): Promise<Stored<PaymentDocument> | undefined> {
  const id = duePaymentId({
    disputeId: dispute.id,
    purpose: 'tribunalAdvanceShare',
    payerSide: side,
    tribunalRound: tribunalRound(dispute),
  });
  return deps.store.collection<PaymentDocument>('payments').read(id, id);
}

type FeeDeps = Pick<Deps, 'store' | 'clock' | 'payments' | 'config' | 'log'>;

/** Before a tribunal request is written: with fees charged, the case must have an amount in dispute to price them. */
export async function assertTribunalFeesPriceable(
  deps: Pick<Deps, 'store'>,
  dispute: Pick<DisputeDocument, 'tenantId' | 'amountInDisputeCents'>,
): Promise<void> {
  const effective = await effectiveFeeSchedule(deps, dispute.tenantId);
  if (effective.schedule && dispute.amountInDisputeCents === undefined) throw new AmountInDisputeRequiredError();
}

export interface TribunalFeePayments {
  administrativeFee?: Stored<PaymentDocument>;
  shares: Partial<Record<Side, Stored<PaymentDocument>>>;
  /** The sides with no account to owe their share yet. */
  unassigned: Side[];
}

/**
 * Creates (or gets) the payments of a case's tribunal request, each with its checkout: one per due point by its
 * deterministic id, so a retried request makes none twice. Nothing with no schedule set.
 */
export async function openTribunalFees(deps: FeeDeps, dispute: DisputeDocument): Promise<TribunalFeePayments> {
  const points = await tribunalFeePoints(deps, dispute);
  const administrativeFee = await duePaymentFor(deps, points.administrativeFee);
  const shares: TribunalFeePayments['shares'] = {};
  const unassigned: Side[] = [];
  for (const side of ['claimant', 'respondent'] as const) {
    const point = points.shares[side];
    if (!point) {
      // The other party may already have taken the share over (its payment exists under the share's id).
      const taken = await existingShare(deps, dispute, side);
      if (taken) shares[side] = taken;
      else unassigned.push(side);
      continue;
    }
    const payment = await duePaymentFor(deps, point);
    if (payment) shares[side] = payment;
  }
  return { ...(administrativeFee ? { administrativeFee } : {}), shares, unassigned };
}

/**
 * The gate of the tribunal's constitution (appointing arbitrators): returns when nothing is due or the
 * administrative fee and both shares of the advance are paid; otherwise 402 naming the first unpaid payment.
 */
export async function requireTribunalFeesPaid(deps: FeeDeps, dispute: DisputeDocument): Promise<void> {
  const effective = await effectiveFeeSchedule(deps, dispute.tenantId);
  if (!effective.schedule) return;
  const opened = await openTribunalFees(deps, dispute);
  const payments = [opened.administrativeFee, opened.shares.claimant, opened.shares.respondent];
  if (opened.unassigned.length > 0) throw new ConflictError(refusal('tribunalFees.shareNotDue'));
  const unpaid = payments.find((payment) => payment && payment.ledger.status !== 'paid');
  if (unpaid) throw new PaymentRequiredError(duePaymentBody(unpaid));
}
