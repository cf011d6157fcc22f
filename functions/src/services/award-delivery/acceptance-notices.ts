import type { Deps } from '../../deps.js';
import type { DisputeDocument, Side } from '../disputes/dispute-document.js';
import { casePath } from '../notices/notice-paths.js';
import { notify } from '../notices/notify.js';
import { partyRecipients } from './party-recipients.js';

/**
 * After a party's acceptance of an AI decision (accept-ai-decision.ts): when both have accepted, both parties
 * learn that the case is resolved, with the accepted version; otherwise the other party learns that it is now
 * its turn to accept (or not) that version.
 */
export async function announceAcceptance(
  deps: Deps,
  dispute: DisputeDocument,
  side: Side,
  decision: { version?: number },
  final: boolean,
): Promise<void> {
  const common = {
    caseName: dispute.name,
    ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
    disputeId: dispute.id,
    path: casePath(dispute.id, 'decision'),
  };
  const version = decision.version !== undefined ? { version: decision.version } : {};
  if (final) {
    await notify(deps, { ...common, event: 'caseResolved', params: version, recipients: partyRecipients(dispute) });
  } else {
    await notify(deps, {
      ...common,
      event: 'otherPartyAccepted',
      params: { side, ...version },
      recipients: partyRecipients(dispute).filter((recipient) => recipient.side !== side),
    });
  }
}
