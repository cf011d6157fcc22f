/**
 * The payment provider port (docs/fees.md "Paying"). Production: Stripe Checkout; local and tests: the built-in
 * test provider, which needs no keys. Both pass one contract suite (tests/contract/payments.contract.test.ts).
 *
 * A payment is settled only by the provider's verified notification, never by a browser coming back: the
 * provider answers a checkout page's address, and later a signed notification that `parseNotification`
 * verifies (signature and age) before anything is believed.
 */

export interface CheckoutRequest {
  /** Our payment's id: the provider keeps it with the checkout and names it in every notification. */
  paymentId: string;
  /** What is paid for, as the payer sees it on the checkout page. */
  description: string;
  /** The amount to pay, VAT included, in euro cents (a positive whole number). */
  amountCents: number;
  customerEmail?: string;
  /** Where the checkout page sends the payer after paying, and after giving up. */
  successUrl: string;
  cancelUrl: string;
  /**
   * A further checkout for the same payment, after the first was expired because the amount changed (another
   * party took the payment over, docs/fees.md "Paying the other party's share"): each attempt is one checkout.
   */
  attempt?: number;
}

export interface Checkout {
  /** The provider's id of the checkout (a Stripe Checkout Session id). */
  providerRef: string;
  /** The page the payer pays on. */
  checkoutUrl: string;
}

/** A verified notification, reduced to what a payment's state needs. */
export type PaymentNotification =
  | {
      /** The provider's event id: a notification seen before is a replay. */
      eventId: string;
      kind: 'paid';
      paymentId: string;
      providerRef: string;
      amountCents: number;
      /** When the provider created the event (ms since the epoch), to order notifications that arrive out of order. */
      createdAtMs: number;
    }
  | { eventId: string; kind: 'expired'; paymentId: string; providerRef: string; createdAtMs: number }
  /** A genuine notification of a kind no payment waits for (acknowledged, changes nothing). */
  | { eventId: string; kind: 'ignored'; createdAtMs: number };

export interface PaymentProvider {
  readonly kind: 'test' | 'stripe';
  /** Opens one checkout for one payment. Asked again for the same payment id, answers the same checkout. */
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * Closes a checkout so that it can no longer be paid (a lapsed tribunal request, a final case): `expired` when it
   * was open; `not_open` when it was paid, expired before or is not known. Asked again, `not_open`.
   */
  expireCheckout(providerRef: string): Promise<'expired' | 'not_open'>;
  /**
   * Verifies a notification's signature (over the exact bytes received) and age, and reads it. A forged,
   * altered or stale notification is a `PaymentNotificationRefused`; nothing in it is trusted before that.
   */
  parseNotification(rawBody: Buffer, signatureHeader: string | undefined): Promise<PaymentNotification>;
}

/** What the built-in test page's "Pay" button (or a test) has the test provider announce. */
export interface TestPaymentEvent {
  eventId: string;
  kind: 'paid' | 'expired';
  paymentId: string;
  amountCents: number;
  createdAtMs: number;
}

/** The built-in test provider: it also plays the provider's side, signing the notifications it then verifies. */
export interface TestPaymentProvider extends PaymentProvider {
  readonly kind: 'test';
  /**
   * A notification as the provider would send it: the JSON body and its signature header
   * (`t=<seconds>,v1=<HMAC-SHA256 of "t.body">`, Stripe's scheme), signed at `atSeconds` (now by default).
   */
  signNotification(event: TestPaymentEvent, atSeconds?: number): { body: Buffer; signature: string };
}

/** A notification whose signature does not verify, or that is older than the tolerance: never acted upon. */
export class PaymentNotificationRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentNotificationRefused';
  }
}

/** How old a notification may be (its signed timestamp) before it is refused as stale or replayed: Stripe's default. */
export const NOTIFICATION_TOLERANCE_SECONDS = 300;
