import { formatCaseNumber, formatIsoDate, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError } from '../../errors.js';
import { changeOrCreateRecord } from '../../records/change-record.js';
import type { BaseDoc } from '../../ports/store.js';
import { changeDispute } from './change-dispute.js';
import type { DisputeDocument } from './dispute-document.js';

/** A year's case number counter, kept in the 'awards' collection beside the decisions it numbers. */
interface CaseNumberCounter extends BaseDoc {
  year: number;
  next: number;
}

/**
 * The next number of the year's sequence (RAT-2026-000001, …): one counter document per year, advanced by a
 * conditional write, so two cases never get the same number however many are opened at once.
 */
export async function nextCaseNumber(deps: Pick<Deps, 'store' | 'clock'>): Promise<string> {
  const year = Number(formatIsoDate(deps.clock.now()).slice(0, 4));
  const counters = deps.store.collection<CaseNumberCounter>('awards');
  const id = `case-number-${year}`;
  let allocated = 1;
  await changeOrCreateRecord(
    counters,
    { pk: id, id },
    (current): CaseNumberCounter => {
      allocated = current?.next ?? 1;
      return current ? { ...current, next: current.next + 1 } : { id, pk: id, year, next: 2 };
    },
    {
      attempts: 20,
      pauseMs: 10,
      busy: () => new ConflictError(refusal('cases.numbersBusy')),
    },
  );
  return formatCaseNumber(year, allocated);
}

/** The case's number, allocated on first need for a case opened before numbers existed. */
export async function ensureCaseNumber(deps: Pick<Deps, 'store' | 'clock'>, dispute: DisputeDocument): Promise<string> {
  if (dispute.caseNumber) return dispute.caseNumber;
  const allocated = await nextCaseNumber(deps);
  const updated = await changeDispute(deps, dispute.id, (current) =>
    current.caseNumber ? undefined : { ...current, caseNumber: allocated },
  );
  return updated.caseNumber ?? allocated;
}
