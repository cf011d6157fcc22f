import { isFinal } from '@ratkaisu/core';
import type { Caller } from '../../context/caller.js';
import type { Deps } from '../../deps.js';
import { DomainError } from '../../errors.js';
import type { UserDocument } from '../../records/user-document.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import type { PaymentDocument } from '../payments/payment-document.js';
import { requestDecisionGeneration } from './request-decision-generation.js';

/**
 * The AI decision a paid AI-decision fee was for, started once the payment settles (docs/fees.md "Due
 * points"), as the party that asked last, with its settings. Safe to run again: a decision generating, or one
 * started since the payment settled, means it already happened. A case that moved on meanwhile (final, a
 * tribunal requested) refuses it as it would refuse the party; that is logged and the step is done.
 */
export async function startDecisionAfterPayment(deps: Deps, payment: PaymentDocument): Promise<void> {
  const request = payment.decisionRequest;
  if (!request) return;
  const dispute = await deps.store.collection<DisputeDocument>('disputes').read(payment.disputeId, payment.disputeId);
  const resolution = dispute?.phases.find((phase) => phase.type === 'Resolution');
  if (!dispute || !resolution || isFinal(dispute)) return;
  const since = payment.settledAt ?? payment.updatedAt;
  const started = resolution.attachments.some(
    (file) => file.status === 'Generating' || (file.decisionKind === 'aiDecision' && file.dateCreated >= since),
  );
  if (started) return;
  const user = await deps.store.collection<UserDocument>('users').read(request.userId, request.userId);
  if (!user) return;
  const caller: Caller = {
    userId: user.id,
    sessionId: `payment:${payment.id}`,
    tenantId: user.tenantId,
    email: user.email,
    roles: user.roles,
  };
  try {
    await requestDecisionGeneration(
      deps,
      caller,
      { disputeId: dispute.id, settings: request.settings },
      { ipAddress: 'payment', device: `paid AI-decision fee ${payment.id}` },
    );
  } catch (error) {
    if (!(error instanceof DomainError) || error.status >= 500) throw error;
    deps.log.info('A paid AI-decision fee found the case refusing the decision', {
      disputeId: dispute.id,
      paymentId: payment.id,
      code: error.code,
    });
  }
}
