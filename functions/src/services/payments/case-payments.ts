import type { CasePaymentView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { duePaymentId, invoiceUrlOf, type DuePoint } from './due-payment.js';
import type { PaymentDocument } from './payment-document.js';

/** Every due point a case can have: one payment each, the advance one per side. */
const DUE_POINTS: readonly Pick<DuePoint, 'purpose' | 'payerSide'>[] = [
  { purpose: 'filingFee', payerSide: 'claimant' },
  { purpose: 'aiDecisionFee', payerSide: 'claimant' },
  { purpose: 'tribunalAdministrativeFee', payerSide: 'claimant' },
  { purpose: 'tribunalAdvanceShare', payerSide: 'claimant' },
  { purpose: 'tribunalAdvanceShare', payerSide: 'respondent' },
  { purpose: 'tribunalAdvanceShortfall', payerSide: 'claimant' },
  { purpose: 'tribunalAdvanceShortfall', payerSide: 'respondent' },
];

/** What decides which due points a case can have reached. */
export interface CasePaymentsOf {
  disputeId: string;
  /** The case's current tribunal request (0 the first, one more after each lapse): its fees are shown. */
  tribunalRound: number;
  /**
   * Whether the case has a tribunal request now. Its fees' payments are created only after the request is written
   * on the case (tribunal/request-tribunal.ts), and a lapse removes the request and moves to the next round in one
   * write, so without one the current round has no tribunal payments to read.
   */
  tribunalRequested: boolean;
}

/**
 * The due points' payments of a case as one seat's case page shows them (docs/fees.md "Due points"): the side
 * that owes a payment sees how to pay it; the other side, and the tribunal, see that it is awaited. Paid ones
 * are listed too, so the page can say the step went ahead. The caller reads nothing at all when no fee schedule
 * was ever set (fees/effective-fee-schedule.ts `everSet`): then no case has a payment.
 */
export async function casePayments(
  deps: Pick<Deps, 'store'>,
  of: CasePaymentsOf,
  seat: 'claimant' | 'respondent' | 'tribunal',
): Promise<CasePaymentView[]> {
  // Each due point's payment has an id that follows from the case (due-payment.ts): point reads, not a query over
  // every payment of the service, on a page that is opened and polled often — and only the points the case can
  // have reached.
  const payments = deps.store.collection<PaymentDocument>('payments');
  const points = DUE_POINTS.filter((point) => of.tribunalRequested || !point.purpose.startsWith('tribunal'));
  const found = await Promise.all(
    points.map((point) => {
      const id = duePaymentId({
        disputeId: of.disputeId,
        ...point,
        ...(point.purpose.startsWith('tribunal') ? { tribunalRound: of.tribunalRound } : {}),
      });
      return payments.read(id, id);
    }),
  );
  return found
    .filter((payment): payment is NonNullable<typeof payment> => payment !== undefined)
    .filter((payment) => payment.payerSide && payment.dueBy)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((payment) => {
      // Who pays: the side that owes it, or the other side once it took the payment over.
      const yours = (payment.paidBySide ?? payment.payerSide) === seat;
      const open = payment.ledger.status !== 'paid' && !payment.closed;
      // The other party may pay a share of the tribunal's advance that is still unpaid (docs/fees.md).
      const mayPayForOther =
        !yours &&
        open &&
        seat !== 'tribunal' &&
        payment.purpose === 'tribunalAdvanceShare' &&
        payment.ledger.receivedCents === 0 &&
        !payment.invoice;
      // Its payer may enter a promo code while nothing was received and none is on it (docs/fees.md "Promo codes").
      const mayEnterPromoCode = yours && open && payment.ledger.receivedCents === 0 && !payment.promoCode;
      return {
        id: payment.id,
        purpose: payment.purpose,
        payerSide: payment.payerSide!,
        yours,
        netCents: payment.netCents,
        vatCents: payment.vatCents,
        amountCents: payment.ledger.dueCents,
        status: payment.ledger.status,
        dueBy: payment.dueBy!,
        ...(payment.paidBySide ? { paidBySide: payment.paidBySide } : {}),
        ...(mayPayForOther ? { mayPayForOther: true } : {}),
        ...(yours && open && payment.checkoutUrl ? { checkoutUrl: payment.checkoutUrl } : {}),
        ...(yours && open ? { invoiceUrl: invoiceUrlOf(payment.id) } : {}),
        ...(payment.promoCode
          ? { promoCode: { code: payment.promoCode.code, discountCents: payment.promoCode.discountCents } }
          : {}),
        ...(mayEnterPromoCode ? { mayEnterPromoCode: true as const } : {}),
      };
    });
}
