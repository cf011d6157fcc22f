import { randomUUID } from 'node:crypto';
import { isFinal, type OutcomeFacts, type TestCheckoutView, refusal } from '@ratkaisu/core';
import type { ClientInfo } from '../../context/client-info.js';
import type { Deps } from '../../deps.js';
import { DomainError, NotFoundError } from '../../errors.js';
import type { PaymentProvider, TestPaymentProvider } from '../../ports/payments.js';
import type { PaymentDocument } from './payment-document.js';
import { receivePaymentNotification, type NotificationAnswer } from './receive-payment-notification.js';

/**
 * The built-in test provider's checkout page (docs/fees.md): `GET /api/payments/test/{id}` shows what is due,
 * `POST /api/payments/test/{id}/pay` is its "Pay" button. Paying has the provider sign a notification and sends
 * it down the webhook's own verified path, so the page settles nothing the webhook would not. There only while
 * the test provider is the configured one, and never in production.
 */
export async function getTestCheckout(deps: Deps, paymentId: string): Promise<TestCheckoutView> {
  testProviderOf(deps);
  const payment = await deps.store.collection<PaymentDocument>('payments').read(paymentId, paymentId);
  if (!payment) throw new NotFoundError();
  return {
    paymentId: payment.id,
    disputeId: payment.disputeId,
    purpose: payment.purpose,
    netCents: payment.netCents,
    vatCents: payment.vatCents,
    amountCents: payment.ledger.dueCents,
    status: payment.ledger.status,
    ...(payment.closed ? { closed: true as const } : {}),
  };
}

export async function payTestCheckout(deps: Deps, paymentId: string, client: ClientInfo): Promise<NotificationAnswer> {
  const provider = testProviderOf(deps);
  const payment = await deps.store.collection<PaymentDocument>('payments').read(paymentId, paymentId);
  if (!payment) throw new NotFoundError();
  // A final case takes no more payments: the steps they were for can no longer happen (docs/fees.md).
  // (What the award's fees order invoices beyond the advance is owed after the award, so it is taken.)
  if (
    payment.ledger.status !== 'paid' &&
    payment.purpose !== 'tribunalAdvanceShortfall' &&
    (await caseIsFinal(deps, payment.disputeId))
  ) {
    throw new DomainError('case_final', 409, refusal('cases.final'));
  }
  // Nor does a closed one (a lapsed tribunal request's): its checkout was expired.
  if (payment.ledger.status !== 'paid' && payment.closed) throw new PaymentClosedError();
  const notification = provider.signNotification({
    eventId: `evt_test_${randomUUID()}`,
    kind: 'paid',
    paymentId,
    amountCents: payment.ledger.dueCents,
    createdAtMs: deps.clock.now().getTime(),
  });
  return receivePaymentNotification(deps, 'test', notification.body, notification.signature, client);
}

/** Read as a bare record: the disputes domain imports this one, not the reverse. */
async function caseIsFinal(deps: Pick<Deps, 'store'>, disputeId: string): Promise<boolean> {
  const dispute = await deps.store
    .collection<OutcomeFacts & { id: string; pk: string }>('disputes')
    .read(disputeId, disputeId);
  return dispute !== undefined && isFinal(dispute);
}

export class PaymentClosedError extends DomainError {
  constructor() {
    super('payment_closed', 409, refusal('fees.paymentClosed'));
  }
}

function testProviderOf(deps: Deps): TestPaymentProvider {
  if (deps.config.environment === 'production' || !isTestProvider(deps.payments)) throw new NotFoundError();
  return deps.payments;
}

function isTestProvider(provider: PaymentProvider): provider is TestPaymentProvider {
  return provider.kind === 'test' && 'signNotification' in provider;
}
