import type { AdminPaymentsOverview, AdminPaymentView } from '@ratkaisu/core';
import type { Caller } from '../../context/caller.js';
import type { Deps } from '../../deps.js';
import { adminScopeOf, tenantFilter } from '../../records/admin-scope.js';
import { toAdminPaymentViews } from './admin-payment-view.js';
import { monthlyRevenue } from './monthly-revenue.js';
import type { PaymentDocument } from './payment-document.js';

const STORE_PAGE = 1000;

/** Every payment in the caller's scope (a tenant administrator: the tenant's only), newest first. */
export async function adminPaymentsInScope(
  deps: Pick<Deps, 'store' | 'clock'>,
  caller: Caller,
): Promise<AdminPaymentView[]> {
  const where = tenantFilter(adminScopeOf(caller));
  const documents: PaymentDocument[] = [];
  let continuation: string | undefined;
  do {
    const page = await deps.store.collection<PaymentDocument>('payments').query({
      where,
      orderBy: { field: 'createdAt', direction: 'desc' },
      limit: STORE_PAGE,
      ...(continuation ? { continuation } : {}),
    });
    documents.push(...page.items);
    continuation = page.continuation;
  } while (continuation);
  return toAdminPaymentViews(deps, documents);
}

/**
 * `GET /api/superadmin/payments` (docs/fees.md "What administrators see"): the payments, the outstanding ones
 * oldest first with their age, and revenue and VAT by month — within the caller's scope.
 */
export async function listAdminPayments(
  deps: Pick<Deps, 'store' | 'clock'>,
  caller: Caller,
): Promise<AdminPaymentsOverview> {
  const payments = await adminPaymentsInScope(deps, caller);
  const outstanding = payments
    .filter((payment) => payment.status === 'open')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return { payments, outstanding, monthly: monthlyRevenue(payments) };
}
