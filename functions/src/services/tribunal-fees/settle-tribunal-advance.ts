import { openLedger, splitBetweenParties, vatOf, FINNISH_GENERAL_VAT_BASIS_POINTS } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { StoreConflictError, type BaseDoc } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import { recordAudit } from '../audit/record-audit.js';
import type { AwardDocument } from '../awards/award-document.js';
import type { DisputeDocument, Side } from '../disputes/dispute-document.js';
import { issuePaymentRecords } from '../invoicing/issue-payment-records.js';
import { casePath } from '../notices/notice-paths.js';
import { duePaymentId } from '../payments/due-payment.js';
import type { PaymentDocument } from '../payments/payment-document.js';
import { tribunalRound } from './tribunal-fee-points.js';

/**
 * The advance settled against an award's fees order (docs/fees.md "The fees order"), once per case: a document in
 * the `fees` collection (partition `advance-settlement`, id = the case) made by a conditional create, so two
 * sweeps settle a case once; each step after it is keyed and finds what an earlier run did.
 */
export interface AdvanceSettlementDocument extends BaseDoc {
  disputeId: string;
  awardId: string;
  /** The arbitrators' fees and expenses the award fixed (the sum of its fees orders), net. */
  fixedCents: number;
  /** What the parties' shares of the advance were, net. */
  advanceNetCents: number;
  /** fixed − advance: below 0 a surplus credited, above 0 a shortfall invoiced. */
  differenceCents: number;
  settledAt: string;
  /** Every credit and invoice of it made. */
  finished?: true;
}

const SIDES = ['claimant', 'respondent'] as const;

/**
 * The timer (timers.ts) that settles each issued award's fees order against the advance: an advance beyond the
 * fees fixed is credited to each share's payer by a credit note (the surplus split as the advance was); fees
 * beyond the advance are invoiced — a new payment per party for its half, priced with the VAT of its share.
 * Awards without a fees order, and cases whose advance was never charged, are left alone. Audited.
 */
export async function settleTribunalAdvances(deps: Deps, signal?: AbortSignal): Promise<{ settled: number }> {
  const page = await deps.store.collection<AwardDocument>('awards').query({
    where: [
      { field: 'status', op: '=', value: 'Issued' },
      { field: 'kind', op: '=', value: 'award' },
    ],
    limit: 500,
  });
  const settlements = deps.store.collection<AdvanceSettlementDocument>('fees');
  let settled = 0;
  for (const award of page.items) {
    signal?.throwIfAborted();
    const fixed = (award.dispositive?.orders ?? []).filter((order) => order.kind === 'fees');
    if (fixed.length === 0 || fixed.some((order) => order.amountCents === undefined)) continue;
    const done = await settlements.read('advance-settlement', award.disputeId);
    if (done?.finished) continue;
    try {
      if (
        await settleOne(
          deps,
          award,
          fixed.reduce((sum, order) => sum + order.amountCents!, 0),
        )
      )
        settled++;
    } catch (error) {
      deps.log.error('Settling the advance against a fees order failed; the next sweep tries again', {
        disputeId: award.disputeId,
        error,
      });
    }
  }
  return { settled };
}

async function settleOne(deps: Deps, award: AwardDocument, fixedCents: number): Promise<boolean> {
  const dispute = await deps.store.collection<DisputeDocument>('disputes').read(award.disputeId, award.disputeId);
  if (!dispute) return false;
  const round = tribunalRound(dispute);
  const payments = deps.store.collection<PaymentDocument>('payments');
  const shares: Partial<Record<Side, PaymentDocument>> = {};
  for (const side of SIDES) {
    const id = duePaymentId({
      disputeId: dispute.id,
      purpose: 'tribunalAdvanceShare',
      payerSide: side,
      tribunalRound: round,
    });
    const share = await payments.read(id, id);
    if (share?.ledger.status === 'paid') shares[side] = share;
  }
  const settlements = deps.store.collection<AdvanceSettlementDocument>('fees');
  if (!shares.claimant || !shares.respondent) {
    // No advance was charged (no schedule then): nothing to settle, and nothing to look at again.
    await settlements
      .create({ ...settlementOf(deps, award, fixedCents, 0), finished: true })
      .catch((error: unknown) => {
        if (!(error instanceof StoreConflictError)) throw error;
      });
    return false;
  }
  // A share paid at three arbitrators' price and credited down to a sole arbitrator's counts at what it became.
  const netOf = (share: PaymentDocument) => share.resized?.toNetCents ?? share.netCents;
  const advanceNetCents = netOf(shares.claimant) + netOf(shares.respondent);
  let first = false;
  try {
    await settlements.create(settlementOf(deps, award, fixedCents, advanceNetCents));
    first = true;
  } catch (error) {
    if (!(error instanceof StoreConflictError)) throw error;
  }
  const difference = fixedCents - advanceNetCents;
  // Split as the advance was: an odd cent to the claimant's side (core splitBetweenParties).
  const parts = splitBetweenParties(Math.abs(difference));
  for (const side of SIDES) {
    const share = shares[side]!;
    const netPart = parts[side];
    if (netPart === 0) continue;
    if (difference < 0) await creditSurplus(deps, share, netPart);
    else await invoiceShortfall(deps, dispute, share, side, netPart, round);
  }
  await changeRecord(settlements, { pk: 'advance-settlement', id: dispute.id }, (current) =>
    current.finished ? undefined : { ...current, finished: true as const },
  );
  if (first) {
    await recordAudit(deps, {
      action: 'SettleTribunalAdvance',
      entityType: 'Dispute',
      entityId: dispute.id,
      tenantId: dispute.tenantId,
      success: true,
      details: `fees order of award ${award.id}: ${fixedCents} cents fixed against an advance of ${advanceNetCents} cents (net): ${
        difference < 0 ? `${-difference} credited` : difference > 0 ? `${difference} invoiced` : 'no difference'
      }`,
    });
  }
  return first;
}

