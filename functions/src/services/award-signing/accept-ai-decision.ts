import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { assertNotFinal, changeOpenDispute } from '../disputes/assert-not-final.js';
import { readVisibleDispute } from '../disputes/dispute-access.js';
import type { PhaseAttachment, Side } from '../disputes/dispute-document.js';
import { sealAcceptedDecision } from './seal-accepted-decision.js';
import { announceAcceptance } from '../award-delivery/acceptance-notices.js';
import { withAiUse } from '../ai-use/ai-use-details.js';

/**
 * `POST /api/dispute/{id}/award/{awardId}/accept`: a party accepts one version of the AI decision of a case
 * without a tribunal. The acceptance binds to that version: it records the version number and the SHA-256
 * of its PDF, and is refused unless the party has opened that very file (its first download is recorded per
 * side on the version), unless it is the latest version, and while a newer one is being generated. When
 * both parties have accepted the same version the case is final (docs/product.md's "Final decisions accepted by all
 * Parties"; docs/architecture.md "The outcome holds"): Resolved, its outcome recorded in the same conditional
 * write, so nothing racing it can change the case after. Audited; then the service seals the accepted PDF (signing/seal-accepted-decision.ts).
 */
export async function acceptAiDecision(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; awardId: string },
  client: ClientInfo,
): Promise<{ acceptedBy: Side[]; resolved: boolean; version?: number; sha256?: string }> {
  const { dispute, side } = await readVisibleDispute(deps, caller, input.disputeId);
  assertNotFinal(dispute);
  const now = deps.clock.now().toISOString();
  const updated = await changeOpenDispute(
    deps,
    dispute.id,
    (current) => {
      if (current.tribunal) throw new ConflictError(refusal('tribunal.acceptOnlyAiDecision'));
      const resolution = current.phases.find((phase) => phase.type === 'Resolution');
      const decision = resolution?.attachments.find((file) => file.id === input.awardId);
      if (!resolution || !decision || decision.decisionKind !== 'aiDecision' || decision.status !== 'Completed') {
        throw new ConflictError(refusal('tribunal.noDecisionToAccept'));
      }
      if (resolution.attachments.some((file) => file.status === 'Generating')) {
        throw new ConflictError(refusal('cases.decisionGenerating'));
      }
      if (decision !== latestAiDecision(resolution.attachments))
        throw new ConflictError(refusal('cases.decisionNotLatest'));
      const acceptances = decision.acceptances ?? [];
      if (acceptances.some((entry) => entry.side === side))
        throw new ConflictError(refusal('tribunal.alreadyAccepted'));
      if (!decision.receipts?.some((receipt) => receipt.side === side)) {
        throw new ConflictError(refusal('cases.decisionNotOpened'));
      }
      const version = decision.version ?? 0;
      const sha256 = decision.sha256 ?? '';
      const next = [...acceptances, { side, userId: caller.userId, at: now, version, sha256 }];
      const both = next.some((e) => e.side === 'claimant') && next.some((e) => e.side === 'respondent');
      return {
        ...current,
        ...(both
          ? {
              status: 'Resolved' as const,
              outcome: { kind: 'accepted' as const, decisionId: decision.id, version, sha256, at: now },
            }
          : {}),
        phases: current.phases.map((phase) =>
          phase !== resolution
            ? phase
            : {
                ...phase,
                attachments: phase.attachments.map((file) =>
                  file === decision ? { ...file, acceptances: next } : file,
                ),
              },
        ),
      };
    },
    dispute,
  );
  const decision = updated.phases
    .find((phase) => phase.type === 'Resolution')!
    .attachments.find((file) => file.id === input.awardId)!;
  const acceptedBy = (decision.acceptances ?? []).map((entry) => entry.side);
  const final = updated.outcome?.kind === 'accepted' && updated.outcome.decisionId === decision.id;
  await recordCallerAction(deps, caller, client, {
    action: 'AcceptDecision',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: withAiUse(
      `AI decision ${input.awardId} version ${decision.version ?? '?'} (${decision.fileName}; sha256 ` +
        `${decision.sha256 ?? 'unknown'}) accepted by the ${side}, who opened it on ` +
        `${decision.receipts?.find((receipt) => receipt.side === side)?.at ?? 'unknown'}`,
      { event: 'accepted', use: 'decision', outputId: input.awardId },
    ),
  });
  if (final) {
    await recordCallerAction(deps, caller, client, {
      action: 'CaseFinal',
      entityType: 'Dispute',
      entityId: dispute.id,
      details:
        `Both parties accepted AI decision version ${decision.version ?? '?'} (sha256 ${decision.sha256 ?? 'unknown'}): ` +
        'the case is final and Resolved',
    });
    // The service seals the accepted PDF (PAdES, its own key), so either party can show it unchanged.
    await sealAcceptedDecision(deps, updated, decision.id);
  }
  await announceAcceptance(deps, updated, side, decision, final);
  return {
    acceptedBy,
    resolved: updated.status === 'Resolved',
    ...(decision.version !== undefined ? { version: decision.version } : {}),
    ...(decision.sha256 ? { sha256: decision.sha256 } : {}),
  };
}

/** The AI decision a party may accept: the completed one with the highest version (or the newest, unnumbered). */
export function latestAiDecision(attachments: readonly PhaseAttachment[]): PhaseAttachment | undefined {
  return attachments
    .filter((file) => file.decisionKind === 'aiDecision' && file.status === 'Completed')
    .reduce<PhaseAttachment | undefined>((latest, file) => {
      if (!latest) return file;
      const a = latest.version ?? 0;
      const b = file.version ?? 0;
      return b > a || (b === a && file.dateCreated > latest.dateCreated) ? file : latest;
    }, undefined);
}
