import { isFinal, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { DomainError } from '../../errors.js';
import type { Stored } from '../../ports/store.js';
import { changeDispute } from './change-dispute.js';
import type { DisputeDocument } from './dispute-document.js';

/** The 409 of every mutating request on a final case (core refusals.ts cases.final; web: refusals.cases.final). */
export class CaseFinalError extends DomainError {
  constructor() {
    super('case_final', 409, refusal('cases.final'));
  }
}

/**
 * Refuses any change to a final case (both parties accepted one AI decision version, or an award was
 * issued): docs/architecture.md "The outcome holds". Only reads, downloads and the §§ 38–39 requests remain.
 */
export function assertNotFinal(dispute: DisputeDocument): void {
  if (isFinal(dispute)) throw new CaseFinalError();
}

/**
 * changeDispute for a change that a final case refuses: the rule is checked on the case as it is when
 * written, so a change racing the second acceptance (or the issuing signature) cannot slip in after it.
 */
export function changeOpenDispute(
  deps: Pick<Deps, 'store'>,
  disputeId: string,
  change: (current: Stored<DisputeDocument>) => DisputeDocument | undefined,
  first?: Stored<DisputeDocument>,
): Promise<DisputeDocument> {
  return changeDispute(
    deps,
    disputeId,
    (current) => {
      assertNotFinal(current);
      return change(current);
    },
    first,
  );
}
