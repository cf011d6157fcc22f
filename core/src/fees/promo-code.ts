import { z } from 'zod';
import { formatIsoDate } from '../text/display-dates.js';
import { vatOf } from './fee-quote.js';
import { MAX_FEE_AMOUNT_CENTS } from './fee-schedule.js';

/**
 * Promo codes (docs/fees.md "Promo codes"): a percentage or a fixed sum off a fee, valid between two Finnish
 * calendar days, for a number of uses, optionally in one tenant only. The rules are pure and shared by the
 * server and the admin screen; amounts stay integers in cents and VAT is computed on the discounted net.
 */

/** A discount: a percentage in basis points (1–10 000, 1 500 = 15 %), or a fixed sum of cents off the net. */
export type PromoDiscount = { kind: 'percentage'; basisPoints: number } | { kind: 'fixed'; cents: number };

/** What a code's usability depends on. */
export interface PromoCodeTerms {
  code: string;
  discount: PromoDiscount;
  /** The first Finnish calendar day it is valid (YYYY-MM-DD), inclusive. */
  validFrom?: string;
  /** The last Finnish calendar day it is valid (YYYY-MM-DD), inclusive. */
  validUntil?: string;
  /** How many payments it may discount in all; absent: no limit. */
  maxUses?: number;
  /** Only for cases of this tenant; absent: every tenant. */
  tenantId?: string;
  usedCount: number;
  disabled: boolean;
}

/** Why a code cannot be used: each one is a catalogued error code with its own text. */
export type PromoCodeProblem =
  | 'promo_code_unknown'
  | 'promo_code_expired'
  | 'promo_code_not_yet_valid'
  | 'promo_code_used_up'
  | 'promo_code_other_tenant';

/** Codes are letters, digits, `-` and `_`, 3–32 long, compared without regard to case. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

/** The form a code is stored and compared in: trimmed, upper case. */
export function normalisePromoCode(input: string): string {
  return input.trim().toUpperCase();
}

/** The Finnish calendar day of an instant (YYYY-MM-DD): a code's validity is counted in Finnish days. */
export function finnishDate(at: Date): string {
  return formatIsoDate(at);
}

/** Why the code cannot be used now in a tenant's case, or undefined when it can. */
export function promoCodeProblem(terms: PromoCodeTerms, now: Date, tenantId: string): PromoCodeProblem | undefined {
  if (terms.tenantId !== undefined && terms.tenantId !== tenantId) return 'promo_code_other_tenant';
  const today = finnishDate(now);
  // A disabled code reads as one that is no longer valid.
  if (terms.disabled || (terms.validUntil !== undefined && today > terms.validUntil)) return 'promo_code_expired';
  if (terms.validFrom !== undefined && today < terms.validFrom) return 'promo_code_not_yet_valid';
  if (terms.maxUses !== undefined && terms.usedCount >= terms.maxUses) return 'promo_code_used_up';
  return undefined;
}

/** The discount on a net amount: never more than the amount, a percentage rounded half up to the cent. */
export function discountCents(netCents: number, discount: PromoDiscount): number {
  if (!Number.isInteger(netCents) || netCents < 0) throw new RangeError('A net amount must be whole cents.');
  if (discount.kind === 'fixed') return Math.min(netCents, discount.cents);
  return Math.min(netCents, Math.floor((netCents * discount.basisPoints + 5_000) / 10_000));
}

export interface DiscountedAmount {
  netCents: number;
  vatCents: number;
  grossCents: number;
  /** What the code took off the net. */
  discountCents: number;
}

/**
 * A fee with a code applied: the net less the discount (never below 0), and VAT computed again on the
 * discounted net — none under a reverse charge.
 */
export function applyPromoDiscount(
  line: { netCents: number; vatRateBasisPoints: number; reverseCharge: boolean },
  discount: PromoDiscount,
): DiscountedAmount {
  const off = discountCents(line.netCents, discount);
  const netCents = line.netCents - off;
  const vatCents = line.reverseCharge ? 0 : vatOf(netCents, line.vatRateBasisPoints);
  return { netCents, vatCents, grossCents: netCents + vatCents, discountCents: off };
}

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date must be written YYYY-MM-DD.')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Not a calendar date.');

/** `POST /api/superadmin/promo-codes`: a new code. */
export const promoCodeInputSchema = z
  .strictObject({
    code: z
      .string({ error: 'code is required.' })
      .transform(normalisePromoCode)
      .refine((value) => PROMO_CODE_PATTERN.test(value), 'A code is 3–32 letters, digits, - or _.'),
    discount: z.discriminatedUnion(
      'kind',
      [
        z.strictObject({
          kind: z.literal('percentage'),
          /** Per cent, at most two decimals: 15 or 12.5. */
          percent: z
            .number({ error: 'percent must be a number.' })
            .gt(0, 'percent must be above 0.')
            .max(100, 'percent must be at most 100.')
            .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, 'At most two decimals.'),
        }),
        z.strictObject({
          kind: z.literal('fixed'),
          cents: z
            .number({ error: 'cents must be a number.' })
            .int('cents must be whole cents.')
            .min(1, 'cents must be at least 1.')
            .max(MAX_FEE_AMOUNT_CENTS, 'cents is too large.'),
        }),
      ],
      { error: 'discount.kind must be percentage or fixed.' },
    ),
    validFrom: isoDay.optional(),
    validUntil: isoDay.optional(),
    maxUses: z.number().int('maxUses must be a whole number.').min(1).max(1_000_000).optional(),
    tenantId: z.string().min(1).max(64).optional(),
  })
  .refine((input) => !input.validFrom || !input.validUntil || input.validFrom <= input.validUntil, {
    message: 'validUntil must not be before validFrom.',
    path: ['validUntil'],
  })
  .transform(({ discount, ...rest }) => ({
    ...rest,
    discount:
      discount.kind === 'percentage'
        ? { kind: 'percentage' as const, basisPoints: Math.round(discount.percent * 100) }
        : discount,
  }));
export type PromoCodeInput = z.infer<typeof promoCodeInputSchema>;

/** `POST /api/payments/{id}/promo-code` and registration's optional field. */
export const promoCodeEntrySchema = z.strictObject({
  code: z.string({ error: 'code is required.' }).trim().min(1, 'Enter a promo code.').max(64),
});

/** A code as the admin screen lists it. */
export interface PromoCodeView extends PromoCodeTerms {
  createdAt: string;
  disabledAt?: string;
}
