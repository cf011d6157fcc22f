import type { Deps } from '../../deps.js';
import { recordAudit } from '../audit/record-audit.js';
import { changeDispute } from '../disputes/change-dispute.js';
import type { CaseRole, DisputeDocument, PhaseAttachment } from '../disputes/dispute-document.js';
import { recordAwardReceipt } from './record-award-receipt.js';

/**
 * A party's first download of an AI decision is its receipt; an issued award's first opening is recorded as
 * the side's receipt on the award's record (with an acknowledgement, the other way to receive it). Recorded once per side on the attachment (conditional write) and audited;
 * never fails the download it accompanies.
 */
export async function recordDecisionReceipt(
  deps: Pick<Deps, 'store' | 'clock' | 'log'>,
  input: {
    dispute: DisputeDocument;
    role: CaseRole;
    attachment: PhaseAttachment;
    userId: string;
    email?: string;
    ipAddress?: string;
  },
): Promise<void> {
  const { attachment, role } = input;
  if (!attachment.decisionKind || attachment.status !== 'Completed' || role === 'tribunal') return;
  // An issued award's receipt is kept on its record (record-award-receipt.ts), beside its deliveries.
  if (attachment.decisionKind === 'award') {
    await recordAwardReceipt(deps, {
      dispute: input.dispute,
      documentId: attachment.id,
      side: role,
      userId: input.userId,
      email: input.email ?? input.userId,
      how: 'opened',
      ...(input.ipAddress ? { ipAddress: input.ipAddress } : {}),
    }).catch((error: unknown) =>
      deps.log.error('Recording an award receipt failed', { disputeId: input.dispute.id, error }),
    );
    return;
  }
  if (attachment.receipts?.some((receipt) => receipt.side === role)) return;
  try {
    const at = deps.clock.now().toISOString();
    let recorded = false;
    await changeDispute(deps, input.dispute.id, (current) => {
      recorded = false;
      const phases = current.phases.map((phase) => ({
        ...phase,
        attachments: phase.attachments.map((file) => {
          if (file.id !== attachment.id || file.receipts?.some((receipt) => receipt.side === role)) return file;
          recorded = true;
          return { ...file, receipts: [...(file.receipts ?? []), { side: role, userId: input.userId, at }] };
        }),
      }));
      return recorded ? { ...current, phases } : undefined;
    });
    if (recorded) {
      await recordAudit(deps, {
        action: 'ReceiveDecision',
        entityType: 'Dispute',
        entityId: input.dispute.id,
        userId: input.userId,
        success: true,
        ...(input.ipAddress ? { ipAddress: input.ipAddress } : {}),
        details: `AI decision ${attachment.id} received by the ${role}`,
      });
    }
  } catch (error) {
    deps.log.error('Recording a decision receipt failed', { disputeId: input.dispute.id, error });
  }
}
