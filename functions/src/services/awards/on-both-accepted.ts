import type { Deps } from '../../deps.js';
import type { DisputeDocument, PhaseAttachment } from '../disputes/dispute-document.js';

/**
 * What follows when both parties have accepted the same AI decision version and the case has become final
 * (accept-ai-decision.ts calls it once, after the write that made the case final and its audit entries).
 *
 * The seam for the service seal (issue 26, "Acceptance binds to one opened version"): the `sign` branch seals
 * the accepted PDF here with the service's own key (PAdES), so either party can show it unchanged. Until
 * then the accepted version's SHA-256 in both acceptances and in the audit chain is what binds it. It must
 * not throw for a reason the parties caused: the acceptance has already been recorded.
 */
export async function onBothAccepted(
  deps: Pick<Deps, 'log'>,
  input: { dispute: DisputeDocument; decision: PhaseAttachment },
): Promise<void> {
  deps.log.info('AI decision accepted by both parties; the case is final', {
    disputeId: input.dispute.id,
    decisionId: input.decision.id,
    version: input.decision.version,
    sha256: input.decision.sha256,
  });
}
