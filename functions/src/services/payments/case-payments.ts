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

/**
 * The due points' payments of a case as one seat's case page shows them (docs/fees.md "Due points"): the side
 * that owes a payment sees how to pay it; the other side, and the tribunal, see that it is awaited. Paid ones
 * are listed too, so the page can say the step went ahead.
 */
export async function casePayments(
  deps: Pick<Deps, 'store'>,
  disputeId: string,
  seat: 'claimant' | 'respondent' | 'tribunal',
  /** The case's current tribunal request (0 the first, one more after each lapse): its fees are shown. */
  tribunalRound = 0,
): Promise<CasePaymentView[]> {
  // Each due point's payment has an id that follows from the case (due-payment.ts): point reads, not a query over
  // every payment of the service, on a page that is opened and polled often.
  const payments = deps.store.collection<PaymentDocument>('payments');
  const found = await Promise.all(
    DUE_POINTS.map((point) => {
      const id = duePaymentId({
        disputeId,
        ...point,
        ...(point.purpose.startsWith('tribunal') ? { tribunalRound } : {}),
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
