import type { DispositiveOrder } from '@ratkaisu/core';
import type { AwardFrameInput, FrameContext } from './award-frame-input.js';
import { inline } from './award-frame-markdown.js';
import * as W from './award-wording-fi.js';

/** Section 8: the dispositive part. */
export function dispositiveSection(input: AwardFrameInput, frame: FrameContext): string[] {
  const out: string[] = [];
  const { isAward, sole, orders } = frame;
  if (input.kind !== 'offlineExtract') {
    out.push(`## ${isAward ? W.HEADINGS.dispositive : W.HEADINGS.dispositiveAi}`);
    if (orders.length > 0) {
      out.push(
        orders
          .map((order, index) => `${index + 1}. ${orderText(order, sole, isAward ? 'award' : 'proposal')}`)
          .join('\n'),
      );
    } else {
      out.push(isAward ? W.DISPOSITIVE_TEXT.missing : W.DISPOSITIVE_TEXT.missingAi);
    }
  } else {
    out.push(`## ${W.HEADINGS.dispositiveAi}`, W.DISPOSITIVE_TEXT.offline);
  }
  return out;
}

/** Section 9: costs and the notices, only what the record makes true (which orders concern costs and fees). */
export function costsAndNoticesSection(input: AwardFrameInput, frame: FrameContext): string[] {
  const out: string[] = [];
  const { isAward, sole, orders } = frame;
  const costsPoints = pointsOf(orders, 'costs');
  const feesPoints = pointsOf(orders, 'fees');
  if (isAward) {
    out.push(`## ${W.HEADINGS.costs}`, W.COSTS_TEXT.intro(sole));
    const costsText = input.costs?.trim();
    if (costsText) out.push(costsText);
    out.push(
      [
        costsPoints.length > 0
          ? W.COSTS_TEXT.costsOrders(W.COSTS_TEXT.points(costsPoints))
          : costsText
            ? ''
            : W.COSTS_TEXT.noCostsOrder(sole),
        feesPoints.length > 0
          ? W.COSTS_TEXT.feesOrders(W.COSTS_TEXT.points(feesPoints), sole)
          : W.COSTS_TEXT.noFeesOrder(sole),
      ]
        .filter(Boolean)
        .join(' '),
    );
    out.push(`## ${W.HEADINGS.requests}`, W.REQUEST_NOTICE(sole), `## ${W.HEADINGS.notices}`, W.CHALLENGE_NOTICE);
    if (feesPoints.length > 0) {
      out.push(
        `## ${sole ? W.HEADINGS.feeNoticeSole : W.HEADINGS.feeNotice}`,
        W.FEE_NOTICE(sole, W.COSTS_TEXT.points(feesPoints)),
      );
    }
  } else if (input.kind === 'aiDecision' && !input.anonymous) {
    out.push(
      `## ${W.HEADINGS.costsAi}`,
      costsPoints.length > 0 ? W.COSTS_TEXT.aiCostsOrders(W.COSTS_TEXT.points(costsPoints)) : W.COSTS_TEXT.aiNoCosts,
      `## ${W.HEADINGS.binding}`,
      W.AI_DECISION_NOTICE,
    );
  }
  return out;
}

/** The 1-based numbers of the orders of one kind (costs also counts a payment-shaped costs order). */
function pointsOf(orders: readonly DispositiveOrder[], kind: 'costs' | 'fees'): number[] {
  return orders.flatMap((order, index) => (order.kind === kind ? [index + 1] : []));
}

/**
 * One order as a sentence of the dispositive part. A structured payment, costs or fees order is written from
 * its data ("Vastaaja velvoitetaan suorittamaan kantajalle 372,00 euroa sekä … viivästyskorkoa … lukien");
 * its wording follows as the order's ground when it is not a sentence stating the same obligation, so no
 * fragment stands alone. Other orders print their wording as written, ending with a full stop.
 */
export function orderText(order: DispositiveOrder, sole = true, voice: 'award' | 'proposal' = 'award'): string {
  const refs = order.references.length > 0 ? W.DISPOSITIVE_TEXT.references(order.references.join('; ')) : '';
  const wording = inline(order.text).trim();
  const structured = structuredOrder(order, sole, voice);
  if (structured === undefined) return sentence(`${wording.replace(/[.\s]+$/u, '')}${refs}`);
  // A costs or fees order says all in its structured sentence; a payment's wording is its ground.
  const restates = order.kind !== 'payment' || /velvoitetaan|vahvistetaan|suorittaa|vastaa\b/iu.test(wording);
  const ground = wording && !restates ? W.DISPOSITIVE_TEXT.ground(lowerFirst(wording.replace(/[.\s]+$/u, ''))) : '';
  return sentence(`${structured}${ground}${refs}`);
}

function structuredOrder(order: DispositiveOrder, sole: boolean, voice: 'award' | 'proposal'): string | undefined {
  const party = W.DISPOSITIVE_TEXT.party;
  if (order.amountCents === undefined) return undefined;
  let text: string | undefined;
  if (order.kind === 'fees') {
    text = W.DISPOSITIVE_TEXT.fees(sole, W.euroAmount(order.amountCents));
    if (order.debtor) {
      text += `. ${W.DISPOSITIVE_TEXT.feesBorne(party[order.debtor]!, sole)}`;
      if (order.creditor && order.creditor !== order.debtor) {
        text += W.DISPOSITIVE_TEXT.feesReimburse(W.DISPOSITIVE_TEXT.partyAllative[order.creditor]!);
      }
    }
    return text;
  }
  if (!order.debtor || !order.creditor) return undefined;
  if (order.kind === 'payment') {
    text = (voice === 'proposal' ? W.DISPOSITIVE_TEXT.proposalPayment : W.DISPOSITIVE_TEXT.payment)(
      party[order.debtor]!,
      W.DISPOSITIVE_TEXT.partyAllative[order.creditor]!,
      W.euroAmount(order.amountCents),
    );
  } else if (order.kind === 'costs') {
    text = (voice === 'proposal' ? W.DISPOSITIVE_TEXT.proposalCosts : W.DISPOSITIVE_TEXT.costs)(
      party[order.debtor]!,
      W.DISPOSITIVE_TEXT.partyGenitive[order.creditor]!,
      W.euroAmount(order.amountCents, 'adessive'),
    );
  } else {
    return undefined;
  }
  if (order.interest) {
    const from = W.finnishShortDate(`${order.interest.from}T12:00:00Z`);
    text +=
      order.interest.basis === 'penalty'
        ? W.DISPOSITIVE_TEXT.penaltyInterest(from)
        : W.DISPOSITIVE_TEXT.fixedInterest(String(order.interest.ratePercent ?? 0).replace('.', ','), from);
  }
  return text;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/u.test(trimmed) ? trimmed : `${trimmed}.`;
}

function lowerFirst(text: string): string {
  return /^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
