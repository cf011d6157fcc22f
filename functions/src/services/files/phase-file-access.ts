import { refusal } from '@ratkaisu/core';
import { ForbiddenError, NotFoundError, PhaseLockedError } from '../../errors.js';
import { phaseOwner, type DisputeDocument, type PhaseRecord, type Side } from '../disputes/dispute-document.js';
import { assertNotFinal } from '../disputes/assert-not-final.js';

/** The phase of the case with this id; a phase of another case is answered like a case the caller cannot see. */
export function findPhase(dispute: DisputeDocument, phaseId: string): PhaseRecord {
  const phase = dispute.phases.find((candidate) => candidate.id === phaseId);
  if (!phase) throw new NotFoundError(refusal('cases.notFound'));
  return phase;
}

/**
 * Whether `side` may add or remove files in `phase` now: only the side that
 * owns the phase, and only while it is the case's active phase. Earlier phases
 * are final once the case has moved on, and Resolution belongs to neither side. A final case takes no file.
 */
export function assertPhaseOpenTo(dispute: DisputeDocument, phase: PhaseRecord, side: Side): void {
  assertNotFinal(dispute);
  const owner = phaseOwner(phase.type);
  if (!owner) throw new PhaseLockedError();
  if (owner !== side) {
    throw new ForbiddenError(
      refusal(owner === 'claimant' ? 'cases.filesOfClaimantPhase' : 'cases.filesOfRespondentPhase', {
        phase: phase.type,
      }),
    );
  }
  if (phase.id !== dispute.activePhaseId) throw new PhaseLockedError();
}
