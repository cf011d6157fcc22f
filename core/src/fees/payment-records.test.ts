import { describe, expect, it } from 'vitest';
import { isRfReference } from './creditor-reference.js';
import {
  invoiceDueDate,
  invoiceReferences,
  paymentRecordNumber,
  quotedFinnishReference,
  splitGross,
} from './payment-records.js';

describe('payment records', () => {
  it('numbers each series with its letter', () => {
    expect(paymentRecordNumber('receipt', 42)).toBe('R-000042');
    expect(paymentRecordNumber('creditNote', 1)).toBe('H-000001');
    expect(paymentRecordNumber('invoice', 1234567)).toBe('L-1234567');
    expect(() => paymentRecordNumber('receipt', 0)).toThrow(RangeError);
  });

  it('splits a gross amount into net and VAT that add up to it', () => {
    expect(splitGross(75300, 2550)).toEqual({ netCents: 60000, vatCents: 15300 });
    // 100 / 1.255 = 79.68… → 80 net, 20 VAT
    expect(splitGross(100, 2550)).toEqual({ netCents: 80, vatCents: 20 });
    expect(splitGross(1, 2550)).toEqual({ netCents: 1, vatCents: 0 });
    expect(splitGross(5000, 0)).toEqual({ netCents: 5000, vatCents: 0 });
    for (const gross of [1, 7, 99, 12345, 999_999_999_999]) {
      const { netCents, vatCents } = splitGross(gross, 2550);
      expect(netCents + vatCents).toBe(gross);
      expect(Number.isInteger(netCents)).toBe(true);
    }
    expect(() => splitGross(1.5, 2550)).toThrow(RangeError);
  });

  it('gives an invoice a Finnish reference and the RF reference of the same digits', () => {
    const { finnish, rf } = invoiceReferences(42);
    expect(finnish).toMatch(/^1000042\d$/);
    expect(isRfReference(rf)).toBe(true);
    expect(rf.replace(/\s/g, '').endsWith(finnish)).toBe(true);
    expect(invoiceReferences(43).finnish).not.toBe(finnish);
  });

  it('reads back a quoted reference in either form, and nothing else', () => {
    const { finnish, rf } = invoiceReferences(7);
    expect(quotedFinnishReference(rf)).toBe(finnish);
    expect(quotedFinnishReference(rf.replace(/\s/g, '').toLowerCase())).toBe(finnish);
    expect(quotedFinnishReference(`0000${finnish}`)).toBe(finnish);
    expect(quotedFinnishReference(finnish.replace(/(\d{4})/, '$1 '))).toBe(finnish);
    expect(quotedFinnishReference(`${finnish.slice(0, -1)}${(Number(finnish.slice(-1)) + 1) % 10}`)).toBeUndefined();
    expect(quotedFinnishReference('RF18 5390 0754 7034')).toBeUndefined(); // a valid RF, but not on a Finnish reference
    expect(quotedFinnishReference('invoice 42')).toBeUndefined();
  });

  it('puts the due date the given days after the day of issue', () => {
    expect(invoiceDueDate(new Date('2026-11-28T23:59:00Z'), 14)).toBe('2026-12-12');
    expect(invoiceDueDate(new Date('2026-02-20T00:00:00Z'), 14)).toBe('2026-03-06');
  });
});
