import type { AdminPaymentView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { UserDocument } from '../../records/user-document.js';
import type { PaymentDocument } from './payment-document.js';

/**
 * What the view reads of a case: its number only, as a bare record (the disputes domain imports this one for its
 * due points, so this one does not import the case record's shape).
 */
interface CaseNumberRecord {
  id: string;
  pk: string;
  caseNumber?: string;
}

const DAY_MS = 86_400_000;

/**
 * How a payment is paid, as the list shows and filters it: the method recorded on it; else, once money came, by
 * where it came from (a bank statement's reference payment is an invoice's; an administrator's record counts as the
 * invoice's when one was issued; the provider's is a card's); else an issued invoice, or the card checkout opened.
 */
export function methodOf(payment: PaymentDocument): 'card' | 'invoice' | undefined {
  if (payment.method) return payment.method;
  const firstPaid = payment.ledger.paidRefs[0];
  if (firstPaid?.startsWith('bank:')) return 'invoice';
  if (firstPaid && !firstPaid.startsWith('admin:')) return 'card';
  if (payment.invoice) return 'invoice';
  return payment.providerRef ? 'card' : undefined;
}

/**
 * Payments as the administrators see them: each with its case number and payer (read once per case and per
 * payer however many payments they have), its amounts, and for an unpaid one its age in whole days.
 */
export async function toAdminPaymentViews(
  deps: Pick<Deps, 'store' | 'clock'>,
  payments: readonly PaymentDocument[],
): Promise<AdminPaymentView[]> {
  const cases = new Map<string, Promise<CaseNumberRecord | undefined>>();
  const payers = new Map<string, Promise<UserDocument | undefined>>();
  const disputes = deps.store.collection<CaseNumberRecord>('disputes');
  const users = deps.store.collection<UserDocument>('users');
  const now = deps.clock.now().getTime();
  return Promise.all(
    payments.map(async (payment) => {
      if (!cases.has(payment.disputeId))
        cases.set(payment.disputeId, disputes.read(payment.disputeId, payment.disputeId));
      if (!payers.has(payment.payerUserId))
        payers.set(payment.payerUserId, users.read(payment.payerUserId, payment.payerUserId));
      const [dispute, payer] = await Promise.all([cases.get(payment.disputeId), payers.get(payment.payerUserId)]);
      const ledger = payment.ledger;
      const unpaid = ledger.status === 'open';
      const credits = payment.credits ?? [];
      const creditedCents = credits.reduce((sum, credit) => sum + credit.grossCents, 0);
      const method = methodOf(payment);
      return {
        id: payment.id,
        tenantId: payment.tenantId,
        disputeId: payment.disputeId,
        ...((payment.caseNumber ?? dispute?.caseNumber)
          ? { caseNumber: payment.caseNumber ?? dispute?.caseNumber }
          : {}),
        purpose: payment.purpose,
        payer: {
          userId: payment.payerUserId,
          ...(payer ? { name: payer.fullName?.trim() || payer.userName, email: payer.email } : {}),
        },
        status: ledger.status,
        ...(method ? { method } : {}),
        netCents: payment.netCents,
        vatCents: payment.vatCents,
        grossCents: payment.netCents + payment.vatCents,
        receivedCents: ledger.receivedCents,
        reverseCharge: payment.reverseCharge ?? (payment.vatCents === 0 && payment.netCents > 0),
        ...(payment.promoCode ? { promoCode: payment.promoCode.code } : {}),
        ...(payment.receipt ? { receiptNumber: payment.receipt.number } : {}),
        createdAt: payment.createdAt,
        ...(ledger.paidAtMs !== undefined ? { paidAt: new Date(ledger.paidAtMs).toISOString() } : {}),
        ...(unpaid ? { ageDays: Math.max(0, Math.floor((now - Date.parse(payment.createdAt)) / DAY_MS)) } : {}),
        ...(payment.closed ? { closedReason: payment.closed.reason } : {}),
        ...(creditedCents > 0 ? { creditedCents } : {}),
        ...(credits.some((credit) => credit.kind === 'closedPayment') ? { paidAfterClose: true as const } : {}),
      };
    }),
  );
}
