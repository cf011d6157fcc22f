import Stripe from 'stripe';
import {
  NOTIFICATION_TOLERANCE_SECONDS,
  PaymentNotificationRefused,
  type Checkout,
  type CheckoutRequest,
  type PaymentNotification,
  type PaymentProvider,
} from '../../ports/payments.js';

export interface StripePaymentsOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where the Stripe API is: api.stripe.com by default; the contract tests point it at a loopback fake. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** The clock a notification's age is measured by (seconds since the epoch). */
  nowSeconds?: () => number;
}

/**
 * Stripe Checkout through the official SDK: one Checkout Session per payment (the payment id as idempotency key,
 * client reference and metadata), and webhook events verified by the SDK against the endpoint's signing secret.
 */
export function createStripePayments(options: StripePaymentsOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...(options.api ?? {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
  return {
    kind: 'stripe',
    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      assertAmount(request.amountCents);
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.paymentId,
          metadata: { paymentId: request.paymentId },
          payment_intent_data: { metadata: { paymentId: request.paymentId } },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'eur',
                unit_amount: request.amountCents,
                product_data: { name: request.description },
              },
            },
          ],
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        // The same payment asked twice (two tabs, a retry) gets the one session Stripe made first.
        { idempotencyKey: `checkout-${request.paymentId}${request.attempt ? `-${request.attempt}` : ''}` },
      );
      if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL.`);
      return { providerRef: session.id, checkoutUrl: session.url };
    },

    async expireCheckout(providerRef: string): Promise<'expired' | 'not_open'> {
      try {
        await stripe.checkout.sessions.expire(providerRef);
        return 'expired';
      } catch (error) {
        // Stripe expires open sessions only: a complete or expired one (400), or an unknown one (404), is not open.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return 'not_open';
        throw error;
      }
    },

    async parseNotification(rawBody: Buffer, signatureHeader: string | undefined): Promise<PaymentNotification> {
      if (!signatureHeader) throw new PaymentNotificationRefused('The notification has no Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          rawBody,
          signatureHeader,
          options.webhookSecret,
          NOTIFICATION_TOLERANCE_SECONDS,
          undefined,
          // The SDK measures age from a receipt time in milliseconds.
          options.nowSeconds ? options.nowSeconds() * 1000 : undefined,
        );
      } catch (error) {
        throw new PaymentNotificationRefused(
          error instanceof Error ? error.message : 'The notification does not verify.',
        );
      }
      const createdAtMs = event.created * 1000;
      if (
        event.type === 'checkout.session.completed' ||
        event.type === 'checkout.session.async_payment_succeeded' ||
        event.type === 'checkout.session.expired'
      ) {
        const session = event.data.object;
        const paymentId = session.metadata?.paymentId ?? session.client_reference_id;
        if (!paymentId) return { eventId: event.id, kind: 'ignored', createdAtMs };
        if (event.type === 'checkout.session.expired') {
          return { eventId: event.id, kind: 'expired', paymentId, providerRef: session.id, createdAtMs };
        }
        // A completed session of a delayed method (a bank debit) is not paid yet; its async_payment_succeeded is.
        if (session.payment_status !== 'paid') return { eventId: event.id, kind: 'ignored', createdAtMs };
        return {
          eventId: event.id,
          kind: 'paid',
          paymentId,
          providerRef: session.id,
          amountCents: session.amount_total ?? 0,
          createdAtMs,
        };
      }
      return { eventId: event.id, kind: 'ignored', createdAtMs };
    },
  };
}

function assertAmount(amountCents: number): void {
  if (!Number.isInteger(amountCents) || amountCents <= 0) {
    throw new RangeError(`A checkout needs a positive whole number of cents; got ${amountCents}.`);
  }
}
