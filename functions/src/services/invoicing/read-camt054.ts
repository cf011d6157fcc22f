import { refusal } from '@ratkaisu/core';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ValidationError } from '../../errors.js';

/**
 * One incoming payment of a bank's camt.054 notification (ISO 20022 BankToCustomerDebitCreditNotification,
 * versions .001.02 to .001.08 as Finnish banks send them): a booked credit, its amount in cents, the
 * structured creditor reference the payer quoted (RF or Finnish), and the bank's own reference for it, which
 * names it uniquely so a statement imported twice is recognised.
 */
export interface BankCredit {
  /** The account servicer's reference of the transaction (else of its entry, with the transaction's place). */
  bankRef: string;
  amountCents: number;
  currency: string;
  /** The structured creditor reference as quoted, or undefined when the payer gave none. */
  reference?: string;
  /** The booking date, `YYYY-MM-DD`, when the bank gave one. */
  bookedOn?: string;
  debtorName?: string;
}

/** What a statement held besides its credits: entries that are no incoming payment to apply. */
export interface BankStatement {
  credits: BankCredit[];
  /** Debits, reversals and entries not yet booked: read and left alone. */
  skipped: number;
}

const ALWAYS_LISTS = new Set(['Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls', 'Strd', 'CdtrRefInf']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  // Amounts stay text, so "753.10" becomes 75310 cents exactly, never through a float.
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  isArray: (name) => ALWAYS_LISTS.has(name),
});

type Node = Record<string, unknown>;

const child = (node: unknown, name: string): unknown =>
  node && typeof node === 'object' ? (node as Node)[name] : undefined;
const list = (node: unknown, name: string): unknown[] => {
  const value = child(node, name);
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
};
const text = (node: unknown): string | undefined => {
  if (typeof node === 'string') return node.trim();
  const inner = child(node, '#text');
  return typeof inner === 'string' ? inner.trim() : undefined;
};

/** "753.10" → 75310; anything but a plain decimal of at most two places is refused. */
function cents(amount: string | undefined, where: string): number {
  const match = amount ? /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(amount) : null;
  if (!match) throw refused(`${where}: the amount ${amount ?? '(none)'} is not a sum of euros and cents.`);
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

function refused(detail: string): ValidationError {
  return new ValidationError(refusal('fees.statementNotCamt054'), {
    statement: detail,
  });
}

/** Reads a camt.054 document's booked credits; anything that is not one is refused with 400, naming why. */
export function readCamt054(xml: string): BankStatement {
  if (XMLValidator.validate(xml) !== true) throw refused('the XML is not well formed.');
  const document = child(parser.parse(xml), 'Document');
  const notification = child(document, 'BkToCstmrDbtCdtNtfctn');
  if (!notification) throw refused('it has no BkToCstmrDbtCdtNtfctn.');

  const credits: BankCredit[] = [];
  let skipped = 0;
  for (const [n, ntfctn] of list(notification, 'Ntfctn').entries()) {
    for (const [e, entry] of list(ntfctn, 'Ntry').entries()) {
      const where = `notification ${n + 1}, entry ${e + 1}`;
      // camt.054.001.08 wraps the status in <Sts><Cd>; earlier versions write it as text.
      const status = text(child(entry, 'Sts')) ?? text(child(child(entry, 'Sts'), 'Cd'));
      const reversal = text(child(entry, 'RvslInd')) === 'true';
      if (text(child(entry, 'CdtDbtInd')) !== 'CRDT' || status !== 'BOOK' || reversal) {
        skipped++;
        continue;
      }
      const entryRef = text(child(entry, 'AcctSvcrRef'));
      if (!entryRef) throw refused(`${where} has no AcctSvcrRef to recognise it by.`);
      const entryAmount = child(entry, 'Amt');
      const bookedOn = text(child(child(entry, 'BookgDt'), 'Dt')) ?? text(child(child(entry, 'BookgDt'), 'DtTm'));
      const transactions = list(entry, 'NtryDtls').flatMap((details) => list(details, 'TxDtls'));
      if (transactions.length === 0) {
        credits.push({
          bankRef: entryRef,
          amountCents: cents(text(entryAmount), where),
          currency: String(child(entryAmount, '@Ccy') ?? 'EUR'),
          ...(bookedOn ? { bookedOn: bookedOn.slice(0, 10) } : {}),
        });
        continue;
      }
      for (const [t, transaction] of transactions.entries()) {
        // A single-transaction entry may give its amount only on the entry.
        const amount =
          child(child(child(transaction, 'AmtDtls'), 'TxAmt'), 'Amt') ??
          child(transaction, 'Amt') ??
          (transactions.length === 1 ? entryAmount : undefined);
        const reference = list(child(transaction, 'RmtInf'), 'Strd')
          .flatMap((structured) => list(structured, 'CdtrRefInf'))
          .map((info) => text(child(info, 'Ref')))
          .find((ref) => ref);
        const debtorName = text(child(child(child(transaction, 'RltdPties'), 'Dbtr'), 'Nm'));
        credits.push({
          bankRef: text(child(child(transaction, 'Refs'), 'AcctSvcrRef')) ?? `${entryRef}/${t + 1}`,
          amountCents: cents(text(amount), `${where}, transaction ${t + 1}`),
          currency: String(child(amount, '@Ccy') ?? child(entryAmount, '@Ccy') ?? 'EUR'),
          ...(reference ? { reference } : {}),
          ...(bookedOn ? { bookedOn: bookedOn.slice(0, 10) } : {}),
          ...(debtorName ? { debtorName } : {}),
        });
      }
    }
  }
  return { credits, skipped };
}
