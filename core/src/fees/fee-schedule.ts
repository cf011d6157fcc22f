import { z } from 'zod';
import { isFinnishBusinessId, isIban } from './creditor-reference.js';

/**
 * The fee schedule (docs/fees.md): what a claimant, a decision and a tribunal cost, by the amount in dispute.
 * Every amount is an integer number of euro cents; VAT is never part of a schedule's amounts but computed on
 * them (fee-quote.ts), once, here in core. The format is versioned by `schemaVersion`; a stored schedule also
 * carries the revision the server gave it, so a payment can name the prices it was charged at.
 */

/** The format this code reads. A schedule of another format is refused, never guessed at. */
export const FEE_SCHEDULE_SCHEMA_VERSION = 1;

/** The Finnish general VAT rate since 1.9.2024: 25.5 %, in basis points (hundredths of a per cent). */
export const FINNISH_GENERAL_VAT_BASIS_POINTS = 2550;

/** The largest amount a schedule or a quote handles: ten billion euros, far inside Number's exact integers. */
export const MAX_FEE_AMOUNT_CENTS = 1_000_000_000_000;

const cents = (label: string) =>
  z
    .number({ error: `${label} must be a number of euro cents.` })
    .int(`${label} must be a whole number of cents.`)
    .min(0, `${label} must not be negative.`)
    .max(MAX_FEE_AMOUNT_CENTS, `${label} is too large.`);

const upToCents = z.union([cents('upToCents'), z.null()], {
  error: 'upToCents must be a number of cents, or null for the last band.',
});

/** One band: it applies to amounts in dispute up to and including `upToCents` (null: without an upper bound). */
const feeBand = z.strictObject({ upToCents, feeCents: cents('feeCents') });
const advanceBand = z.strictObject({
  upToCents,
  soleArbitratorCents: cents('soleArbitratorCents'),
  threeArbitratorsCents: cents('threeArbitratorsCents'),
});

/** Bands rise strictly and the last one is open-ended, so every amount falls in exactly one. */
function bands<T extends z.ZodType<{ upToCents: number | null }>>(band: T, label: string) {
  return z
    .array(band, { error: `${label} must be a list of bands.` })
    .min(1, `${label} needs at least one band.`)
    .max(50, `${label} has too many bands.`)
    .superRefine((list, context) => {
      list.forEach((entry, index) => {
        const last = index === list.length - 1;
        if (last && entry.upToCents !== null) {
          context.addIssue({
            code: 'custom',
            path: [index, 'upToCents'],
            message: `The last band of ${label} must have upToCents null (no upper bound).`,
          });
        }
        if (!last && entry.upToCents === null) {
          context.addIssue({
            code: 'custom',
            path: [index, 'upToCents'],
            message: `Only the last band of ${label} may be without an upper bound.`,
          });
        }
        const previous = index > 0 ? list[index - 1]!.upToCents : null;
        if (index > 0 && previous !== null && entry.upToCents !== null && entry.upToCents <= previous) {
          context.addIssue({
            code: 'custom',
            path: [index, 'upToCents'],
            message: `The bands of ${label} must rise: each upToCents above the one before.`,
          });
        }
      });
    });
}

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/** The seller named on receipts and invoices: the operator, or a tenant that sells under its own name. */
const seller = z
  .strictObject({
    name: text('seller.name', 200),
    /** The Finnish business ID (Y-tunnus), e.g. 1234567-1, its check digit checked. */
    businessId: z
      .string({ error: 'seller.businessId must be text.' })
      .refine(isFinnishBusinessId, 'seller.businessId must be a Finnish business ID such as 1234567-1.'),
    /** FI and the business ID's eight digits. */
    vatNumber: z
      .string({ error: 'seller.vatNumber must be text.' })
      .regex(/^FI\d{8}$/, 'seller.vatNumber must be a Finnish VAT number such as FI12345671.'),
    address: text('seller.address', 500),
    email: z.email('seller.email must be an email address.').max(320),
    /** The account an invoice asks to be paid to (printed on invoices; a schedule without it sends no invoices). */
    iban: z
      .string({ error: 'seller.iban must be text.' })
      .refine(isIban, 'seller.iban must be an IBAN such as FI21 1234 5600 0007 85.')
      .optional(),
    /** The bank's BIC, printed beside the IBAN. */
    bic: z
      .string({ error: 'seller.bic must be text.' })
      .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'seller.bic must be a BIC such as NDEAFIHH.')
      .optional(),
  })
  .refine((value) => value.vatNumber === `FI${value.businessId.replace('-', '')}`, {
    path: ['vatNumber'],
    message: 'seller.vatNumber must be FI followed by the business ID’s digits.',
  });

export const feeScheduleSchema = z.strictObject({
  schemaVersion: z.literal(FEE_SCHEDULE_SCHEMA_VERSION, {
    error: `schemaVersion must be ${FEE_SCHEDULE_SCHEMA_VERSION}.`,
  }),
  currency: z.literal('EUR', { error: 'currency must be EUR.' }),
  /** The VAT rate in basis points: 2550 is 25.5 %. */
  vatRateBasisPoints: z
    .number({ error: 'vatRateBasisPoints must be a number.' })
    .int('vatRateBasisPoints must be a whole number (2550 is 25.5 %).')
    .min(0, 'vatRateBasisPoints must not be negative.')
    .max(10_000, 'vatRateBasisPoints must be at most 10000 (100 %).'),
  seller,
  /** Days a party has to pay what is due before the step lapses (a tribunal request's share). */
  paymentPeriodDays: z
    .number({ error: 'paymentPeriodDays must be a number.' })
    .int('paymentPeriodDays must be a whole number.')
    .min(1, 'paymentPeriodDays must be at least 1.')
    .max(90, 'paymentPeriodDays must be at most 90.'),
  /** The claimant's filing fee, due at the first Save and Send. */
  filingFee: bands(feeBand, 'filingFee'),
  /** The fee for an AI decision on a case without a tribunal. */
  aiDecisionFee: bands(feeBand, 'aiDecisionFee'),
  tribunal: z.strictObject({
    /** Paid by the party that requests the tribunal. */
    administrativeFee: bands(feeBand, 'tribunal.administrativeFee'),
    /** The advance on the arbitrators' fees and expenses, split equally between the parties. */
    advance: bands(advanceBand, 'tribunal.advance'),
  }),
});

export type FeeSchedule = z.infer<typeof feeScheduleSchema>;
export type FeeBand = FeeSchedule['filingFee'][number];
export type AdvanceBand = FeeSchedule['tribunal']['advance'][number];

/** The band an amount in dispute falls in: the first whose upper bound it does not exceed. */
export function bandFor<T extends { upToCents: number | null }>(list: readonly T[], amountCents: number): T {
  const band = list.find((entry) => entry.upToCents === null || amountCents <= entry.upToCents);
  // The schema makes the last band open-ended, so a valid schedule always answers.
  if (!band) throw new RangeError('The fee bands have no open-ended last band.');
  return band;
}
