import {
  adminPaymentsQuerySchema,
  matchesAdminPaymentsQuery,
  type AdminPaymentsOverview,
  type AdminPaymentsQuery,
  type AdminPaymentView,
} from '@ratkaisu/core';
import type { Caller } from '../../context/caller.js';
import type { Deps } from '../../deps.js';
import type { Filter } from '../../ports/store.js';
import { adminScopeOf, tenantFilter } from '../../records/admin-scope.js';
import { toAdminPaymentViews } from './admin-payment-view.js';
import { monthlyRevenue } from './monthly-revenue.js';
import type { PaymentDocument } from './payment-document.js';

const STORE_PAGE = 1000;

/**
 * Every payment in the caller's scope (a tenant administrator: the tenant's only) that passes the query's filters,
 * newest first. The scope and the status narrow the store's query; the method, the month and the search need the
 * case number and the payer, so they are applied to the views.
 */
export async function adminPaymentsInScope(
  deps: Pick<Deps, 'store' | 'clock'>,
  caller: Caller,
  query: AdminPaymentsQuery = {},
): Promise<AdminPaymentView[]> {
  const where: Filter[] = [...tenantFilter(adminScopeOf(caller))];
  if (query.status) where.push({ field: 'ledger.status', op: '=', value: query.status });
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
  const views = await toAdminPaymentViews(deps, documents);
  return views.filter((view) => matchesAdminPaymentsQuery(view, query));
}

/** The list route's query string, validated (400 `validation_failed` naming the parameter). */
export function parseAdminPaymentsQuery(parameters: Record<string, string>): AdminPaymentsQuery {
  return adminPaymentsQuerySchema.parse(parameters);
}

/**
 * `GET /api/superadmin/payments` (docs/fees.md "What administrators see"): the payments, the outstanding ones
 * oldest first with their age, and revenue and VAT by month — within the caller's scope and the query's filters.
 */
export async function listAdminPayments(
  deps: Pick<Deps, 'store' | 'clock'>,
  caller: Caller,
  input: Record<string, string> = {},
): Promise<AdminPaymentsOverview> {
  const payments = await adminPaymentsInScope(deps, caller, parseAdminPaymentsQuery(input));
  const outstanding = payments
    .filter((payment) => payment.status === 'open')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return { payments, outstanding, monthly: monthlyRevenue(payments) };
}
