import { isFinal, type OutcomeFacts } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { changeRecord } from '../../records/change-record.js';
import { recordAudit } from '../audit/record-audit.js';
import type { PaymentDocument } from './payment-document.js';

/**
 * The timer (timers.ts) that closes the open payments of cases that became final (docs/fees.md "A final case"):
 * each is marked closed by a conditional write and its checkout expired at the provider (a Stripe Checkout
 * Session, the test page), so nothing more can be paid for a step that can no longer happen. Safe to run twice:
 * a closed payment is left alone, and an expired checkout is `not_open` the second time.
 */
export async function closeFinalCasePayments(deps: Deps, signal?: AbortSignal): Promise<{ closed: number }> {
  const payments = deps.store.collection<PaymentDocument>('payments');
  const page = await payments.query({ where: [{ field: 'ledger.status', op: '=', value: 'open' }], limit: 500 });
  const finalCases = new Map<string, Promise<boolean>>();
  let closed = 0;
  for (const payment of page.items) {
    signal?.throwIfAborted();
    // What the award's fees order invoices beyond the advance is owed after the award: it stays payable.
    if (payment.closed || payment.purpose === 'tribunalAdvanceShortfall') continue;
    if (!finalCases.has(payment.disputeId)) finalCases.set(payment.disputeId, caseIsFinal(deps, payment.disputeId));
    if (!(await finalCases.get(payment.disputeId))) continue;
    const written = await changeRecord(payments, { pk: payment.id, id: payment.id }, (current) =>
      current.closed || current.ledger.status !== 'open'
        ? undefined
        : {
            ...current,
            closed: { at: deps.clock.now().toISOString(), reason: 'caseFinal' as const },
            updatedAt: deps.clock.now().toISOString(),
          },
    );
    if (written.outcome !== 'written') continue;
    closed++;
    const providerRef = written.record.providerRef;
    const expiry = providerRef
      ? await deps.payments.expireCheckout(providerRef).catch(() => 'failed' as const)
      : 'none';
    await recordAudit(deps, {
      action: 'ClosePayments',
      entityType: 'Payment',
      entityId: payment.id,
      tenantId: payment.tenantId,
      success: true,
      details: `closed: case ${payment.disputeId} is final; checkout ${expiry}`,
    });
  }
  return { closed };
}

/** Read as a bare record: the disputes domain imports this one, not the reverse. */
async function caseIsFinal(deps: Pick<Deps, 'store'>, disputeId: string): Promise<boolean> {
  const dispute = await deps.store
    .collection<OutcomeFacts & { id: string; pk: string }>('disputes')
    .read(disputeId, disputeId);
  return dispute !== undefined && isFinal(dispute);
}
