import type { DispositiveMismatch, DispositivePart } from '@ratkaisu/core';
import { factsIn } from '../citations/number-facts.js';

/** Chapter 6 ("Ratkaisu perusteluineen", 0-based 5) states the orders the tuomiolauselma must repeat. */
export const REASONS_CHAPTER_INDEX = 5;

const INTEREST = /\bkor(?:ko|on|koa|olle|kolain|kolaki)|viivästyskor/iu;
const PARTY = /\b(kantaja|vastaaja)/giu;
const ORDERS = /velvoitetaan|velvollinen|suorittamaan|korvaamaan|maksamaan/iu;
const COSTS = /oikeudenkäyntikulu/iu;

/**
 * Before adoption: the structured tuomiolauselma against the orders chapter 6 states.
 * Each mismatch says what differs — an ordered amount chapter 6 does not state, one chapter 6 orders that no
 * order holds, the paying party, interest given in one and not the other, costs ordered in one only — and
 * whether the arbitrators' fees are fixed at all (the § 47 notice refers to that order). Read from the
 * chapter's sentences: an amount is the same sum however it is written ("12 500 €", "12.500,00 euroa").
 */
export function checkDispositive(
  dispositive: DispositivePart | undefined,
  chapters: readonly { text: string }[],
): DispositiveMismatch[] {
  const orders = dispositive?.orders ?? [];
  const text = chapters[REASONS_CHAPTER_INDEX]?.text ?? '';
  const sentences = sentencesOf(text);
  const mismatches: DispositiveMismatch[] = [];
  const amountsOrdered = new Set<string>();

  orders.forEach((order, index) => {
    const number = index + 1;
    if (order.amountCents === undefined) return;
    const key = String(order.amountCents);
    amountsOrdered.add(key);
    const stating = sentences.filter((sentence) => sentence.amounts.some((amount) => amount.key === key));
    if (stating.length === 0) {
      if (order.kind !== 'fees')
        mismatches.push({ code: 'amountNotInReasons', order: number, amountCents: order.amountCents });
      return;
    }
    const sentence = stating[0]!;
    if (order.kind === 'payment' || order.kind === 'costs') {
      const payer = payerOf(sentence.text);
      if (payer && order.debtor && payer !== order.debtor) {
        mismatches.push({ code: 'partyDiffers', order: number, amountCents: order.amountCents, inReasons: payer });
      }
      const interestInReasons = stating.some((candidate) => INTEREST.test(candidate.text));
      if (interestInReasons !== Boolean(order.interest)) {
        mismatches.push({
          code: interestInReasons ? 'interestOnlyInReasons' : 'interestOnlyInOrders',
          order: number,
          amountCents: order.amountCents,
        });
      }
    }
  });

  for (const sentence of sentences) {
    if (!ORDERS.test(sentence.text)) continue;
    for (const amount of sentence.amounts) {
      if (amountsOrdered.has(amount.key)) continue;
      amountsOrdered.add(amount.key);
      mismatches.push({ code: 'amountOnlyInReasons', amountCents: Number(amount.key), written: amount.text });
    }
  }

  const costsOrdered = orders.some((order) => order.kind === 'costs');
  const costsInReasons = sentences.some((sentence) => COSTS.test(sentence.text) && ORDERS.test(sentence.text));
  if (costsInReasons && !costsOrdered) mismatches.push({ code: 'costsOnlyInReasons' });
  if (costsOrdered && !COSTS.test(text)) mismatches.push({ code: 'costsOnlyInOrders' });
  if (!orders.some((order) => order.kind === 'fees' && order.amountCents !== undefined)) {
    mismatches.push({ code: 'noFeesOrder' });
  }
  return mismatches;
}

interface Sentence {
  text: string;
  amounts: { key: string; text: string }[];
}

/** The text's sentences (a numbered line, or a sentence ending before a capital), each with its sums. */
function sentencesOf(text: string): Sentence[] {
  const out: Sentence[] = [];
  for (const line of text.split(/\n+/u)) {
    for (const part of line.split(/(?<=[.!?])\s+(?=[\p{Lu}\d])(?!\d{1,2}\.\d{1,2}\.)/u)) {
      if (!part.trim()) continue;
      const amounts = factsIn(part)
        .filter((fact) => fact.kind === 'amount')
        .map((fact) => ({ key: fact.key, text: fact.text }));
      out.push({ text: part, amounts });
    }
  }
  return out;
}

/** Who pays in an order sentence: the party named first before "velvoitetaan" ("Vastaaja velvoitetaan …"). */
function payerOf(sentence: string): 'claimant' | 'respondent' | undefined {
  const at = sentence.search(/velvoitetaan|on velvollinen/iu);
  if (at < 0) return undefined;
  const before = [...sentence.slice(0, at).matchAll(PARTY)];
  const subject = before.length > 0 ? before[before.length - 1]![1]!.toLowerCase() : undefined;
  if (subject === 'kantaja') return 'claimant';
  if (subject === 'vastaaja') return 'respondent';
  return undefined;
}
