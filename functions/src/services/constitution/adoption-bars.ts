import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError } from '../../errors.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import { agreementAccepted, challengeBar, constitutionOf } from '../disputes/constitution-record.js';
import { findOtherClauses } from './find-other-clauses.js';

/**
 * What must hold before the tribunal adopts its award, each a catalogued 409: the
 * tribunal is constituted (no seat open after a sustained challenge); both parties accepted the arbitration
 * agreement; no challenge is open and the challenge periods have ended or both parties waived them; and,
 * when a party's documents hold another arbitration clause, the tribunal has recorded its decision on its
 * jurisdiction. The document scan comes last: it reads the files' text (cached).
 */
export async function assertConstitutedForAdoption(
  deps: Pick<Deps, 'blobs' | 'store' | 'clock' | 'log'>,
  dispute: DisputeDocument,
  seatedIds: string[],
): Promise<void> {
  if (dispute.tribunal?.status !== 'Constituted') throw new ConflictError(refusal('constitution.notConstituted'));
  const record = constitutionOf(dispute);
  if (!agreementAccepted(record)) throw new ConflictError(refusal('constitution.agreementMissing'));
  const bar = challengeBar(record, seatedIds, deps.clock.now());
  if (bar) throw new ConflictError(refusal(`constitution.${bar}`));
  if (!record.jurisdiction && (await findOtherClauses(deps, dispute)).length > 0) {
    throw new ConflictError(refusal('constitution.jurisdictionRequired'));
  }
}
