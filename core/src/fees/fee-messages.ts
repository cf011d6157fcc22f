/**
 * The refusals of the fee routes (docs/fees.md) in English, as groups of the refusal catalogue
 * (core/src/errors/refusals.ts, docs/architecture.md "Errors"): `fees` for the schedule, due points, payments,
 * invoices, credit notes and bank statements; `promoCodes`; `tribunalFees` for the tribunal's advance. The texts
 * are the ones docs/fees.md and the routes have always sent; the Finnish are in web/src/i18n/fi-refusals.ts.
 */

export const FEE_MESSAGES = {
  /** 402 `payment_required`: the body also names the payment (id, amount, checkout, invoice). */
  paymentRequired: 'A fee is due before this step: pay it by card or by invoice.',
  amountInDisputeRequired: 'Enter the amount in dispute on the case: the fees are set by it (docs/fees.md).',
  notificationRefused: 'The payment notification could not be verified.',
  paymentClosed: 'This payment is closed: what it was for lapsed or the case is final. Nothing is due.',
  invoiceNeedsCompany: 'Invoices are for companies: this payment’s payer has no business ID. Pay by card instead.',
  invoicingNotConfigured: 'Invoices cannot be sent yet: the seller has no bank account in the fee schedule.',
  paymentAlreadyPaid: 'This payment is paid already.',
  paymentNotPaid: 'Only a paid payment can be credited.',
  creditExceedsPayment: 'At most {{creditableCents}} cents of this payment are left to credit.',
  creditNotIssued: 'The credit note could not be issued.',
  statementNotCamt054: 'The bank statement is not a camt.054 notification this service can read.',
  statementNotXml: 'Send the camt.054 statement as XML (Content-Type: application/xml).',
} as const;

export const PROMO_CODE_MESSAGES = {
  unknown: 'There is no such promo code. Check how it is written.',
  expired: 'This promo code is no longer valid.',
  notYetValid: 'This promo code is not valid yet.',
  usedUp: 'This promo code has been used as many times as it may be.',
  otherTenant: 'This promo code is not valid for your organisation’s cases.',
  notApplicable:
    'A promo code can be entered only on a payment that is still open, nothing paid yet, and once per payment.',
  taken: 'A promo code with this name exists already.',
  notFound: 'There is no such promo code.',
} as const;

export const TRIBUNAL_FEE_MESSAGES = {
  notRequested: 'No tribunal has been requested in this case: there is no share of an advance to pay.',
  ownShare: 'This is your own share: pay it from the Fees card.',
  notTransferable: 'This share can no longer be paid by the other party: it is paid, partly paid, invoiced or closed.',
  noFees: 'No fees are charged in this case.',
  shareNotDue:
    "The other party's share of the advance is not due yet: the party has no account. It can sign in to the case, or the requesting party can pay the share.",
  sideInvalid: 'The side must be claimant or respondent.',
} as const;
