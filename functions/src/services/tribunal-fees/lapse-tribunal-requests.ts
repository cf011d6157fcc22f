import { isFinal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import { recordAudit } from '../audit/record-audit.js';
import { changeDispute } from '../disputes/change-dispute.js';
import { withConstitution } from '../disputes/constitution-record.js';
import type { DisputeDocument, Side } from '../disputes/dispute-document.js';
import { issuePaymentRecords } from '../invoicing/issue-payment-records.js';
import { casePath } from '../notices/notice-paths.js';
import { notify } from '../notices/notify.js';
import { duePaymentId } from '../payments/due-payment.js';
import type { PaymentCredit, PaymentDocument } from '../payments/payment-document.js';
import { tribunalRound } from './tribunal-fee-points.js';

/** How long before a tribunal fee's pay-by date both parties are reminded (docs/fees.md "Lapse"). */
export const TRIBUNAL_FEE_REMINDER_DAYS = 3;

const TRIBUNAL_PURPOSES = ['tribunalAdministrativeFee', 'tribunalAdvanceShare'] as const;
type Unpaid = 'administrativeFee' | Side;

/**
 * The timer (timers.ts) of the tribunal's fees: an unpaid fee of a tribunal request whose pay-by date is near is
 * reminded to both parties once; one whose pay-by date has passed lapses the request (docs/fees.md "Lapse"): the
 * case goes back to where it was before the request (no tribunal record, no pending size request), the fees paid
 * toward it are credited with credit notes, the open checkouts are expired, and both parties are told. Every step
 * is a conditional write or keyed, so two sweeps at once, or a sweep after a crash, do each thing once.
 */
export async function lapseTribunalRequests(
  deps: Deps,
  signal?: AbortSignal,
): Promise<{ reminded: number; lapsed: number }> {
  const now = deps.clock.now();
  const remindBefore = new Date(now.getTime() + TRIBUNAL_FEE_REMINDER_DAYS * 86_400_000).toISOString();
  const page = await deps.store.collection<PaymentDocument>('payments').query({
    where: [
      { field: 'purpose', op: 'in', value: [...TRIBUNAL_PURPOSES] },
      { field: 'ledger.status', op: '=', value: 'open' },
      { field: 'dueBy', op: '<=', value: remindBefore },
    ],
    limit: 200,
  });
  const cases = new Map<string, PaymentDocument[]>();
  for (const payment of page.items) {
    if (payment.closed) continue;
    const key = `${payment.disputeId}|${payment.tribunalRound ?? 0}`;
    cases.set(key, [...(cases.get(key) ?? []), payment]);
  }
  const outcome = { reminded: 0, lapsed: 0 };
  for (const open of cases.values()) {
    signal?.throwIfAborted();
    const first = open[0]!;
    try {
      if (open.some((payment) => new Date(payment.dueBy!) <= now)) {
        if (await lapseRequest(deps, first.disputeId, first.tribunalRound ?? 0)) outcome.lapsed++;
      } else if (await remind(deps, open)) outcome.reminded++;
    } catch (error) {
      deps.log.error('Lapsing or reminding a tribunal request failed; the next sweep tries again', {
        disputeId: first.disputeId,
        error,
      });
    }
  }
  return outcome;
}

/** Every tribunal fee payment of one request (round) of a case, by their ids. */
async function roundPayments(deps: Pick<Deps, 'store'>, disputeId: string, round: number) {
  const payments = deps.store.collection<PaymentDocument>('payments');
  const ids = [
    duePaymentId({ disputeId, purpose: 'tribunalAdministrativeFee', payerSide: 'claimant', tribunalRound: round }),
    duePaymentId({ disputeId, purpose: 'tribunalAdvanceShare', payerSide: 'claimant', tribunalRound: round }),
    duePaymentId({ disputeId, purpose: 'tribunalAdvanceShare', payerSide: 'respondent', tribunalRound: round }),
  ];
  const found = await Promise.all(ids.map((id) => payments.read(id, id)));
  return found.filter((payment): payment is Stored<PaymentDocument> => payment !== undefined);
}

function unpaidOf(payments: PaymentDocument[]): Unpaid[] {
  return payments
    .filter((payment) => payment.ledger.status !== 'paid')
    .map((payment) => (payment.purpose === 'tribunalAdministrativeFee' ? 'administrativeFee' : payment.payerSide!));
}

async function remind(deps: Deps, open: PaymentDocument[]): Promise<boolean> {
  const payments = deps.store.collection<PaymentDocument>('payments');
  const fresh: PaymentDocument[] = [];
  for (const payment of open) {
    if (payment.remindedAt) continue;
    const written = await changeRecord(payments, { pk: payment.id, id: payment.id }, (current) =>
      current.remindedAt || current.closed || current.ledger.status !== 'open'
        ? undefined
        : { ...current, remindedAt: deps.clock.now().toISOString() },
    );
    if (written.outcome === 'written') fresh.push(written.record);
  }
  if (fresh.length === 0) return false;
  const dispute = await readCase(deps, fresh[0]!.disputeId);
  if (!dispute || isFinal(dispute)) return false;
  const dueBy = fresh.map((payment) => payment.dueBy!).sort()[0]!;
  await tellParties(
    deps,
    dispute,
    { kind: 'reminder', dueBy, unpaid: unpaidOf(fresh) },
    `tribunal-fee-reminder:${fresh.map((p) => p.id).join('+')}`,
  );
  await recordAudit(deps, {
    action: 'RemindTribunalFees',
    entityType: 'Dispute',
    entityId: dispute.id,
    tenantId: dispute.tenantId,
    success: true,
    details: `reminded of ${unpaidOf(fresh).join(', ')} due by ${dueBy}`,
  });
  return true;
}

/**
 * Lapses round `round`'s request of a case: the dispute write (once, conditional on the request still being that
 * round's and unconstituted), then each payment closed — the paid ones first, credited — and both parties told.
 * A sweep after a crash finds the lapse recorded and finishes the rest.
 */
async function lapseRequest(deps: Deps, disputeId: string, round: number): Promise<boolean> {
  const dispute = await readCase(deps, disputeId);
  if (!dispute) return false;
  const now = deps.clock.now().toISOString();
  let lapsedNow = false;
  let current: DisputeDocument = dispute;
  if (tribunalRound(dispute) === round) {
    // A final case changes no more (its open payments are closed by close-final-case-payments.ts); a constituted
    // tribunal was paid for.
    if (isFinal(dispute) || !dispute.tribunal || dispute.tribunal.status === 'Constituted') return false;
    current = await changeDispute(
      deps,
      disputeId,
      (latest) => {
        lapsedNow = false;
        if (isFinal(latest) || tribunalRound(latest) !== round || !latest.tribunal) return undefined;
        if (latest.tribunal.status === 'Constituted') return undefined;
        lapsedNow = true;
        const { tribunal, tribunalMemberIds: _members, ...rest } = latest;
        const withoutSize = withConstitution(rest, (record) => {
          const { sizeRequest: _size, ...constitution } = record;
          return constitution;
        });
        return {
          ...withoutSize,
          lapsedTribunalRequests: [
            ...(latest.lapsedTribunalRequests ?? []),
            {
              requestedAt: tribunal.requestedAt,
              requestedBySide: tribunal.requestedBySide,
              size: tribunal.size,
              lapsedAt: now,
            },
          ],
        };
      },
      dispute,
    );
    if (!lapsedNow) return false;
  } else if (tribunalRound(dispute) < round) return false;

  const payments = await roundPayments(deps, disputeId, round);
  const unpaid = unpaidOf(payments);
  // Paid ones first: a crash then leaves an open one for the next sweep to find.
  const ordered = [...payments].sort((a, b) => Number(a.ledger.status !== 'paid') - Number(b.ledger.status !== 'paid'));
  let credited = false;
  for (const payment of ordered) credited = (await closeLapsed(deps, payment.id)) || credited;
  await tellParties(deps, current, { kind: 'lapsed', unpaid, credited }, `tribunal-lapse:${disputeId}:${round}`);
  if (lapsedNow) {
    await recordAudit(deps, {
      action: 'LapseTribunalRequest',
      entityType: 'Dispute',
      entityId: disputeId,
      tenantId: dispute.tenantId,
      success: true,
      details: `the tribunal request lapsed: ${unpaid.join(', ')} unpaid by the pay-by date${credited ? '; paid fees credited' : ''}`,
    });
  }
  return lapsedNow;
}

/** Closes one payment of a lapsed request: an open one's checkout expired; a paid one credited in full. */
async function closeLapsed(deps: Deps, paymentId: string): Promise<boolean> {
  const payments = deps.store.collection<PaymentDocument>('payments');
  const written = await changeRecord(payments, { pk: paymentId, id: paymentId }, (current) => {
    const creditedCents = (current.credits ?? []).reduce((sum, credit) => sum + credit.grossCents, 0);
    const left = current.ledger.receivedCents - creditedCents;
    const hasLapseCredit = (current.credits ?? []).some((credit) => credit.kind === 'tribunalLapse');
    if (current.closed && (hasLapseCredit || left <= 0)) return undefined;
    const credit: PaymentCredit | undefined =
      left > 0 && !hasLapseCredit
        ? { key: 'tribunal-lapse', kind: 'tribunalLapse', grossCents: left, reason: 'tribunal request lapsed' }
        : undefined;
    return {
      ...current,
      closed: current.closed ?? { at: deps.clock.now().toISOString(), reason: 'tribunalLapsed' as const },
      ...(credit ? { credits: [...(current.credits ?? []), credit], documentsPending: true as const } : {}),
      updatedAt: deps.clock.now().toISOString(),
    };
  });
  if (written.outcome === 'missing') return false;
  const payment = written.record;
  if (payment.ledger.status === 'open' && payment.providerRef) {
    await deps.payments.expireCheckout(payment.providerRef).catch((error: unknown) => {
      deps.log.warn('Expiring the checkout of a lapsed tribunal fee failed', { paymentId, error });
    });
  }
  if (payment.documentsPending) await issuePaymentRecords(deps, paymentId);
  return (payment.credits ?? []).some((credit) => credit.kind === 'tribunalLapse');
}

async function tellParties(
  deps: Deps,
  dispute: DisputeDocument,
  params: Parameters<typeof notify<'tribunalFees'>>[1]['params'],
  key: string,
): Promise<void> {
  await notify(deps, {
    event: 'tribunalFees',
    params,
    caseName: dispute.name,
    ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
    disputeId: dispute.id,
    tenantId: dispute.tenantId,
    path: casePath(dispute.id),
    key,
    recipients: [dispute.claimant.email, dispute.respondent.email].map((email) => ({ email })),
  });
}

function readCase(deps: Pick<Deps, 'store'>, disputeId: string) {
  return deps.store.collection<DisputeDocument>('disputes').read(disputeId, disputeId);
}
