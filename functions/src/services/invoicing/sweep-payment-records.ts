import type { Deps } from '../../deps.js';
import type { PaymentDocument } from '../payments/payment-document.js';
import { issuePaymentRecords, type IssueDeps } from './issue-payment-records.js';

/**
 * Finishes the receipts and credit notes a stopped process left to issue (payments still `documentsPending`):
 * the settlement that marked them was written, what followed was not. Safe beside a webhook issuing the same
 * payment at the same moment (issuePaymentRecords issues nothing twice).
 */
export async function sweepPaymentRecords(
  deps: IssueDeps & Pick<Deps, 'log'>,
  signal?: AbortSignal,
): Promise<{ finished: number; failed: number }> {
  const payments = deps.store.collection<PaymentDocument>('payments');
  let finished = 0;
  let failed = 0;
  let continuation: string | undefined;
  do {
    const page = await payments.query({
      where: [{ field: 'documentsPending', op: '=', value: true }],
      limit: 100,
      ...(continuation ? { continuation } : {}),
    });
    for (const payment of page.items) {
      if (signal?.aborted) return { finished, failed };
      try {
        const after = await issuePaymentRecords(deps, payment.id);
        if (after && !after.documentsPending) finished++;
      } catch (error) {
        failed++;
        deps.log.error('issuing a payment’s receipt or credit note failed', { paymentId: payment.id, error });
      }
    }
    continuation = page.continuation;
  } while (continuation);
  return { finished, failed };
}
