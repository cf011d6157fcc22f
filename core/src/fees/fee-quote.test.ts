import { describe, expect, it } from 'vitest';
import {
  customerOfQuery,
  feeLine,
  feeQuoteQuerySchema,
  isReverseCharge,
  parseEuroAmount,
  quoteFees,
  splitBetweenParties,
  vatOf,
} from './fee-quote.js';
import { bandFor, feeScheduleSchema, type FeeSchedule } from './fee-schedule.js';

// The schedule of docs/fees/schedule.example.json (tests/api/fees.test.ts sends that file itself).
const example: FeeSchedule = feeScheduleSchema.parse({
  schemaVersion: 1,
  currency: 'EUR',
  vatRateBasisPoints: 2550,
  seller: {
    name: 'Ratkaisu Oy',
    businessId: '1234567-1',
    vatNumber: 'FI12345671',
    address: 'Esimerkkikatu 1, 00100 Helsinki, Finland',
    email: 'billing@ratkaisu.example',
  },
  paymentPeriodDays: 14,
  filingFee: [
    { upToCents: 1000000, feeCents: 25000 },
    { upToCents: 5000000, feeCents: 60000 },
    { upToCents: 20000000, feeCents: 150000 },
    { upToCents: null, feeCents: 300000 },
  ],
  aiDecisionFee: [
    { upToCents: 1000000, feeCents: 40000 },
    { upToCents: 5000000, feeCents: 90000 },
    { upToCents: null, feeCents: 200000 },
  ],
  tribunal: {
    administrativeFee: [
      { upToCents: 5000000, feeCents: 150000 },
      { upToCents: null, feeCents: 300000 },
    ],
    advance: [
      { upToCents: 1000000, soleArbitratorCents: 500000, threeArbitratorsCents: 1200000 },
      { upToCents: 5000000, soleArbitratorCents: 1000000, threeArbitratorsCents: 2500000 },
      { upToCents: 20000000, soleArbitratorCents: 2000000, threeArbitratorsCents: 5000000 },
      { upToCents: null, soleArbitratorCents: 4000000, threeArbitratorsCents: 10000000 },
    ],
  },
});

describe('the fee schedule', () => {
  it('accepts the documented example', () => {
    expect(example.vatRateBasisPoints).toBe(2550);
    expect(example.filingFee).toHaveLength(4);
  });

  it('picks the band whose upper bound the amount does not exceed, the bound itself included', () => {
    expect(bandFor(example.filingFee, 0).feeCents).toBe(25000);
    expect(bandFor(example.filingFee, 1_000_000).feeCents).toBe(25000);
    expect(bandFor(example.filingFee, 1_000_001).feeCents).toBe(60000);
    expect(bandFor(example.filingFee, 20_000_000).feeCents).toBe(150000);
    expect(bandFor(example.filingFee, 20_000_001).feeCents).toBe(300000);
  });

  it('refuses bands that fall, an upper bound on the last band, an open band before the last, and fractions', () => {
    const falling = {
      ...example,
      filingFee: [
        { upToCents: 500, feeCents: 1 },
        { upToCents: 400, feeCents: 2 },
        { upToCents: null, feeCents: 3 },
      ],
    };
    const closedLast = { ...example, filingFee: [{ upToCents: 500, feeCents: 1 }] };
    const openEarly = {
      ...example,
      filingFee: [
        { upToCents: null, feeCents: 1 },
        { upToCents: null, feeCents: 2 },
      ],
    };
    const fraction = { ...example, aiDecisionFee: [{ upToCents: null, feeCents: 12.5 }] };
    const paths = (input: unknown) => {
      const result = feeScheduleSchema.safeParse(input);
      expect(result.success).toBe(false);
      return result.error!.issues.map((issue) => issue.path.join('.'));
    };
    expect(paths(falling)).toEqual(['filingFee.1.upToCents']);
    expect(paths(closedLast)).toEqual(['filingFee.0.upToCents']);
    expect(paths(openEarly)).toEqual(['filingFee.0.upToCents']);
    expect(paths(fraction)).toEqual(['aiDecisionFee.0.feeCents']);
    expect(paths({ ...example, schemaVersion: 2 })).toEqual(['schemaVersion']);
    expect(paths({ ...example, seller: { ...example.seller, businessId: '1234567-8' } })).toEqual([
      'seller.businessId',
      'seller.vatNumber',
    ]);
    expect(paths({ ...example, seller: { ...example.seller, vatNumber: 'FI07375462' } })).toEqual(['seller.vatNumber']);
    expect(paths({ ...example, surprise: true })).toEqual(['']);
  });
});

