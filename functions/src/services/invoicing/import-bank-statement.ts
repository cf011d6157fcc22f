import {
  quotedFinnishReference,
  surplusCents,
  type BankStatementEntryView,
  type BankStatementImportView,
} from '@ratkaisu/core';
import type { Caller } from '../../context/caller.js';
import type { ClientInfo } from '../../context/client-info.js';
import { recordAudit } from '../audit/record-audit.js';
import { applyPaymentEvent } from '../payments/apply-payment-event.js';
import type { PaymentDocument } from '../payments/payment-document.js';
import { issuePaymentRecords, type IssueDeps } from './issue-payment-records.js';
import { readCamt054, type BankCredit } from './read-camt054.js';

/**
 * `POST /api/superadmin/payments/bank-statement` (a camt.054 XML body): each incoming payment of the statement
 * matched to its invoice by the creditor reference the payer quoted (RF or Finnish) and applied through the
 * same ledger path as a webhook, its event named by the bank's own reference — so a statement imported again
 * changes nothing. Answers what was matched in full, partly paid, overpaid (the surplus is credited), paid
 * toward a closed payment (credited in full), unknown, or imported before. Audited.
 */
export async function importBankStatement(
  deps: IssueDeps,
  caller: Caller,
  xml: string,
  client: ClientInfo,
): Promise<BankStatementImportView> {
  const statement = readCamt054(xml);
  const answer: BankStatementImportView = {
    matched: [],
    partial: [],
    overpaid: [],
    unknown: [],
    alreadyImported: [],
    credited: [],
    skipped: statement.skipped,
  };
  const touched = new Set<string>();
  for (const credit of statement.credits) {
    const view: BankStatementEntryView = {
      bankRef: credit.bankRef,
      amountCents: credit.amountCents,
      ...(credit.reference ? { reference: credit.reference } : {}),
      ...(credit.debtorName ? { debtorName: credit.debtorName } : {}),
    };
    if (credit.currency !== 'EUR') {
      answer.unknown.push({ ...view, reason: 'currency' });
      continue;
    }
    const reference = credit.reference ? quotedFinnishReference(credit.reference) : undefined;
    if (!reference) {
      answer.unknown.push({ ...view, reason: credit.reference ? 'unknown_reference' : 'no_reference' });
      continue;
    }
    const payment = await invoicedPayment(deps, reference);
    if (!payment) {
      answer.unknown.push({ ...view, reason: 'unknown_reference' });
      continue;
    }
    const applied = await applyPaymentEvent(deps, payment.id, bankEvent(credit, deps.clock.now()), {
      via: 'bank statement',
      userId: caller.userId,
      ipAddress: client.ipAddress,
      note: `bank reference ${credit.bankRef}`,
    });
    if (applied.outcome === 'unknown_payment') {
      answer.unknown.push({ ...view, reason: 'unknown_reference' });
      continue;
    }
    touched.add(payment.id);
    const { ledger } = applied.payment;
    const matched = { ...view, paymentId: payment.id };
    // Money for a payment already closed (its request lapsed, its case is final) is credited in full.
    const late = applied.payment.closed && (applied.outcome === 'settled' || applied.outcome === 'partly_paid');
    if (late) {
      answer.credited.push(matched);
      continue;
    }
    switch (applied.outcome) {
      case 'replay':
      case 'no_change':
        answer.alreadyImported.push(matched);
        break;
      case 'partly_paid':
        answer.partial.push({ ...matched, differenceCents: ledger.dueCents - ledger.receivedCents });
        break;
      case 'double_payment':
        answer.overpaid.push({ ...matched, differenceCents: credit.amountCents });
        break;
      default:
        if (surplusCents(ledger) > 0) answer.overpaid.push({ ...matched, differenceCents: surplusCents(ledger) });
        else answer.matched.push(matched);
    }
  }
  for (const paymentId of touched) await issuePaymentRecords(deps, paymentId);
  await recordAudit(deps, {
    action: 'ImportBankStatement',
    entityType: 'Payment',
    userId: caller.userId,
    success: true,
    ipAddress: client.ipAddress,
    details: `matched ${answer.matched.length}, partial ${answer.partial.length}, overpaid ${answer.overpaid.length}, credited ${answer.credited.length}, unknown ${answer.unknown.length}, already imported ${answer.alreadyImported.length}`,
  });
  return answer;
}

async function invoicedPayment(
  deps: Pick<IssueDeps, 'store'>,
  reference: string,
): Promise<PaymentDocument | undefined> {
  const { items } = await deps.store
    .collection<PaymentDocument>('payments')
    .query({ where: [{ field: 'invoice.reference', op: '=', value: reference }], limit: 1 });
  return items[0];
}

function bankEvent(credit: BankCredit, now: Date) {
  const booked = credit.bookedOn ? Date.parse(`${credit.bookedOn}T12:00:00Z`) : Number.NaN;
  return {
    eventId: `bank:${credit.bankRef}`,
    kind: 'paid' as const,
    providerRef: `bank:${credit.bankRef}`,
    amountCents: credit.amountCents,
    createdAtMs: Number.isNaN(booked) ? now.getTime() : booked,
  };
}
