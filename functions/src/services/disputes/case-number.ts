import { formatCaseNumber } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError } from '../../errors.js';
import { StoreConflictError } from '../../ports/store.js';
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
  const year = Number(
    new Intl.DateTimeFormat('en', { timeZone: 'Europe/Helsinki', year: 'numeric' }).format(deps.clock.now()),
  );
  const counters = deps.store.collection<CaseNumberCounter>('awards');
  const id = `case-number-${year}`;
  for (let attempt = 0; attempt < 20; attempt++) {
    const current = await counters.read(id, id);
    try {
      if (!current) {
        await counters.create({ id, pk: id, year, next: 2 });
        return formatCaseNumber(year, 1);
      }
      const { _etag, ...doc } = current;
      await counters.replace({ ...doc, next: doc.next + 1 }, { ifMatch: _etag });
      return formatCaseNumber(year, doc.next);
    } catch (error) {
      if (!(error instanceof StoreConflictError)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
    }
  }
  throw new ConflictError('Case numbers are being allocated by many at once. Please try again.');
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
