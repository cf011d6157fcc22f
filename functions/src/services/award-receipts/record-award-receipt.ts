import type { Deps } from '../../deps.js';
import { recordAudit } from '../audit/record-audit.js';
import { withAiUse } from '../ai-use/ai-use-details.js';
import type { DisputeDocument, Side } from '../disputes/dispute-document.js';
import type { AwardDocument, AwardReceiptRecord } from '../awards/award-document.js';
import { changeAward } from '../awards/change-award.js';
import { keepReceipt } from '../awards/keep-write-once-originals.js';

/**
 * A side's receipt of a signed document of the tribunal (the award, a correction, an interpretation or an
 * additional award): the first acknowledgement ("I have received the award") or opening by any of its
 * representatives. Delivery is the mail (deliver-award.ts); receipt is what the periods of §§ 38–39, 41 and 47
 * run from. Recorded once per side (a conditional write) and audited; later ones change nothing.
 */
export async function recordAwardReceipt(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'log'>,
  input: {
    dispute: DisputeDocument;
    documentId: string;
    side: Side;
    userId: string;
    email: string;
    how: AwardReceiptRecord['how'];
    ipAddress?: string;
  },
): Promise<AwardDocument> {
  const at = deps.clock.now().toISOString();
  let recorded = false;
  const written = await changeAward(deps, input.dispute.id, input.documentId, (current) => {
    recorded = false;
    if (current.status !== 'Issued' || current.kind === 'aiDecision') return undefined;
    if ((current.partyReceipts ?? []).some((receipt) => receipt.side === input.side)) return undefined;
    recorded = true;
    const receipt: AwardReceiptRecord = {
      side: input.side,
      userId: input.userId,
      name: input.email,
      at,
      how: input.how,
    };
    return { ...current, partyReceipts: [...(current.partyReceipts ?? []), receipt] };
  });
  if (recorded) {
    await keepReceipt(deps, {
      disputeId: input.dispute.id,
      documentId: input.documentId,
      side: input.side,
      userId: input.userId,
      at,
      how: input.how,
      sha256: written.pdfSha256,
    });
    await recordAudit(deps, {
      action: input.how === 'acknowledged' ? 'AcknowledgeReceipt' : 'ReceiveDecision',
      entityType: 'Dispute',
      entityId: input.dispute.id,
      userId: input.userId,
      userEmail: input.email,
      success: true,
      ...(input.ipAddress ? { ipAddress: input.ipAddress } : {}),
      details: receiptDetails(written, input.side, input.how, input.email),
    });
  }
  return written;
}

/**
 * The receipt's audit text; a side's first opening of the award (AI-drafted text the tribunal reviewed) is
 * also the AI-use log's "opened" event (EU AI Act Arts. 12, 26(6)), by the signed PDF's hash.
 */
function receiptDetails(document: AwardDocument, side: Side, how: AwardReceiptRecord['how'], email: string): string {
  const text = `${document.kind} ${document.id} (sha256 ${document.pdfSha256}) received by the ${side}: ${how === 'acknowledged' ? 'acknowledged' : 'first opened'} by ${email}`;
  if (document.kind !== 'award' || how !== 'opened') return text;
  return withAiUse(text, {
    event: 'opened',
    use: 'award',
    outputId: document.id,
    version: document.version,
    outputSha256: document.pdfSha256,
  });
}
