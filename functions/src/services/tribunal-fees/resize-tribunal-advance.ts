import { customerOfPayer, feeLine, FINNISH_GENERAL_VAT_BASIS_POINTS, isFinal, quoteFees } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { changeRecord } from '../../records/change-record.js';
import { recordAudit } from '../audit/record-audit.js';
import { changeDispute } from '../disputes/change-dispute.js';
import { constitutionOf, withConstitution } from '../disputes/constitution-record.js';
import type { DisputeDocument, Side } from '../disputes/dispute-document.js';
import { effectiveFeeSchedule } from '../fees/effective-fee-schedule.js';
import { issuePaymentRecords } from '../invoicing/issue-payment-records.js';
import { casePath } from '../notices/notice-paths.js';
import { notify } from '../notices/notify.js';
import { duePaymentFor, duePaymentId } from '../payments/due-payment.js';
import type { PaymentCredit, PaymentDocument } from '../payments/payment-document.js';
import { tribunalFeePoint, tribunalRound } from './tribunal-fee-points.js';

/** A case whose request for three arbitrators ended in a sole arbitrator: refused, or not answered in time. */
const SETTLED_FOR_ONE = ['Refused', 'Lapsed'] as const;

/**
 * The advance of a tribunal request priced for three arbitrators when the tribunal ends up a sole arbitrator
 * (docs/fees.md "A sole arbitrator after all"): each share of the advance is brought to the sole arbitrator's —
 * an unpaid one re-priced (its old checkout expired, a new one opened), a paid one credited the difference by a
 * credit note to its payer. Then both parties are told and it is audited, once, and the size request is marked
 * done (`advanceResizedAt`). Each share's change is a conditional write that looks at the share first, the mail is
 * keyed and the mark comes last, so the handler that settled the size and the sweep (timers.ts) may both run it,
 * and a run after a crash finishes what is left without doing anything twice.
 */
export async function resizeTribunalAdvance(deps: Deps, disputeId: string): Promise<'resized' | 'unchanged'> {
  const dispute = await deps.store.collection<DisputeDocument>('disputes').read(disputeId, disputeId);
  if (!dispute) return 'unchanged';
  const request = constitutionOf(dispute).sizeRequest;
  if (!request || !(SETTLED_FOR_ONE as readonly string[]).includes(request.status) || request.advanceResizedAt) {
    return 'unchanged';
  }
  const effective = await effectiveFeeSchedule(deps, dispute.tenantId);
  const round = tribunalRound(dispute);
  const changed: Side[] = [];
  // A final case's payments are closed (close-final-case-payments.ts); without fees or a tribunal there is no advance.
  if (effective.schedule && dispute.tribunal?.size === 1 && !isFinal(dispute) && dispute.amountInDisputeCents) {
    const sole = quoteFees(effective.schedule, effective.revision, {
      amountInDisputeCents: dispute.amountInDisputeCents,
      tribunalSize: 1,
    }).tribunal.advanceShares;
    for (const side of ['claimant', 'respondent'] as const) {
      if (await resizeShare(deps, dispute, side, round, sole[side].netCents)) changed.push(side);
    }
  }
  const shares = await Promise.all(
    (['claimant', 'respondent'] as const).map((side) => readShare(deps, disputeId, side, round)),
  );
  const resized = shares.filter((share) => share?.resized);
  if (resized.length > 0) {
    await notify(deps, {
      event: 'tribunalFees',
      params: {
        kind: 'advanceResized',
        credited: resized.some((share) => share!.resized!.creditedCents > 0),
      },
      caseName: dispute.name,
      ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
      disputeId: dispute.id,
      tenantId: dispute.tenantId,
      path: casePath(dispute.id),
      key: `tribunal-advance-resized:${dispute.id}:${round}`,
      recipients: [dispute.claimant.email, dispute.respondent.email].map((email) => ({ email })),
    });
  }
  let markedNow = false;
  await changeDispute(
    deps,
    disputeId,
    (current) => {
      markedNow = false;
      const pending = constitutionOf(current).sizeRequest;
      if (!pending || pending.advanceResizedAt || tribunalRound(current) !== round) return undefined;
      markedNow = true;
      return withConstitution(current, (record) => ({
        ...record,
        sizeRequest: { ...record.sizeRequest!, advanceResizedAt: deps.clock.now().toISOString() },
      }));
    },
    dispute,
  );
  if (markedNow && resized.length > 0) {
    await recordAudit(deps, {
      action: 'ResizeTribunalAdvance',
      entityType: 'Dispute',
      entityId: disputeId,
      tenantId: dispute.tenantId,
      success: true,
      details: `a sole arbitrator: ${resized
        .map(
          (share) =>
            `the ${share!.payerSide}'s share ${share!.resized!.fromNetCents} → ${share!.resized!.toNetCents} cents net${
              share!.resized!.creditedCents ? `, ${share!.resized!.creditedCents} cents credited` : ''
            }`,
        )
        .join('; ')}`,
    });
  }
  return changed.length > 0 ? 'resized' : 'unchanged';
}

/** For the request that settled the size: resizes now; a failure is logged and left to the sweep. */
export async function resizeTribunalAdvanceNow(deps: Deps, disputeId: string): Promise<void> {
  await resizeTribunalAdvance(deps, disputeId).catch((error: unknown) =>
    deps.log.error('Resizing a tribunal advance failed; the sweep finishes it', { disputeId, error }),
  );
}