describe('VAT', () => {
  it('is 25.5 % rounded half up to the cent, in integers', () => {
    expect(vatOf(100_00, 2550)).toBe(25_50);
    expect(vatOf(1, 2550)).toBe(0); // 0.255 cents
    expect(vatOf(2, 2550)).toBe(1); // 0.51 cents
    expect(vatOf(101, 2550)).toBe(26); // 25.755 cents
    expect(vatOf(1_000_000_000_000, 2550)).toBe(255_000_000_000);
    // 0.5 cents exactly rounds up
    expect(vatOf(200, 25)).toBe(1);
    expect(vatOf(199, 25)).toBe(0);
  });

  it('refuses fractions of a cent and negative amounts', () => {
    expect(() => vatOf(10.5, 2550)).toThrow(RangeError);
    expect(() => vatOf(-1, 2550)).toThrow(RangeError);
  });

  it('is charged to consumers and Finnish businesses, and reverse-charged to businesses elsewhere in the EU with a VAT number', () => {
    expect(isReverseCharge({ kind: 'consumer' })).toBe(false);
    expect(isReverseCharge({ kind: 'business', country: 'FI', vatNumber: 'FI12345671' })).toBe(false);
    expect(isReverseCharge({ kind: 'business', country: 'SE', vatNumber: 'SE556677889901' })).toBe(true);
    expect(isReverseCharge({ kind: 'business', country: 'el', vatNumber: 'EL123456789' })).toBe(true);
    expect(isReverseCharge({ kind: 'business', country: 'SE' })).toBe(false);
    expect(isReverseCharge({ kind: 'business', country: 'US', vatNumber: 'US123' })).toBe(false);
    expect(feeLine(1000_00, 2550, { kind: 'business', country: 'DE', vatNumber: 'DE123456789' })).toEqual({
      netCents: 1000_00,
      vatCents: 0,
      grossCents: 1000_00,
      vatRateBasisPoints: 2550,
      reverseCharge: true,
    });
    expect(feeLine(1000_00, 2550, { kind: 'consumer' }).grossCents).toBe(1255_00);
  });
});

describe('a quote', () => {
  it('is all zero without a schedule: the embedded default charges nothing', () => {
    const quote = quoteFees(undefined, null, { amountInDisputeCents: 5_000_000_00, tribunalSize: 3 });
    expect(quote.chargesFees).toBe(false);
    expect(quote.filingFee.grossCents).toBe(0);
    expect(quote.aiDecisionFee.grossCents).toBe(0);
    expect(quote.tribunal.administrativeFee.grossCents).toBe(0);
    expect(quote.tribunal.advanceTotalCents).toBe(0);
  });

  it('prices each due point by the amount and the tribunal size, the advance split equally', () => {
    const sole = quoteFees(example, 4, { amountInDisputeCents: 30_000_00, tribunalSize: 1 });
    expect(sole.scheduleRevision).toBe(4);
    expect(sole.filingFee).toMatchObject({ netCents: 600_00, vatCents: 153_00, grossCents: 753_00 });
    expect(sole.aiDecisionFee).toMatchObject({ netCents: 900_00, vatCents: 229_50, grossCents: 1129_50 });
    expect(sole.tribunal.administrativeFee).toMatchObject({ netCents: 1500_00, vatCents: 382_50 });
    expect(sole.tribunal.advanceTotalCents).toBe(10_000_00);
    expect(sole.tribunal.advanceShares.claimant).toMatchObject({ netCents: 5000_00, vatCents: 1275_00 });
    expect(sole.tribunal.advanceShares.respondent).toMatchObject({ netCents: 5000_00, vatCents: 1275_00 });
    const three = quoteFees(example, 4, { amountInDisputeCents: 30_000_00, tribunalSize: 3 });
    expect(three.tribunal.advanceTotalCents).toBe(25_000_00);
  });

  it('gives an odd cent of the advance to the claimant, so the shares add up', () => {
    expect(splitBetweenParties(101)).toEqual({ claimant: 51, respondent: 50 });
    expect(splitBetweenParties(0)).toEqual({ claimant: 0, respondent: 0 });
    const odd = {
      ...example,
      tribunal: {
        ...example.tribunal,
        advance: [{ upToCents: null, soleArbitratorCents: 333, threeArbitratorsCents: 999 }],
      },
    };
    const quote = quoteFees(odd, 1, { amountInDisputeCents: 0, tribunalSize: 1 });
    const { claimant, respondent } = quote.tribunal.advanceShares;
    expect(claimant.netCents + respondent.netCents).toBe(333);
    // VAT is computed on each invoiced share: 167 → 42.585 → 43; 166 → 42.33 → 42
    expect([claimant.vatCents, respondent.vatCents]).toEqual([43, 42]);
  });

  it('reverse-charges every line for an EU business outside Finland', () => {
    const quote = quoteFees(example, 1, {
      amountInDisputeCents: 1_00,
      tribunalSize: 1,
      customer: customerOfQuery({ vatNumber: 'SE556677889901' }),
    });
    expect(quote.filingFee).toMatchObject({ netCents: 250_00, vatCents: 0, grossCents: 250_00, reverseCharge: true });
    expect(quote.tribunal.advanceShares.claimant.reverseCharge).toBe(true);
  });
});

describe('euro amounts as typed', () => {
  it('become cents by their digits', () => {
    expect(parseEuroAmount('12500')).toBe(1_250_000);
    expect(parseEuroAmount('0.1')).toBe(10);
    expect(parseEuroAmount('19.99')).toBe(1999);
    expect(parseEuroAmount('12 500,50')).toBe(1_250_050);
    expect(parseEuroAmount('0.07')).toBe(7);
  });

  it('are refused with a third decimal, a sign, letters or beyond ten billion', () => {
    for (const bad of ['1.005', '-5', '1e5', 'abc', '', '.5', '99999999999'])
      expect(parseEuroAmount(bad)).toBeUndefined();
  });

  it('make the quote query, tribunal size 1 unless 3', () => {
    expect(feeQuoteQuerySchema.parse({ amountInDispute: '100' })).toEqual({ amountInDispute: 10000, tribunalSize: 1 });
    expect(feeQuoteQuerySchema.parse({ amountInDispute: '100', tribunalSize: '3' }).tribunalSize).toBe(3);
    expect(feeQuoteQuerySchema.safeParse({ amountInDispute: '100', tribunalSize: '2' }).success).toBe(false);
    expect(feeQuoteQuerySchema.safeParse({ amountInDispute: '1.234' }).success).toBe(false);
  });
});
