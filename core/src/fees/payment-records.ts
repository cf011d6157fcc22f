import { finnishReference, isFinnishReference, isRfReference, rfReference } from './creditor-reference.js';

/**
 * The pure parts of the documents money leaves behind (docs/fees.md "Receipts, credit notes and invoices"):
 * their number series, the VAT inside a credited amount, an invoice's payment reference and due date.
 */

/** The three series a seller numbers: receipts, credit notes and invoices, each gapless on its own. */
export type PaymentRecordSeries = 'receipt' | 'creditNote' | 'invoice';

const SERIES_PREFIX: Record<PaymentRecordSeries, string> = { receipt: 'R', creditNote: 'H', invoice: 'L' };

/** The printed number: the series' letter and the running number, `R-000042` (H = hyvityslasku, L = lasku). */
export function paymentRecordNumber(series: PaymentRecordSeries, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError('A document number is a whole number from 1.');
  return `${SERIES_PREFIX[series]}-${String(sequence).padStart(6, '0')}`;
}

/**
 * A gross amount (VAT included) split into its net and its VAT at a rate in basis points, rounding the net
 * half up, so the two always add up to the gross; integer arithmetic only. A credit note credits VAT in the
 * same proportion as the sale it reverses.
 */
export function splitGross(grossCents: number, vatRateBasisPoints: number): { netCents: number; vatCents: number } {
  if (!Number.isInteger(grossCents) || grossCents < 0) throw new RangeError('An amount must be whole cents.');
  if (!Number.isInteger(vatRateBasisPoints) || vatRateBasisPoints < 0)
    throw new RangeError('A VAT rate is whole basis points.');
  const divisor = BigInt(10_000 + vatRateBasisPoints);
  const net = (BigInt(grossCents) * 20_000n + divisor) / (2n * divisor);
  return { netCents: Number(net), vatCents: grossCents - Number(net) };
}

/**
 * An invoice's Finnish reference number, built on its number in the invoice series (a leading 1 keeps the
 * base at seven digits and never all zeros), and the RF creditor reference carrying the same digits.
 */
export function invoiceReferences(invoiceSequence: number): { finnish: string; rf: string } {
  if (!Number.isInteger(invoiceSequence) || invoiceSequence < 1 || invoiceSequence > 999_999_999) {
    throw new RangeError('An invoice number is a whole number from 1 to 999 999 999.');
  }
  const finnish = finnishReference(`1${String(invoiceSequence).padStart(6, '0')}`);
  return { finnish, rf: rfReference(finnish) };
}

/**
 * The Finnish reference a payer quoted, from either form a bank reports (`RF18 1000 0420`, `10000420`, with or
 * without spaces and leading zeros), or undefined when it is neither a valid RF nor a valid Finnish reference.
 * An RF reference whose digits are a Finnish reference is the same reference.
 */
export function quotedFinnishReference(quoted: string): string | undefined {
  const compact = quoted.replace(/\s/g, '').toUpperCase();
  if (isRfReference(compact)) {
    const inner = compact.slice(4).replace(/^0+/, '');
    return isFinnishReference(inner) ? inner : undefined;
  }
  const digits = compact.replace(/^0+/, '');
  return isFinnishReference(digits) ? digits : undefined;
}

/** The day an invoice falls due: `days` after the day it was issued (UTC calendar days, `YYYY-MM-DD`). */
export function invoiceDueDate(issuedAt: Date, days: number): string {
  const day = Date.UTC(issuedAt.getUTCFullYear(), issuedAt.getUTCMonth(), issuedAt.getUTCDate());
  return new Date(day + days * 86_400_000).toISOString().slice(0, 10);
}
