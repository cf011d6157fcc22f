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
export const DISPOSITIVE_ORDER_KINDS = ['payment', 'dismissal', 'declaration', 'costs', 'other'] as const;
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
  /** Who must pay or act (payment, costs). */
  debtor: z.enum(DISPOSITIVE_PARTIES).optional(),
  /** To whom (payment, costs). */
  creditor: z.enum(DISPOSITIVE_PARTIES).optional(),
  /** Principal in euro cents. */
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
