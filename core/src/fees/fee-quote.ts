import { z } from 'zod';
import type { TribunalSize } from '../tribunal/tribunal.js';
import { bandFor, MAX_FEE_AMOUNT_CENTS, type FeeSchedule } from './fee-schedule.js';

/**
 * What a fee costs with its VAT, computed once, here (docs/fees.md "VAT"). Amounts are integers in euro cents
 * end to end; the only rounding is the VAT of one invoiced amount, half up to the cent.
 */

/** The member states of the European Union, by ISO 3166-1 alpha-2 code (Greece's VAT prefix EL is accepted too). */
export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE',
  'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
] as const; // prettier-ignore

/** The seller's country: fees are Finnish supplies. */
export const SELLER_COUNTRY = 'FI';

/** Who pays, as far as VAT cares: a consumer, or a business in a country with (or without) a VAT number. */
export type FeeCustomer = { kind: 'consumer' } | { kind: 'business'; country: string; vatNumber?: string };

export interface FeeLine {
  netCents: number;
  vatCents: number;
  grossCents: number;
  vatRateBasisPoints: number;
  /**
   * True when the buyer accounts for the VAT (a business in another EU country with a VAT number, VAT
   * Directive art. 196): no VAT is charged and the receipt says so.
   */
  reverseCharge: boolean;
}

/** VAT of a net amount at a rate in basis points, half up to the cent, in integers only. */
export function vatOf(netCents: number, rateBasisPoints: number): number {
  assertCents(netCents);
  if (!Number.isInteger(rateBasisPoints) || rateBasisPoints < 0)
    throw new RangeError('The VAT rate must be whole basis points.');
  // netCents ≤ 10¹² and the rate ≤ 10⁴, so the product stays below 2⁵³ and the division is exact enough to floor.
  return Math.floor((netCents * rateBasisPoints + 5_000) / 10_000);
}

/** Whether the buyer, not the seller, accounts for the VAT. */
export function isReverseCharge(customer: FeeCustomer): boolean {
  if (customer.kind !== 'business') return false;
  const country = normaliseCountry(customer.country);
  const vatNumber = customer.vatNumber?.replace(/\s/g, '') ?? '';
  return country !== SELLER_COUNTRY && (EU_COUNTRIES as readonly string[]).includes(country) && vatNumber.length > 2;
}

/** One invoiced amount with its VAT for a customer. */
export function feeLine(netCents: number, rateBasisPoints: number, customer: FeeCustomer): FeeLine {
  const reverseCharge = isReverseCharge(customer);
  const vatCents = reverseCharge ? 0 : vatOf(netCents, rateBasisPoints);
  return { netCents, vatCents, grossCents: netCents + vatCents, vatRateBasisPoints: rateBasisPoints, reverseCharge };
}

/**
 * An amount split equally between the two parties: an odd cent goes to the claimant, so the shares always add
 * up to the whole.
 */
export function splitBetweenParties(totalCents: number): { claimant: number; respondent: number } {
  assertCents(totalCents);
  const respondent = Math.floor(totalCents / 2);
  return { claimant: totalCents - respondent, respondent };
}

export interface FeeQuote {
  /** False under the embedded default (no schedule set): nothing is due anywhere. */
  chargesFees: boolean;
  /** The revision of the schedule the quote was computed from; null without a schedule. */
  scheduleRevision: number | null;
  currency: 'EUR';
  amountInDisputeCents: number;
  tribunalSize: TribunalSize;
  vatRateBasisPoints: number;
  paymentPeriodDays: number | null;
  /** The claimant's, at the first Save and Send. */
  filingFee: FeeLine;
  /** For an AI decision on a case without a tribunal. */
  aiDecisionFee: FeeLine;
  tribunal: {
    /** The requesting party's. */
    administrativeFee: FeeLine;
    /** The whole advance on the arbitrators' fees and expenses, before VAT, for information. */
    advanceTotalCents: number;
    /** Each party's share of the advance, each invoiced (and its VAT computed) on its own. */
    advanceShares: { claimant: FeeLine; respondent: FeeLine };
  };
}

export interface QuoteInput {
  amountInDisputeCents: number;
  tribunalSize: TribunalSize;
  customer?: FeeCustomer;
}

