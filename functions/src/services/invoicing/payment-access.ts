import type { Caller } from '../../context/caller.js';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { Stored } from '../../ports/store.js';
import { scopeCovers, type AdminScope } from '../../records/admin-scope.js';
import type { PaymentDocument } from '../payments/payment-document.js';

/**
 * A payment as its payer or an administrator of its tenant may see it; anyone else is answered as if it did
 * not exist (no payment id is confirmed to a stranger).
 */
export async function readPaymentFor(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  paymentId: string,
): Promise<Stored<PaymentDocument>> {
  const payment = await deps.store.collection<PaymentDocument>('payments').read(paymentId, paymentId);
  if (!payment) throw new NotFoundError();
  if (payment.payerUserId === caller.userId) return payment;
  const scope: AdminScope | undefined = caller.roles.includes('SuperAdmin')
    ? { kind: 'all' }
    : caller.roles.includes('Admin')
      ? { kind: 'tenant', tenantId: caller.tenantId }
      : undefined;
  if (scope && scopeCovers(scope, payment.tenantId)) return payment;
  throw new NotFoundError();
}
