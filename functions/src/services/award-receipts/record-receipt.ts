import type { Deps } from '../../deps.js';
import { recordAudit } from '../audit/record-audit.js';
import { changeDispute } from '../disputes/change-dispute.js';
import type { CaseRole, DisputeDocument, PhaseAttachment } from '../disputes/dispute-document.js';
import { recordAwardReceipt } from './record-award-receipt.js';
import { withAiUse } from '../ai-use/ai-use-details.js';
import { keepReceipt } from '../awards/keep-write-once-originals.js';

/**
 * A party's first download of an AI decision is its receipt; an issued award's first opening is recorded as
 * the side's receipt on the award's record (with an acknowledgement, the other way to receive it). Recorded once per side on the attachment (conditional write) and audited;
 * never fails the download it accompanies. Each person's first opening of an AI decision version is an "opened"
 * event of the AI-use log (EU AI Act Arts. 12, 26(6)) with the version's SHA-256: the side's receipt, or for a
 * further representative of the side an `OpenAiOutput` entry; later openings by the same person write nothing.
 */
export async function recordDecisionReceipt(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'log'>,
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
  if (openedBy(attachment, input.userId)) return;
  try {
    const at = deps.clock.now().toISOString();
    let opened: { receipt: boolean; file: PhaseAttachment } | undefined;
    await changeDispute(deps, input.dispute.id, (current) => {
      opened = undefined;
      const phases = current.phases.map((phase) => ({
        ...phase,
        attachments: phase.attachments.map((file) => {
          if (file.id !== attachment.id || openedBy(file, input.userId)) return file;
          // The side's first download is its receipt (what acceptance asks for); a later representative's
          // first download is kept beside it, so the log names every person who opened the AI text once.
          const receipt = !file.receipts?.some((entry) => entry.side === role);
          const next = receipt
            ? { ...file, receipts: [...(file.receipts ?? []), { side: role, userId: input.userId, at }] }
            : { ...file, opens: [...(file.opens ?? []), { userId: input.userId, at }] };
          opened = { receipt, file: next };
          return next;
        }),
      }));
      return opened ? { ...current, phases } : undefined;
    });
    const recorded = opened as { receipt: boolean; file: PhaseAttachment } | undefined;
    if (recorded) {
      const { file } = recorded;
      if (recorded.receipt) {
        await keepReceipt(deps, {
          disputeId: input.dispute.id,
          documentId: file.id,
          side: role,
          userId: input.userId,
          at,
          how: 'downloaded',
          ...(file.sha256 ? { sha256: file.sha256 } : {}),
        });
      }
      await recordAudit(deps, {
        action: recorded.receipt ? 'ReceiveDecision' : 'OpenAiOutput',
        entityType: 'Dispute',
        entityId: input.dispute.id,
        userId: input.userId,
        ...(input.email ? { userEmail: input.email } : {}),
        success: true,
        ...(input.ipAddress ? { ipAddress: input.ipAddress } : {}),
        details: withAiUse(
          recorded.receipt
            ? `AI decision ${file.id} received by the ${role}`
            : `AI decision ${file.id} first opened by ${input.email ?? input.userId} (${role})`,
          {
            event: 'opened',
            use: 'decision',
            outputId: file.id,
            ...(file.version !== undefined ? { version: file.version } : {}),
            ...(file.sha256 ? { outputSha256: file.sha256 } : {}),
          },
        ),
      });
    }
  } catch (error) {
    deps.log.error('Recording a decision receipt failed', { disputeId: input.dispute.id, error });
  }
}

/** The person has opened this AI decision (as their side's receipt or after it). */
function openedBy(file: PhaseAttachment, userId: string): boolean {
  return (
    (file.receipts ?? []).some((receipt) => receipt.userId === userId) ||
    (file.opens ?? []).some((open) => open.userId === userId)
  );
}
