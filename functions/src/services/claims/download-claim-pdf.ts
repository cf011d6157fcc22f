import { caseFileStem } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { readClaimantDispute, readDeliveredClaimDraft } from './claim-draft.js';
import { claimPdfMarking, helsinkiDate, renderClaimPdf } from './save-claim-as-pdf.js';

/**
 * `POST /api/dispute/{id}/claimdraft/pdf` (Download PDF): the claim text the user sees, rendered as it would
 * be filed, returned to them and kept nowhere. A review copy, so placeholders still in it do not stop it
 * (filing refuses them). Only the claimant side of the case.
 */
export async function downloadClaimPdf(
  deps: Pick<Deps, 'store' | 'clock'>,
  caller: Caller,
  input: { disputeId: string; markdownContent: string },
): Promise<{ pdf: Uint8Array; fileName: string }> {
  const dispute = await readClaimantDispute(deps, caller, input.disputeId);
  const now = deps.clock.now();
  const draft = await readDeliveredClaimDraft(deps, dispute.id, caller.userId);
  const pdf = await renderClaimPdf(
    dispute,
    input.markdownContent,
    now,
    claimPdfMarking(draft, input.markdownContent, now),
  );
  return { pdf, fileName: `${caseFileStem('claim', dispute.language)}_${helsinkiDate(now)}.pdf` };
}
