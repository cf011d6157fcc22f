import type { Deps } from '../../deps.js';
import { changeRecord } from '../../records/change-record.js';
import { advanceClaimAfterPayment, inviteAfterPayment } from '../disputes/advance-after-payment.js';
import { startDecisionAfterPayment } from '../decisions/start-decision-after-payment.js';
import { durableStep } from '../outbox/durable-step.js';
import type { PaidStep, PaymentDocument } from '../payments/payment-document.js';

/**
 * Does what a settled payment lets happen (docs/fees.md "Due points"), step by step: the settling write put
 * the steps on the payment (`stepsLeft`), and each is taken off by a conditional write once done, so a crash
 * leaves the rest for the sweep (sweep-paid-steps.ts) and no step is done twice. Each step is itself safe to
 * run again (it looks at the case before it changes it). Run by the request whose notification settled the
 * payment, and by the sweep for what a crash left.
 */
export async function finishPaidSteps(deps: Deps, paymentId: string): Promise<void> {
  const payments = deps.store.collection<PaymentDocument>('payments');
  for (;;) {
    const payment = await payments.read(paymentId, paymentId);
    const step = payment?.stepsLeft?.[0];
    if (!payment || !step) return;
    await runStep(deps, step, payment);
    durableStep(deps, `payment.${step}`);
    await changeRecord(payments, { pk: paymentId, id: paymentId }, (current) => {
      if (current.stepsLeft?.[0] !== step) return undefined;
      const { stepsLeft, ...rest } = current;
      const left = stepsLeft.slice(1);
      return { ...rest, ...(left.length ? { stepsLeft: left } : {}), updatedAt: deps.clock.now().toISOString() };
    });
  }
}

async function runStep(deps: Deps, step: PaidStep, payment: PaymentDocument): Promise<void> {
  switch (step) {
    case 'advanceClaim':
      await advanceClaimAfterPayment(deps, payment);
      return;
    case 'inviteRespondent':
      await inviteAfterPayment(deps, payment);
      return;
    case 'startDecision':
      await startDecisionAfterPayment(deps, payment);
      return;
  }
}

/**
 * `finishPaidSteps` for a request that settled the payment (a webhook, a bank statement's entry, an administrator's
 * marking): a failure is logged and left to the sweep, and never fails the request that brought the money.
 */
export async function finishPaidStepsNow(deps: Deps, paymentId: string): Promise<void> {
  await finishPaidSteps(deps, paymentId).catch((error: unknown) =>
    deps.log.error('A paid payment’s steps failed; the sweep finishes them', { paymentId, error }),
  );
}
