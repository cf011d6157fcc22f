import type { FeeSchedule } from '../fees/fee-schedule.js';

/** A fee schedule as a super-administrator sees it: the global one or a tenant's override (docs/fees.md). */
export interface FeeScheduleView {
  scope: 'global' | 'tenant';
  tenantId?: string;
  /** Counts the versions this scope has had, from 1; a cleared schedule keeps its count. */
  revision: number;
  /** Null when cleared: the scope falls back to the global schedule, or to the default that charges nothing. */
  schedule: FeeSchedule | null;
  setAt: string;
}

/** `GET /api/superadmin/fee-schedule`. */
export interface FeeSchedulesView {
  global: FeeScheduleView | null;
  tenants: FeeScheduleView[];
}

/** The built-in test provider's checkout page: what one payment asks for (docs/fees.md). */
export interface TestCheckoutView {
  paymentId: string;
  disputeId: string;
  purpose: 'filingFee' | 'aiDecisionFee' | 'tribunalAdministrativeFee' | 'tribunalAdvanceShare';
  netCents: number;
  vatCents: number;
  /** What the Pay button pays, VAT included. */
  amountCents: number;
  status: 'open' | 'paid' | 'expired';
}
