/**
 * What a payment's verified notifications do to it (docs/fees.md "Settling a payment"), as one pure function,
 * so the webhook, a bank statement import and a test all settle a payment the same way. Notifications may come
 * twice (a provider retries), out of order (an expiry after the payment), or for a second checkout of the same
 * payment (two tabs): each case leaves one consistent state, and money received beyond what was due is kept
 * as a surplus to credit, never lost.
 */

export type PaymentStatus = 'open' | 'paid' | 'expired';

export interface PaymentLedger {
  status: PaymentStatus;
  /** What is due, VAT included, in cents. */
  dueCents: number;
  /** Everything received, in cents (a double payment makes it exceed `dueCents`). */
  receivedCents: number;
  /** The checkouts (provider references) that have been paid, in the order their money arrived. */
  paidRefs: string[];
  /** When the payment became paid (the provider's event time, ms since the epoch). */
  paidAtMs?: number;
  /** The notifications already applied, by the provider's event id: a second delivery changes nothing. */
  seenEventIds: string[];
}

export type LedgerEvent =
  | { eventId: string; kind: 'paid'; providerRef: string; amountCents: number; createdAtMs: number }
  | { eventId: string; kind: 'expired'; providerRef: string; createdAtMs: number };

export type LedgerOutcome =
  /** The payment is now paid: the step it was for may go on. */
  | 'settled'
  /** Money arrived but less than due: still open. */
  | 'partly_paid'
  /** Money arrived for a payment already paid (a second checkout, a second transfer): the surplus is to be credited. */
  | 'double_payment'
  /** The same event again: nothing changed. */
  | 'replay'
  /** The checkout lapsed unpaid: a new one may be opened. */
  | 'expired'
  /** Nothing to do: another paid checkout's notice again, or an expiry that came after the money. */
  | 'no_change';

/** How many event ids a ledger remembers: far more than a provider ever retries one payment's events. */
const REMEMBERED_EVENTS = 50;

export function openLedger(dueCents: number): PaymentLedger {
  if (!Number.isInteger(dueCents) || dueCents <= 0) throw new RangeError('What is due must be whole cents above 0.');
  return { status: 'open', dueCents, receivedCents: 0, paidRefs: [], seenEventIds: [] };
}

/** The surplus to credit: what was received beyond what was due. */
export function surplusCents(ledger: PaymentLedger): number {
  return Math.max(0, ledger.receivedCents - ledger.dueCents);
}

export function applyLedgerEvent(
  ledger: PaymentLedger,
  event: LedgerEvent,
): { ledger: PaymentLedger; outcome: LedgerOutcome } {
  if (ledger.seenEventIds.includes(event.eventId)) return { ledger, outcome: 'replay' };
  const seenEventIds = [...ledger.seenEventIds, event.eventId].slice(-REMEMBERED_EVENTS);

  if (event.kind === 'expired') {
    // Money outranks an expiry, whatever order they arrive in.
    if (ledger.status !== 'open') return { ledger: { ...ledger, seenEventIds }, outcome: 'no_change' };
    return { ledger: { ...ledger, status: 'expired', seenEventIds }, outcome: 'expired' };
  }

  if (!Number.isInteger(event.amountCents) || event.amountCents < 0) {
    throw new RangeError('A paid amount must be whole cents.');
  }
  // A checkout's money is counted once, even when the provider announces it by two events.
  if (ledger.paidRefs.includes(event.providerRef)) return { ledger: { ...ledger, seenEventIds }, outcome: 'no_change' };
  const next: PaymentLedger = {
    ...ledger,
    receivedCents: ledger.receivedCents + event.amountCents,
    paidRefs: [...ledger.paidRefs, event.providerRef],
    seenEventIds,
  };
  if (ledger.status === 'paid') return { ledger: next, outcome: 'double_payment' };
  if (next.receivedCents < next.dueCents) return { ledger: { ...next, status: 'open' }, outcome: 'partly_paid' };
  return { ledger: { ...next, status: 'paid', paidAtMs: event.createdAtMs }, outcome: 'settled' };
}