/** The fees for an amount in dispute under a schedule; with none (the embedded default), every line is zero. */
export function quoteFees(schedule: FeeSchedule | undefined, revision: number | null, input: QuoteInput): FeeQuote {
  assertCents(input.amountInDisputeCents);
  const customer = input.customer ?? { kind: 'consumer' };
  const rate = schedule?.vatRateBasisPoints ?? 0;
  const line = (net: number) => feeLine(net, rate, customer);
  if (!schedule) {
    const zero = line(0);
    return {
      chargesFees: false,
      scheduleRevision: null,
      currency: 'EUR',
      amountInDisputeCents: input.amountInDisputeCents,
      tribunalSize: input.tribunalSize,
      vatRateBasisPoints: 0,
      paymentPeriodDays: null,
      filingFee: zero,
      aiDecisionFee: zero,
      tribunal: { administrativeFee: zero, advanceTotalCents: 0, advanceShares: { claimant: zero, respondent: zero } },
    };
  }
  const amount = input.amountInDisputeCents;
  const advanceBand = bandFor(schedule.tribunal.advance, amount);
  const advanceTotalCents =
    input.tribunalSize === 1 ? advanceBand.soleArbitratorCents : advanceBand.threeArbitratorsCents;
  const shares = splitBetweenParties(advanceTotalCents);
  return {
    chargesFees: true,
    scheduleRevision: revision,
    currency: 'EUR',
    amountInDisputeCents: amount,
    tribunalSize: input.tribunalSize,
    vatRateBasisPoints: rate,
    paymentPeriodDays: schedule.paymentPeriodDays,
    filingFee: line(bandFor(schedule.filingFee, amount).feeCents),
    aiDecisionFee: line(bandFor(schedule.aiDecisionFee, amount).feeCents),
    tribunal: {
      administrativeFee: line(bandFor(schedule.tribunal.administrativeFee, amount).feeCents),
      advanceTotalCents,
      advanceShares: { claimant: line(shares.claimant), respondent: line(shares.respondent) },
    },
  };
}

/**
 * Euros as typed (`12500`, `12500.5`, `12 500,50`) to cents, by the digits, never through a float; at most two
 * decimals. Undefined when it is not such an amount.
 */
export function parseEuroAmount(input: string): number | undefined {
  const compact = input.replace(/[\s\u00a0]/g, '').replace(',', '.');
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(compact);
  if (!match) return undefined;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_FEE_AMOUNT_CENTS ? cents : undefined;
}

/** The quote route's query: `amountInDispute` in euros, `tribunalSize` 1 or 3, optionally the buyer's VAT status. */
export const feeQuoteQuerySchema = z.object({
  amountInDispute: z
    .string({ error: 'amountInDispute is required: the amount in dispute in euros.' })
    .transform((value, context) => {
      const parsed = parseEuroAmount(value);
      if (parsed === undefined) {
        context.addIssue({
          code: 'custom',
          message: 'amountInDispute must be an amount in euros with at most two decimals, such as 12500 or 12500.50.',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  tribunalSize: z
    .enum(['1', '3'], { error: 'tribunalSize must be 1 or 3.' })
    .optional()
    .transform((value) => (value === '3' ? 3 : 1) as TribunalSize),
  /** The buyer's country (ISO 3166-1 alpha-2); with a VAT number, the buyer is a business. */
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'country must be a two-letter country code such as SE.')
    .optional(),
  vatNumber: z
    .string()
    .regex(/^[A-Za-z]{2}[0-9A-Za-z+*. ]{2,14}$/, 'vatNumber must be a VAT number such as SE556677889901.')
    .optional(),
});

/** The buyer a quote's query describes: a business when it names a VAT number, else a consumer. */
export function customerOfQuery(query: { country?: string; vatNumber?: string }): FeeCustomer {
  if (!query.vatNumber) return { kind: 'consumer' };
  return { kind: 'business', country: query.country ?? query.vatNumber.slice(0, 2), vatNumber: query.vatNumber };
}

function normaliseCountry(country: string): string {
  const upper = country.trim().toUpperCase();
  return upper === 'EL' ? 'GR' : upper;
}

function assertCents(value: number): void {
  if (!Number.isInteger(value) || value < 0 || value > MAX_FEE_AMOUNT_CENTS) {
    throw new RangeError(`An amount must be whole cents between 0 and ${MAX_FEE_AMOUNT_CENTS}; got ${value}.`);
  }
}
