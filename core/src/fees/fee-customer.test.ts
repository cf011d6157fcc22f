import { describe, expect, it } from 'vitest';
import { customerOfPayer, euVatNumberOf } from './fee-customer.js';
import { feeLine } from './fee-quote.js';

const RATE = 2550;
const line = (payer: Parameters<typeof customerOfPayer>[0]) => feeLine(60_000, RATE, customerOfPayer(payer));

describe('VAT by the payer’s details', () => {
  it('charges a Finnish business 25.5 %', () => {
    expect(customerOfPayer({ businessId: '1234567-8' })).toEqual({ kind: 'business', country: 'FI' });
    expect(line({ businessId: '1234567-8' })).toMatchObject({ vatCents: 15_300, reverseCharge: false });
  });

  it('charges a Finnish business with its FI VAT number 25.5 %: the seller’s own country is never reverse-charged', () => {
    expect(line({ businessId: 'FI12345678' })).toMatchObject({ vatCents: 15_300, reverseCharge: false });
    expect(line({ businessId: '1234567-8', vatNumber: 'FI 1234 5678' })).toMatchObject({ reverseCharge: false });
  });

  it('charges a consumer 25.5 %: a personal identity code or nothing', () => {
    for (const payer of [{ businessId: '010180-123A' }, { businessId: '' }, {}, undefined]) {
      expect(customerOfPayer(payer)).toEqual({ kind: 'consumer' });
      expect(line(payer)).toMatchObject({ vatCents: 15_300, grossCents: 75_300, reverseCharge: false });
    }
  });

  it('reverse-charges a business in another member state with a VAT number', () => {
    expect(customerOfPayer({ businessId: 'SE 5566 7788 9901' })).toEqual({
      kind: 'business',
      country: 'SE',
      vatNumber: 'SE556677889901',
    });
    expect(line({ businessId: 'SE556677889901' })).toMatchObject({
      vatCents: 0,
      grossCents: 60_000,
      reverseCharge: true,
    });
    expect(line({ businessId: 'HRB 12345', vatNumber: 'DE123456789' })).toMatchObject({ reverseCharge: true });
    // Greece's VAT prefix is EL.
    expect(line({ businessId: 'EL123456789' })).toMatchObject({ reverseCharge: true });
  });

  it('charges VAT to a business of another country without a VAT number, and outside the EU', () => {
    expect(line({ businessId: 'HRB 12345', country: 'DE' })).toMatchObject({ vatCents: 15_300, reverseCharge: false });
    expect(euVatNumberOf('NO123456789MVA')).toBeUndefined();
    expect(line({ businessId: 'NO123456789' })).toMatchObject({ reverseCharge: false });
    expect(line({ businessId: 'GB123456789' })).toMatchObject({ reverseCharge: false });
  });

  it('reads only what has the shape of a member state’s VAT number', () => {
    expect(euVatNumberOf('se-556677889901')).toBe('SE556677889901');
    expect(euVatNumberOf('1234567-8')).toBeUndefined();
    expect(euVatNumberOf('XX123456')).toBeUndefined();
    expect(euVatNumberOf('SE1')).toBeUndefined();
  });
});
