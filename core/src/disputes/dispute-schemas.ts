import { z } from 'zod';
import { sanitizeText } from '../text/sanitize-text.js';
import { ARBITRATION_AGREEMENT } from '../tribunal/constitution.js';
import { caseLanguageSchema } from '../i18n/file-names.js';
import { FULL_NAME_INVALID, isAcceptableFullName } from '../accounts/full-name.js';
import { parseEuroAmount } from '../fees/fee-quote.js';

/** Upper bounds on the raw text a new dispute accepts, checked before sanitising. */
export const DISPUTE_TEXT_LIMITS = {
  name: 200,
  description: 5000,
  partyField: 300,
} as const;

// Deliberately simple: one @, no spaces or angle brackets, a dot in the domain.
const EMAIL_PATTERN = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

function textInput(label: string, max: number) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`),
    })
    .max(max, `${label} must be at most ${max} characters.`)
    .transform(sanitizeText);
}

/** A text field that must still hold something once HTML and whitespace are stripped. */
function requiredText(label: string, max: number) {
  return textInput(label, max).pipe(z.string().min(1, `${label} is required.`));
}

/** An optional text field: absent, null and blank all become an empty string. */
function optionalText(label: string, max: number) {
  return textInput(label, max)
    .nullish()
    .transform((value) => value ?? '');
}

function requiredEmail(label: string) {
  return textInput(label, DISPUTE_TEXT_LIMITS.partyField).pipe(
    z
      .string()
      .min(1, { error: `${label} is required.`, abort: true })
      .regex(EMAIL_PATTERN, `${label} must be a valid email address.`),
  );
}

function partySchema(side: string) {
  const max = DISPUTE_TEXT_LIMITS.partyField;
  return z.object(
    {
      name: requiredText(`${side} name`, max),
      identificationNumber: optionalText(`${side} Business ID/PIN`, max),
      email: requiredEmail(`${side} representative email`),
      address: optionalText(`${side} address`, max),
    },
    { error: `${side} information is required.` },
  );
}

export const AMOUNT_IN_DISPUTE_MESSAGE =
  'The amount in dispute must be euros with at most two decimals, such as 12500 or 12 500,50.';

/**
 * The amount in dispute (docs/fees.md "Due points"): euros as typed (`12500`, `12 500,50`) or a number, stored as
 * integer cents; absent, null or blank means not given. The fee bands need it once fees are charged.
 */
export const amountInDisputeSchema = z
  .union([z.string(), z.number()], { error: AMOUNT_IN_DISPUTE_MESSAGE })
  .nullish()
  .transform((value, context) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
    const cents = parseEuroAmount(String(value));
    if (cents === undefined) {
      context.addIssue({ code: 'custom', message: AMOUNT_IN_DISPUTE_MESSAGE });
      return z.NEVER;
    }
    return cents;
  });

/** A claimant or respondent as the new-dispute form sends it (docs/product.md section 3, Party). */
export const partyInputSchema = partySchema('Party');

/**
 * The body of `POST /api/dispute` (docs/product.md sections 3 and 5). Every text field
 * is run through `sanitizeText`; unknown fields are dropped, so a caller cannot
 * set status, phases or the creator.
 */
export const newDisputeSchema = z.object(
  {
    id: z.uuid({
      error: (issue) => (issue.input === undefined ? 'Dispute id is required.' : 'Dispute id must be a UUID.'),
    }),
    name: requiredText('Case name', DISPUTE_TEXT_LIMITS.name),
    description: requiredText('Short description', DISPUTE_TEXT_LIMITS.description),
    claimant: partySchema('Claimant'),
    respondent: partySchema('Respondent'),
    /**
     * Ours, beside docs/product.md's fields: the claimant accepts the arbitration agreement as it opens the case
     *, in the version shown; without it the claimant accepts it later on the case page.
     */
    agreementVersion: z
      .literal(ARBITRATION_AGREEMENT.version, {
        error: 'The arbitration agreement has changed: read it again and accept this version.',
      })
      .optional(),
    /** The case's language (its file names): the opening user's interface language. */
    language: caseLanguageSchema.optional(),
    /** Ours, beside docs/product.md's fields: the amount in dispute in euros, stored as `amountInDisputeCents`. */
    amountInDispute: amountInDisputeSchema,
    /**
     * Ours, beside docs/product.md's fields: the filing user's full name, for an account that has none yet (an
     * account registered with docs/product.md's payload has only a user name). Saved to the profile, where awards
     * and the agreement's acceptance take it from.
     */
    filerFullName: z
      .string({ error: FULL_NAME_INVALID })
      .trim()
      .refine((value) => isAcceptableFullName(value), FULL_NAME_INVALID)
      .optional(),
  },
  { error: 'The dispute must be a JSON object.' },
);

/** What the client sends. */
export type NewDisputeInput = z.input<typeof newDisputeSchema>;
/** What the server stores after validation and sanitising. */
export type NewDispute = z.output<typeof newDisputeSchema>;
export type PartyInput = z.input<typeof partyInputSchema>;
export type Party = z.output<typeof partyInputSchema>;