/** The sweep (timers.ts): every case whose size request ended in a sole arbitrator and whose advance is not yet resized. */
export async function resizeTribunalAdvances(deps: Deps, signal?: AbortSignal): Promise<{ resized: number }> {
  const page = await deps.store.collection<DisputeDocument>('disputes').query({
    where: [
      { field: 'constitution.sizeRequest.status', op: 'in', value: [...SETTLED_FOR_ONE] },
      { field: 'constitution.sizeRequest.advanceResizedAt', op: 'exists', value: false },
    ],
    limit: 200,
  });
  let resized = 0;
  for (const dispute of page.items) {
    signal?.throwIfAborted();
    try {
      if ((await resizeTribunalAdvance(deps, dispute.id)) === 'resized') resized++;
    } catch (error) {
      deps.log.error('Resizing a tribunal advance failed; the next sweep tries again', {
        disputeId: dispute.id,
        error,
      });
    }
  }
  return { resized };
}

function readShare(deps: Pick<Deps, 'store'>, disputeId: string, side: Side, round: number) {
  const id = duePaymentId({ disputeId, purpose: 'tribunalAdvanceShare', payerSide: side, tribunalRound: round });
  return deps.store.collection<PaymentDocument>('payments').read(id, id);
}

/**
 * One share brought to the sole arbitrator's net: unpaid and untouched, re-priced at its payer's VAT; paid, the
 * difference credited (a credit of kind `tribunalResize`, its VAT reversed at the payment's rate). A share already
 * at or below it, closed, or resized before is left alone. Answers whether this call changed it.
 */
async function resizeShare(
  deps: Deps,
  dispute: DisputeDocument,
  side: Side,
  round: number,
  soleNetCents: number,
): Promise<boolean> {
  const share = await readShare(deps, dispute.id, side, round);
  if (!share) return false;
  let expiredRef: string | undefined;
  let changed = false;
  const written = await changeRecord(
    deps.store.collection<PaymentDocument>('payments'),
    { pk: share.id, id: share.id },
    (current) => {
      expiredRef = undefined;
      changed = false;
      if (current.resized || current.closed) return undefined;
      const fromNetCents = current.promoCode?.netBeforeCents ?? current.netCents;
      if (fromNetCents <= soleNetCents) return undefined;
      // A promo code keeps its share of the price: the same proportion off the new net.
      const toNetCents = current.promoCode
        ? Math.round((soleNetCents * current.netCents) / fromNetCents)
        : soleNetCents;
      const rate = current.vatRateBasisPoints ?? FINNISH_GENERAL_VAT_BASIS_POINTS;
      const line = feeLine(toNetCents, rate, customerOfPayer(current.buyer));
      const now = deps.clock.now().toISOString();
      changed = true;
      if (current.ledger.status === 'paid') {
        const creditedCents = Math.max(0, current.ledger.dueCents - line.grossCents);
        const credit: PaymentCredit = {
          key: 'tribunal-resize',
          kind: 'tribunalResize',
          grossCents: creditedCents,
          reason: 'a sole arbitrator instead of three',
        };
        return {
          ...current,
          resized: { at: now, fromNetCents: current.netCents, toNetCents, creditedCents },
          ...(creditedCents > 0
            ? { credits: [...(current.credits ?? []), credit], documentsPending: true as const }
            : {}),
          updatedAt: now,
        };
      }
      // Unpaid: what is due becomes the sole arbitrator's share. Money already received stays counted; if it now
      // covers the share, the next notification or the bank settles the rest as usual.
      if (current.providerRef) expiredRef = current.providerRef;
      const { checkoutUrl: _url, providerRef: _ref, ...rest } = current;
      return {
        ...(current.providerRef ? rest : current),
        netCents: toNetCents,
        vatCents: line.vatCents,
        ...(current.promoCode
          ? {
              promoCode: {
                ...current.promoCode,
                netBeforeCents: soleNetCents,
                discountCents: soleNetCents - toNetCents,
              },
            }
          : {}),
        ledger: { ...current.ledger, dueCents: line.grossCents },
        resized: { at: now, fromNetCents: current.netCents, toNetCents, creditedCents: 0 },
        ...(current.providerRef ? { checkoutAttempt: (current.checkoutAttempt ?? 1) + 1 } : {}),
        updatedAt: now,
      };
    },
  );
  if (written.outcome === 'missing' || !changed) return false;
  const payment = written.record;
  if (expiredRef) {
    // The old checkout asked for three arbitrators' share: closed, so only the new one can be paid.
    await deps.payments.expireCheckout(expiredRef).catch((error: unknown) => {
      deps.log.warn('Expiring a re-priced checkout failed', { paymentId: payment.id, error });
    });
    const payerSide = payment.paidBySide ?? side;
    await duePaymentFor(
      deps,
      tribunalFeePoint(
        dispute,
        'tribunalAdvanceShare',
        side,
        { userId: payment.payerUserId, email: dispute[payerSide].email },
        payerSide,
      ),
    );
  }
  if (payment.documentsPending) await issuePaymentRecords(deps, payment.id);
  return true;
}
