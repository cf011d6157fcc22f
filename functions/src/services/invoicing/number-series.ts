import type { PaymentRecordSeries } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { BaseDoc } from '../../ports/store.js';
import { changeOrCreateRecord } from '../../records/change-record.js';

/**
 * A seller's counter for one series ('fees' collection, partition `series`): the last number given and to
 * what each recent number went. A number and what it is for are written in one conditional write, so no
 * number is given twice and none is skipped; a step that stops after taking its number finds it here again
 * when it is retried (by its key), so a crash leaves no gap either (docs/fees.md "Number series").
 */
export interface NumberSeriesDocument extends BaseDoc {
  seller: string;
  series: PaymentRecordSeries;
  last: number;
  /** key → number, the most recent ones (enough to outlast any retry of a step that took a number). */
  given: Record<string, number>;
}

const SERIES_PARTITION = 'series';
/** Numbers remembered by their key; a step retried after this many later numbers would take a new one. */
const REMEMBERED = 500;

/** The number `key` (what it numbers, e.g. `receipt:<payment id>`) has in the seller's series: taken once. */
export async function numberFor(
  deps: Pick<Deps, 'store'>,
  sellerBusinessId: string,
  series: PaymentRecordSeries,
  key: string,
): Promise<number> {
  const seller = sellerBusinessId.replace(/\D/g, '');
  const id = `series:${seller}:${series}`;
  let number = 0;
  await changeOrCreateRecord(
    deps.store.collection<NumberSeriesDocument>('fees'),
    { pk: SERIES_PARTITION, id },
    (current) => {
      const known = current?.given[key];
      if (known !== undefined) {
        number = known;
        return undefined;
      }
      number = (current?.last ?? 0) + 1;
      const given = Object.fromEntries(
        [...Object.entries(current?.given ?? {}), [key, number] as const]
          .sort(([, a], [, b]) => a - b)
          .slice(-REMEMBERED),
      );
      return { id, pk: SERIES_PARTITION, seller, series, last: number, given };
    },
    // Every receipt of a seller passes here: many writers may race, each round one wins.
    { attempts: 40, pauseMs: (lost) => 5 + lost * 5 },
  );
  return number;
}
