import { z } from 'zod';

/**
 * The dispositive part of a decision (tuomiolauselma): numbered orders, produced
 * by the model as structured data with chapter 6 (the decision with reasons),
 * edited by the tribunal, and rendered by the award's fixed frame. A decision
 * without at least one order is not finished.
 *
 * Amounts are in euro cents (integers) so that nothing is lost to floating
 * point; dates are ISO `YYYY-MM-DD`.
 */
export const DISPOSITIVE_ORDER_KINDS = ['payment', 'dismissal', 'declaration', 'costs', 'fees', 'other'] as const;
export type DispositiveOrderKind = (typeof DISPOSITIVE_ORDER_KINDS)[number];

/** Who an order concerns: the claimant or the respondent side of the case. */
export const DISPOSITIVE_PARTIES = ['claimant', 'respondent'] as const;
export type DispositiveParty = (typeof DISPOSITIVE_PARTIES)[number];

/** Interest under the Interest Act (633/1982): § 4 penalty interest (viivästyskorko) or another stated rate. */
export const dispositiveInterestSchema = z.object({
  /** `penalty` = korkolain 4 §:n 1 momentin mukainen viivästyskorko; `fixed` = `ratePercent` a year. */
  basis: z.enum(['penalty', 'fixed']),
  ratePercent: z.number().min(0).max(100).optional(),
  /** The day interest runs from, ISO date. */
  from: z.iso.date(),
});

export const dispositiveOrderSchema = z.object({
  kind: z.enum(DISPOSITIVE_ORDER_KINDS),
  /** Who must pay or act (payment, costs); for `fees`, who bears the arbitrators' fees between the parties. */
  debtor: z.enum(DISPOSITIVE_PARTIES).optional(),
  /** To whom (payment, costs); for `fees`, the party the bearer must reimburse for its share paid. */
  creditor: z.enum(DISPOSITIVE_PARTIES).optional(),
  /** Principal in euro cents; for `fees`, the arbitrators' fees and expenses fixed (§ 47 refers to this order). */
  amountCents: z.number().int().min(0).optional(),
  interest: dispositiveInterestSchema.optional(),
  /** The order's wording in Finnish, as it is printed (for dismissal, declaration and other: the whole order). */
  text: z.string().trim().min(1, 'Every order needs its wording.').max(2000),
  /** Page references the order rests on, e.g. `K1 s.3`. */
  references: z.array(z.string().max(40)).max(20).default([]),
});
export type DispositiveOrder = z.infer<typeof dispositiveOrderSchema>;

export const dispositivePartSchema = z.object({
  orders: z
    .array(dispositiveOrderSchema)
    .min(1, 'A decision needs at least one order in its dispositive part.')
    .max(50),
});
export type DispositivePart = z.infer<typeof dispositivePartSchema>;

/**
 * One difference between the structured dispositive part and chapter 6's orders, found before adoption
 * (functions/src/services/awards/check-dispositive.ts); the tribunal sees each and confirms to adopt anyway.
 */
export type DispositiveMismatchCode =
  | 'amountNotInReasons'
  | 'amountOnlyInReasons'
  | 'partyDiffers'
  | 'interestOnlyInReasons'
  | 'interestOnlyInOrders'
  | 'costsOnlyInReasons'
  | 'costsOnlyInOrders'
  | 'noFeesOrder';

export interface DispositiveMismatch {
  code: DispositiveMismatchCode;
  /** The order (1-based) it concerns. */
  order?: number;
  amountCents?: number;
  /** The sum as chapter 6 writes it. */
  written?: string;
  /** Who pays according to chapter 6. */
  inReasons?: DispositiveParty;
}

/** `GET /api/dispute/{id}/award/{awardId}/dispositive-check`: the mismatches of the draft's current version. */
export interface DispositiveCheckView {
  version: number;
  mismatches: DispositiveMismatch[];
}
