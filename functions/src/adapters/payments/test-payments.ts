import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  NOTIFICATION_TOLERANCE_SECONDS,
  PaymentNotificationRefused,
  type Checkout,
  type CheckoutRequest,
  type PaymentNotification,
  type TestPaymentEvent,
  type TestPaymentProvider,
} from '../../ports/payments.js';
import { StoreConflictError, type BaseDoc, type Store } from '../../ports/store.js';

export type { TestPaymentProvider };

export interface TestPaymentsOptions {
  /** The service's own address: the test checkout page is served there. */
  baseUrl: string;
  /** The key notifications are signed with; a random one per process when not given. */
  signingSecret?: string;
  /** The clock a notification's age is measured by (seconds since the epoch). */
  nowSeconds?: () => number;
  /**
   * Where the provider keeps which checkouts it opened and expired, so a restarted process (or another instance
   * of the app) still expires a checkout an earlier one opened: the `fees` collection, partition `test-checkout`.
   */
  store: Pick<Store, 'collection'>;
}

/** One checkout of the test provider, by its reference: open until expired. */
interface TestCheckoutDocument extends BaseDoc {
  state: 'open' | 'expired';
  openedAt: string;
  expiredAt?: string;
}

const CHECKOUT_PARTITION = 'test-checkout';

/**
 * The built-in provider of the embedded default (docs/fees.md): no keys, no network. Its checkout page is the
 * service's own test page; its notifications are signed like Stripe's with a secret only this process knows, so
 * they take the same verified path as a real provider's and a forged or stale one is refused the same way.
 */
export function createTestPayments(options: TestPaymentsOptions): TestPaymentProvider {
  const secret = options.signingSecret ?? randomBytes(32).toString('hex');
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  const sign = (timestamp: number, body: Buffer) =>
    createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');

  // The checkouts opened and expired, kept in the store (the page itself also refuses a closed payment,
  // test-checkout.ts). Each change is conditional, so two instances expiring one checkout answer `expired` once.
  const checkouts = options.store.collection<TestCheckoutDocument>('fees');

  return {
    kind: 'test',
    async expireCheckout(providerRef: string): Promise<'expired' | 'not_open'> {
      const checkout = await checkouts.read(CHECKOUT_PARTITION, providerRef);
      if (!checkout || checkout.state !== 'open') return 'not_open';
      const { _etag, ...stored } = checkout;
      try {
        await checkouts.replace(
          { ...stored, state: 'expired', expiredAt: new Date(nowSeconds() * 1000).toISOString() },
          { ifMatch: _etag },
        );
      } catch (error) {
        // Another instance expired it first.
        if (error instanceof StoreConflictError) return 'not_open';
        throw error;
      }
      return 'expired';
    },

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
        throw new RangeError(`A checkout needs a positive whole number of cents; got ${request.amountCents}.`);
      }
      // One page per payment: asked again, the same page.
      const providerRef = `test_${request.paymentId}${request.attempt ? `_${request.attempt}` : ''}`;
      // Asked again, the same checkout: an expired one stays expired.
      await checkouts
        .create({
          id: providerRef,
          pk: CHECKOUT_PARTITION,
          state: 'open',
          openedAt: new Date(nowSeconds() * 1000).toISOString(),
        })
        .catch((error: unknown) => {
          if (!(error instanceof StoreConflictError)) throw error;
        });
      const checkoutUrl = new URL(`/payments/test/${encodeURIComponent(request.paymentId)}`, options.baseUrl);
      return { providerRef, checkoutUrl: checkoutUrl.toString() };
    },

    signNotification(event: TestPaymentEvent, atSeconds = nowSeconds()) {
      const body = Buffer.from(
        JSON.stringify({
          id: event.eventId,
          type: event.kind,
          created: event.createdAtMs,
          paymentId: event.paymentId,
          providerRef: `test_${event.paymentId}`,
          amountCents: event.amountCents,
        }),
      );
      return { body, signature: `t=${atSeconds},v1=${sign(atSeconds, body)}` };
    },

    async parseNotification(rawBody: Buffer, signatureHeader: string | undefined): Promise<PaymentNotification> {
      const parts = new Map(
        (signatureHeader ?? '').split(',').map((part) => {
          const at = part.indexOf('=');
          return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
        }),
      );
      const timestamp = Number(parts.get('t'));
      const given = parts.get('v1') ?? '';
      if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) {
        throw new PaymentNotificationRefused('The notification has no valid signature header.');
      }
      const expected = Buffer.from(sign(timestamp, rawBody), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) {
        throw new PaymentNotificationRefused('The notification signature does not match its body.');
      }
      if (Math.abs(nowSeconds() - timestamp) > NOTIFICATION_TOLERANCE_SECONDS) {
        throw new PaymentNotificationRefused('The notification is too old (its timestamp is outside the tolerance).');
      }
      const event = JSON.parse(rawBody.toString('utf8')) as {
        id: string;
        type: string;
        created: number;
        paymentId: string;
        providerRef: string;
        amountCents: number;
      };
      if (event.type === 'paid') {
        return {
          eventId: event.id,
          kind: 'paid',
          paymentId: event.paymentId,
          providerRef: event.providerRef,
          amountCents: event.amountCents,
          createdAtMs: event.created,
        };
      }
      if (event.type === 'expired') {
        return {
          eventId: event.id,
          kind: 'expired',
          paymentId: event.paymentId,
          providerRef: event.providerRef,
          createdAtMs: event.created,
        };
      }
      return { eventId: event.id, kind: 'ignored', createdAtMs: event.created };
    },
  };
}
