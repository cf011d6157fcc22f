import { surplusCents, type LedgerOutcome, refusal } from '@ratkaisu/core';
import type { ClientInfo } from '../../context/client-info.js';
import type { Deps } from '../../deps.js';
import { DomainError, NotFoundError } from '../../errors.js';
import { PaymentNotificationRefused } from '../../ports/payments.js';
import { recordAudit } from '../audit/record-audit.js';
import { applyPaymentEvent } from './apply-payment-event.js';
import type { PaymentDocument } from './payment-document.js';

export type NotificationAnswer =
  | { outcome: LedgerOutcome; paymentId: string; status: PaymentDocument['ledger']['status']; surplusCents: number }
  | { outcome: 'ignored' | 'unknown_payment' };

/** A refused notification: 400 with a catalogued code, so the provider's dashboard shows it failed. */
export class PaymentNotificationRefusedError extends DomainError {
  constructor() {
    super('payment_notification_refused', 400, refusal('fees.notificationRefused'));
  }
}

/**
 * `POST /api/payments/{provider}/webhook`: the provider's notification, verified over the exact bytes received
 * (signature and age) before anything in it is believed, then applied to its payment's ledger by a conditional
 * write. A replay changes nothing; an expiry never undoes money; money for an already paid payment is a double
 * payment kept as surplus. Every settlement and every refusal is audited. A notification for a payment this
 * service does not know is acknowledged (so the provider stops retrying) and logged.
 */
export async function receivePaymentNotification(
  deps: Pick<Deps, 'store' | 'clock' | 'log' | 'payments'>,
  provider: string,
  rawBody: Buffer,
  signature: string | undefined,
  client: ClientInfo,
): Promise<NotificationAnswer> {
  if (provider !== deps.payments.kind) throw new NotFoundError();
  let notification;
  try {
    notification = await deps.payments.parseNotification(rawBody, signature);
  } catch (error) {
    if (!(error instanceof PaymentNotificationRefused)) throw error;
    deps.log.warn('payment notification refused', { provider, reason: error.message, ipAddress: client.ipAddress });
    await recordAudit(deps, {
      action: 'RefusePaymentNotification',
      entityType: 'Payment',
      success: false,
      ipAddress: client.ipAddress,
      errorMessage: error.message,
    });
    throw new PaymentNotificationRefusedError();
  }
  if (notification.kind === 'ignored') return { outcome: 'ignored' };

  const applied = await applyPaymentEvent(deps, notification.paymentId, notification, {
    via: provider,
    ipAddress: client.ipAddress,
  });
  if (applied.outcome === 'unknown_payment') {
    deps.log.warn('payment notification for an unknown payment', { provider, paymentId: notification.paymentId });
    return { outcome: 'unknown_payment' };
  }
  const { outcome, payment } = applied;
  return {
    outcome,
    paymentId: payment.id,
    status: payment.ledger.status,
    surplusCents: surplusCents(payment.ledger),
  };
}
