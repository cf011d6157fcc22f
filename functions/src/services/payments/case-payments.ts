import type { CasePaymentView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { invoiceUrlOf } from './due-payment.js';
import type { PaymentDocument } from './payment-document.js';

/**
 * The due points' payments of a case as one seat's case page shows them (docs/fees.md "Due points"): the side
 * that owes a payment sees how to pay it; the other side, and the tribunal, see that it is awaited. Paid ones
 * are listed too, so the page can say the step went ahead.
 */
export async function casePayments(
  deps: Pick<Deps, 'store'>,
  disputeId: string,
  seat: 'claimant' | 'respondent' | 'tribunal',
): Promise<CasePaymentView[]> {
  const page = await deps.store.collection<PaymentDocument>('payments').query({
    where: [{ field: 'disputeId', op: '=', value: disputeId }],
    limit: 50,
  });
  return page.items
    .filter((payment) => payment.payerSide && payment.dueBy)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((payment) => {
      const yours = payment.payerSide === seat;
      const open = payment.ledger.status !== 'paid';
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
        ...(yours && open && payment.checkoutUrl ? { checkoutUrl: payment.checkoutUrl } : {}),
        ...(yours && open ? { invoiceUrl: invoiceUrlOf(payment.id) } : {}),
      };
    });
}