function settlementOf(deps: Pick<Deps, 'clock'>, award: AwardDocument, fixedCents: number, advanceNetCents: number) {
  return {
    id: award.disputeId,
    pk: 'advance-settlement',
    disputeId: award.disputeId,
    awardId: award.id,
    fixedCents,
    advanceNetCents,
    differenceCents: fixedCents - advanceNetCents,
    settledAt: deps.clock.now().toISOString(),
  };
}

/** The VAT a net amount carries on a share's payment: none under its reverse charge, else at its rate. */
function grossOf(share: PaymentDocument, netCents: number): { vatCents: number; grossCents: number } {
  const vatCents = share.reverseCharge
    ? 0
    : vatOf(netCents, share.vatRateBasisPoints ?? FINNISH_GENERAL_VAT_BASIS_POINTS);
  return { vatCents, grossCents: netCents + vatCents };
}

async function creditSurplus(deps: Deps, share: PaymentDocument, netCents: number): Promise<void> {
  const payments = deps.store.collection<PaymentDocument>('payments');
  await changeRecord(payments, { pk: share.id, id: share.id }, (current) => {
    if ((current.credits ?? []).some((credit) => credit.kind === 'feesOrder')) return undefined;
    const credited = (current.credits ?? []).reduce((sum, credit) => sum + credit.grossCents, 0);
    const grossCents = Math.min(grossOf(current, netCents).grossCents, current.ledger.receivedCents - credited);
    if (grossCents <= 0) return undefined;
    return {
      ...current,
      credits: [
        ...(current.credits ?? []),
        { key: 'fees-order', kind: 'feesOrder' as const, grossCents, reason: 'fees order below the advance' },
      ],
      documentsPending: true as const,
      updatedAt: deps.clock.now().toISOString(),
    };
  });
  await issuePaymentRecords(deps, share.id);
}

async function invoiceShortfall(
  deps: Deps,
  dispute: DisputeDocument,
  share: PaymentDocument,
  side: Side,
  netCents: number,
  round: number,
): Promise<void> {
  const payments = deps.store.collection<PaymentDocument>('payments');
  const id = duePaymentId({
    disputeId: dispute.id,
    purpose: 'tribunalAdvanceShortfall',
    payerSide: side,
    tribunalRound: round,
  });
  let payment = await payments.read(id, id);
  if (!payment) {
    const { vatCents, grossCents } = grossOf(share, netCents);
    const now = deps.clock.now();
    const period =
      share.dueBy && share.createdAt ? Date.parse(share.dueBy) - Date.parse(share.createdAt) : 14 * 86_400_000;
    try {
      payment = await payments.create({
        id,
        pk: id,
        tenantId: dispute.tenantId,
        disputeId: dispute.id,
        ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
        purpose: 'tribunalAdvanceShortfall',
        payerSide: side,
        ...(share.paidBySide ? { paidBySide: share.paidBySide } : {}),
        payerUserId: share.payerUserId,
        ...(share.buyer ? { buyer: share.buyer } : {}),
        netCents,
        vatCents,
        ...(share.vatRateBasisPoints !== undefined ? { vatRateBasisPoints: share.vatRateBasisPoints } : {}),
        ...(share.reverseCharge ? { reverseCharge: true } : {}),
        scheduleRevision: share.scheduleRevision,
        tribunalRound: round,
        ledger: openLedger(grossCents),
        dueBy: new Date(now.getTime() + period).toISOString(),
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      });
    } catch (error) {
      if (!(error instanceof StoreConflictError)) throw error;
      payment = (await payments.read(id, id))!;
    }
  }
  if (payment.checkoutUrl) return;
  const checkout = await deps.payments.createCheckout({
    paymentId: id,
    description: `Share of the arbitrators' fees beyond the advance: ${dispute.name}`,
    amountCents: payment.ledger.dueCents,
    successUrl: `${deps.config.publicUrl}${casePath(dispute.id)}`,
    cancelUrl: `${deps.config.publicUrl}${casePath(dispute.id)}`,
  });
  await changeRecord(payments, { pk: id, id }, (current) =>
    current.checkoutUrl
      ? undefined
      : { ...current, providerRef: checkout.providerRef, checkoutUrl: checkout.checkoutUrl },
  );
}
