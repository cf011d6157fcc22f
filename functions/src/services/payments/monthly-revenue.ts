import { finnishDate, type AdminPaymentView, type MonthlyRevenueRow } from '@ratkaisu/core';

/**
 * Revenue and VAT by calendar month for the VAT return (docs/fees.md "What administrators see"): the paid
 * payments, by the Finnish month they were paid in, newest month first. Domestic sales (Finnish VAT charged)
 * and sales under a reverse charge are summed apart, as the return reports them apart. The amounts are what
 * each payment was for; a surplus received beyond it is credited, not revenue, and so is money that came after
 * its payment was closed.
 */
export function monthlyRevenue(payments: readonly AdminPaymentView[]): MonthlyRevenueRow[] {
  const months = new Map<string, MonthlyRevenueRow>();
  for (const payment of payments) {
    // Money for a payment already closed paid for nothing: it was credited in full, never a sale.
    if (payment.status !== 'paid' || !payment.paidAt || payment.paidAfterClose) continue;
    const month = finnishDate(new Date(payment.paidAt)).slice(0, 7);
    const row = months.get(month) ?? {
      month,
      payments: 0,
      netCents: 0,
      vatCents: 0,
      grossCents: 0,
      reverseChargeNetCents: 0,
    };
    row.payments += 1;
    if (payment.reverseCharge) row.reverseChargeNetCents += payment.netCents;
    else {
      row.netCents += payment.netCents;
      row.vatCents += payment.vatCents;
      row.grossCents += payment.grossCents;
    }
    months.set(month, row);
  }
  return [...months.values()].sort((a, b) => b.month.localeCompare(a.month));
}
