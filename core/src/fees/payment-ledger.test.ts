import { describe, expect, it } from 'vitest';
import { applyLedgerEvent, openLedger, surplusCents, type LedgerEvent, type PaymentLedger } from './payment-ledger.js';

const paid = (eventId: string, providerRef: string, amountCents: number, createdAtMs = 1000): LedgerEvent => ({
  eventId,
  kind: 'paid',
  providerRef,
  amountCents,
  createdAtMs,
});
const expired = (eventId: string, providerRef: string, createdAtMs = 500): LedgerEvent => ({
  eventId,
  kind: 'expired',
  providerRef,
  createdAtMs,
});

/** Applies events in order; answers the last ledger and every outcome. */
function run(events: LedgerEvent[], dueCents = 75300): { ledger: PaymentLedger; outcomes: string[] } {
  let ledger = openLedger(dueCents);
  const outcomes: string[] = [];
  for (const event of events) {
    const result = applyLedgerEvent(ledger, event);
    ledger = result.ledger;
    outcomes.push(result.outcome);
  }
  return { ledger, outcomes };
}

describe('settling a payment by its notifications', () => {
  it('is paid by the notification of its amount, once', () => {
    const { ledger, outcomes } = run([paid('evt_1', 'cs_1', 75300, 1234)]);
    expect(outcomes).toEqual(['settled']);
    expect(ledger).toMatchObject({ status: 'paid', receivedCents: 75300, paidAtMs: 1234 });
    expect(surplusCents(ledger)).toBe(0);
  });

  it('changes nothing when the same notification comes again', () => {
    const first = run([paid('evt_1', 'cs_1', 75300)]);
    const again = applyLedgerEvent(first.ledger, paid('evt_1', 'cs_1', 75300));
    expect(again.outcome).toBe('replay');
    expect(again.ledger).toBe(first.ledger);
  });

  it('counts one checkout’s money once, though two events announce it', () => {
    const { ledger, outcomes } = run([paid('evt_completed', 'cs_1', 75300), paid('evt_async', 'cs_1', 75300)]);
    expect(outcomes).toEqual(['settled', 'no_change']);
    expect(ledger.receivedCents).toBe(75300);
  });

  it('stays paid when the checkout’s expiry arrives after the money, in either order', () => {
    expect(run([paid('evt_p', 'cs_1', 75300, 1000), expired('evt_x', 'cs_2', 900)]).ledger.status).toBe('paid');
    const expiredFirst = run([expired('evt_x', 'cs_1', 900), paid('evt_p', 'cs_2', 75300, 1000)]);
    expect(expiredFirst.outcomes).toEqual(['expired', 'settled']);
    expect(expiredFirst.ledger.status).toBe('paid');
  });

  it('detects a double payment from two tabs and keeps the surplus to credit', () => {
    const { ledger, outcomes } = run([paid('evt_1', 'cs_tab1', 75300), paid('evt_2', 'cs_tab2', 75300)]);
    expect(outcomes).toEqual(['settled', 'double_payment']);
    expect(ledger).toMatchObject({ status: 'paid', receivedCents: 150600, paidRefs: ['cs_tab1', 'cs_tab2'] });
    expect(surplusCents(ledger)).toBe(75300);
  });

  it('stays open when less than due arrives, and is paid when the rest does', () => {
    const { ledger, outcomes } = run([paid('evt_1', 'bank_1', 50000), paid('evt_2', 'bank_2', 30000)]);
    expect(outcomes).toEqual(['partly_paid', 'settled']);
    expect(ledger.status).toBe('paid');
    expect(surplusCents(ledger)).toBe(4700);
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => openLedger(0)).toThrow(RangeError);
    expect(() => openLedger(10.5)).toThrow(RangeError);
    expect(() => applyLedgerEvent(openLedger(100), paid('evt', 'cs', 99.5))).toThrow(RangeError);
  });
});
