import { customerOfQuery, feeQuoteQuerySchema, quoteFees, type FeeQuote } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { effectiveFeeSchedule } from './effective-fee-schedule.js';

/**
 * `GET /api/fees/quote?amountInDispute=<euros>&tribunalSize=1|3[&country=SE&vatNumber=…]`, public: what each
 * due point costs under the global schedule, for the price page. Without a schedule every line is zero.
 */
export async function getFeeQuote(deps: Pick<Deps, 'store'>, query: Record<string, string>): Promise<FeeQuote> {
  const input = feeQuoteQuerySchema.parse(query);
  const { schedule, revision } = await effectiveFeeSchedule(deps, undefined);
  return quoteFees(schedule, revision, {
    amountInDisputeCents: input.amountInDispute,
    tribunalSize: input.tribunalSize,
    customer: customerOfQuery(input),
  });
}
