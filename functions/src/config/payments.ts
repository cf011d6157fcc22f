import { optionalText, type Settings } from './setting-parsers.js';

export const paymentSettings = {
  // Card payments (docs/fees.md): Stripe Checkout when a secret key is set; unset, the built-in test provider.
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
};

/** Who takes card payments: the built-in test provider (no keys), or Stripe Checkout. */
export type PaymentsConfig = { kind: 'test' } | { kind: 'stripe'; secretKey: string; webhookSecret: string };

export function readPayments(e: Settings<typeof paymentSettings>, problems: string[]): PaymentsConfig {
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    problems.push(
      "STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (the webhook endpoint's signing secret)",
    );
  }
  return e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
    ? { kind: 'stripe', secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
    : { kind: 'test' };
}
