import type { DuePaymentBody } from '../api/fees.js';
import type { RefusalReason } from './refusals.js';

/**
 * Error codes the API returns in its JSON error body `{ code, reason, params, message }`: the generic kind of
 * failure (what status and clients branch on). The specific refusal is `reason`, a key of the catalogue in
 * refusals.ts (docs/architecture.md "Errors"); `message` is its English text.
 */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'malformed_json',
  'unauthorized',
  'forbidden',
  'not_found',
  'route_not_found',
  'method_not_allowed',
  'conflict',
  'precondition_failed',
  'payload_too_large',
  'unsupported_media_type',
  'not_pdf',
  /** A file named and headed as a PDF that pdf.js cannot open (cut off, corrupted). */
  'damaged_pdf',
  'duplicate_file_name',
  'phase_locked',
  'too_many_requests',
  'invitation_expired',
  /** Registration with a user name another account holds (user names are not secret; emails are). */
  'username_taken',
  'case_final',
  /** An overwrite or early delete of a write-once record (an issued award, a receipt, an audit checkpoint). */
  'write_once',
  /** Closing an account while its holder represents a party or sits as an arbitrator in an open case. */
  'account_has_open_cases',
  /** A tenant's deletion refused while it has open cases (or cases under a legal hold); `fields.cases` lists them. */
  'tenant_has_open_cases',
  /** A payment notification whose signature or age does not verify (docs/fees.md): never acted upon. */
  'payment_notification_refused',
  /** An invoice asked for a payment whose payer is no company (invoices are for companies; others pay by card). */
  'invoice_needs_company',
  /** An invoice asked for while the seller has no IBAN in the fee schedule. */
  'invoicing_not_configured',
  /** A credit note for a payment not paid yet. */
  'payment_not_paid',
  /** Marking a payment paid that is paid already. */
  'payment_already_paid',
  /** A credit note for more than is paid and not yet credited. */
  'credit_exceeds_payment',
  /** A promo code (docs/fees.md "Promo codes") that does not exist, is no longer or not yet valid, is used up, or
   * belongs to another tenant. */
  'promo_code_unknown',
  'promo_code_expired',
  'promo_code_not_yet_valid',
  'promo_code_used_up',
  'promo_code_other_tenant',
  /** A promo code entered on a payment that is no longer open or already carries a code. */
  'promo_code_not_applicable',
  /** A step a fee is due for (docs/fees.md "Due points"): 402 with `payment` naming what to pay and where. */
  'payment_required',
  /** A payment closed because what it was for lapsed (a tribunal request) or its case is final: nothing to pay. */
  'payment_closed',
  /** The other party's share of the tribunal's advance, taken over after something was paid or invoiced. */
  'share_not_transferable',
  /** Fees are charged but the case has no amount in dispute, which the fee bands need. */
  'amount_in_dispute_required',
  /** A new case whose claimant and respondent share a representative e-mail or a business ID (core same-party.ts). */
  'same_party_on_both_sides',
  'internal',
  'unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** A field's refusal as the answer names it: its reason in the catalogue and the reason's parameters. */
export interface FieldReason {
  reason: RefusalReason;
  params: Record<string, string | number>;
}

export interface ApiErrorBody {
  code: ErrorCode;
  /** The specific refusal (refusals.ts); absent only for failures not worded by the catalogue yet. */
  reason?: RefusalReason;
  /** The reason's parameters, e.g. `{ limitBytes: 26214400 }` (names ending in Bytes are byte counts). */
  params?: Record<string, string | number>;
  /** The reason's English text with its parameters filled in. */
  message: string;
  /** Per-field validation messages, keyed by the field's dotted path. */
  fields?: Record<string, string>;
  /** Each field's reason in the catalogue and its parameters (`fields.tooShort` with `{ min: 10 }`), same keys. */
  fieldReasons?: Record<string, FieldReason>;
  /** account_has_open_cases: the cases that stop the account from closing. */
  /** payment_required: what is due and how to pay it. */
  payment?: DuePaymentBody;
  cases?: { disputeId: string; caseNumber?: string; name: string; role: 'claimant' | 'respondent' | 'arbitrator' }[];
}
