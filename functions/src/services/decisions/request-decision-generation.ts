import { createHash, randomUUID } from 'node:crypto';
import { caseFileStem, claimsConfirmed, OUTCOME_MESSAGES, type DecisionSettings, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { changeOpenDispute } from '../disputes/assert-not-final.js';
import { displayName, type UserDocument } from '../../records/user-document.js';
import type { DisputeDocument, PhaseAttachment, PhaseRecord, Side } from '../disputes/dispute-document.js';
import { documentGroups } from '../documents/case-document-groups.js';
import { helsinkiDate } from '../jobs/open-job-result.js';
import type { DecisionJobInput } from './decision-job-input.js';
import { enqueueDecisionJob } from './enqueue-decision-job.js';
import { readCaseForDecision } from './decision-authority.js';
import { notify } from '../notices/notify.js';
import { markDecisionFailed } from './end-decision.js';
import { constitutionOf, unansweredMatters } from '../disputes/constitution-record.js';
import { requirePaid } from '../payments/due-payment.js';
import { aiDecisionFeePoint } from './ai-decision-fee.js';

/**
 * `POST /api/dispute/{id}/generatedecision`: either party of a case that has
 * reached its Resolution phase asks for a decision. The Resolution phase
 * gets an attachment with status Generating (written conditionally, so of
 * two simultaneous requests one gets a 409: one generation per case at a
 * time), then the job is written and queued with the case's documents as
 * they are now. If queueing fails, the attachment says so (Failed).
 *
 * A final case takes none (readCaseForDecision, and again in the write). Before both parties have accepted,
 * a new AI decision lapses any acceptance of an earlier version in the same write: the acceptance moves to
 * that version's lapsed acceptances with the time and the reason, the audit chain records it, and the other
 * party is mailed what happened (docs/architecture.md "The outcome holds").
 */
export async function requestDecisionGeneration(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; settings: DecisionSettings; proceedWithoutConfirmation?: string },
  client: ClientInfo,
): Promise<{ jobId: string; attachmentId: string }> {
  const { dispute, role, kind, member } = await readCaseForDecision(deps, caller, input.disputeId);
  // The first validation gate: a tribunal drafts once both parties have confirmed or corrected the summary of
  // their claims, or with its reason for proceeding without an answer (printed in the procedural history).
  const proceeding =
    kind === 'award' && !claimsConfirmed(dispute.claimsSummary) ? input.proceedWithoutConfirmation : undefined;
  if (kind === 'award' && !claimsConfirmed(dispute.claimsSummary) && !proceeding) {
    throw new ConflictError(refusal('tribunal.claimsNotConfirmed'));
  }
  // Every new claim heard: a correction or comment put to the other party waits for its answer or period.
  if (kind === 'award' && unansweredMatters(constitutionOf(dispute), deps.clock.now()).length > 0) {
    throw new ConflictError(refusal('constitution.matterUnanswered'));
  }
  // Without a tribunal, a party's AI decision waits for its fee when fees are charged (docs/fees.md "Due points").
  if (kind === 'aiDecision' && role !== 'tribunal' && dispute.phases.some((phase) => phase.type === 'Resolution')) {
    await requirePaid(deps, aiDecisionFeePoint(dispute, role, caller, input.settings));
  }
  const jobId = randomUUID();
  const user = await deps.store.collection<UserDocument>('users').read(caller.userId, caller.userId);
  const settingsBy = {
    userId: caller.userId,
    name: member ? `${member.name}, ${member.title}` : user ? displayName(user) : caller.email,
    side: role,
    at: deps.clock.now().toISOString(),
    sha256: settingsHash(input.settings),
  };
  const attachment: PhaseAttachment = {
    id: randomUUID(),
    fileName: `${caseFileStem('decision', dispute.language)}_${helsinkiDate(deps.clock.now())}.pdf`,
    dateCreated: deps.clock.now().toISOString(),
    status: 'Generating',
    jobId,
    uploadedBy: caller.userId,
    decisionKind: kind,
    generatedBy: { seat: role, name: settingsBy.name },
  };
  let lapsed: LapsedAcceptance[] = [];
  const updated = await changeOpenDispute(
    deps,
    dispute.id,
    (current) => {
      const resolution = current.phases.find((phase) => phase.type === 'Resolution');
      if (!resolution) throw new ConflictError(refusal('cases.decisionNoResolutionPhase'));
      if (resolution.attachments.some((file) => file.status === 'Generating')) {
        throw new ConflictError(refusal('cases.decisionAlreadyGenerating'));
      }
      const lapsing = lapseAcceptances(resolution, {
        at: attachment.dateCreated,
        by: caller.userId,
        reason: role === 'tribunal' ? '' : OUTCOME_MESSAGES.lapsedByRegeneration(role),
      });
      lapsed = lapsing.lapsed;
      return {
        ...current,
        phases: current.phases.map((phase) =>
          phase === resolution ? { ...lapsing.phase, attachments: [...lapsing.phase.attachments, attachment] } : phase,
        ),
        ...(proceeding
          ? {
              claimsProceeded: [
                ...(current.claimsProceeded ?? []),
                { reason: proceeding, name: settingsBy.name, at: attachment.dateCreated },
              ],
            }
          : {}),
      };
    },
    dispute,
  );

  const jobInput: DecisionJobInput = {
    disputeId: dispute.id,
    attachmentId: attachment.id,
    caseName: updated.name,
    claimant: partyOf(updated.claimant),
    respondent: partyOf(updated.respondent),
    groups: documentGroups(updated),
    settings: input.settings,
    kind,
    settingsBy,
  };
  try {
    await enqueueDecisionJob(deps, { id: jobId, ownerId: caller.userId, dispute, input: jobInput });
  } catch (error) {
    await markDecisionFailed(deps, { disputeId: dispute.id, attachmentId: attachment.id }, undefined);
    throw error;
  }

  await recordCallerAction(deps, caller, client, {
    action: 'GenerateDecision',
    entityType: 'Dispute',
    entityId: dispute.id,
    details:
      `${kind === 'award' ? 'Tribunal draft' : 'AI decision'} job ${jobId} from ` +
      `${jobInput.groups.reduce((sum, group) => sum + group.documents.length, 0)} file(s); model ${deps.model.kind}; ` +
      `temperature ${input.settings.temperature}, top_p ${input.settings.top_p}; settings sha256 ${settingsBy.sha256}` +
      (proceeding ? `; proceeded without the parties' confirmation of their claims: ${proceeding.slice(0, 500)}` : ''),
  });
  for (const entry of lapsed) {
    await recordCallerAction(deps, caller, client, {
      action: 'AcceptanceLapsed',
      entityType: 'Dispute',
      entityId: dispute.id,
      details:
        `The ${entry.side}'s acceptance of AI decision version ${entry.version ?? '?'} (${entry.decisionId}; ` +
        `sha256 ${entry.sha256 ?? 'unknown'}; accepted ${entry.at}) lapsed: ${entry.reason}`,
    });
  }

  // Without a tribunal the other party learns that a decision was asked for, and can read the settings.
  if (kind === 'aiDecision' && role !== 'tribunal') {
    const otherSide: Side = role === 'claimant' ? 'respondent' : 'claimant';
    const other = otherSide === 'respondent' ? updated.respondent.email : updated.claimant.email;
    const theirs = lapsed.find((entry) => entry.side === otherSide);
    if (other) {
      const common = {
        caseName: updated.name,
        ...(updated.caseNumber ? { caseNumber: updated.caseNumber } : {}),
        disputeId: dispute.id,
        path: `/case-attachment/${encodeURIComponent(dispute.id)}#decision`,
        recipients: [{ email: other }],
      };
      const by = { bySide: role, byName: settingsBy.name };
      await (theirs
        ? notify(deps, {
            ...common,
            event: 'acceptanceLapsed',
            params: {
              ...by,
              ...(theirs.version !== undefined ? { version: theirs.version } : {}),
              acceptedAt: theirs.at,
            },
          })
        : notify(deps, { ...common, event: 'decisionRequested', params: by }));
    }
  }
  return { jobId, attachmentId: attachment.id };
}

/** The SHA-256 of the settings as JSON in a fixed key order: what the audit chain and the AI-use annex name. */
export function settingsHash(settings: DecisionSettings): string {
  const { instructions, chapterPrompts, temperature, top_p } = settings;
  return createHash('sha256')
    .update(JSON.stringify({ instructions, chapterPrompts, temperature, top_p }))
    .digest('hex');
}

export function partyOf(party: DisputeDocument['claimant']): DecisionJobInput['claimant'] {
  return {
    name: party.name,
    identificationNumber: party.identificationNumber,
    address: party.address,
    email: party.email,
  };
}

interface LapsedAcceptance {
  decisionId: string;
  side: Side;
  at: string;
  version?: number;
  sha256?: string;
  reason: string;
}

/**
 * The Resolution phase with every standing acceptance of an AI decision moved to its lapsed acceptances (a
 * case whose decision both accepted is final and never gets here), and what lapsed.
 */
function lapseAcceptances(
  resolution: PhaseRecord,
  lapse: { at: string; by: string; reason: string },
): { phase: PhaseRecord; lapsed: LapsedAcceptance[] } {
  const lapsed: LapsedAcceptance[] = [];
  const attachments = resolution.attachments.map((file): PhaseAttachment => {
    if (file.decisionKind !== 'aiDecision' || !file.acceptances?.length) return file;
    const { acceptances, ...rest } = file;
    for (const entry of acceptances) {
      lapsed.push({
        decisionId: file.id,
        side: entry.side,
        at: entry.at,
        ...(entry.version !== undefined ? { version: entry.version } : {}),
        ...(entry.sha256 ? { sha256: entry.sha256 } : {}),
        reason: lapse.reason,
      });
    }
    return {
      ...rest,
      lapsedAcceptances: [
        ...(file.lapsedAcceptances ?? []),
        ...acceptances.map((entry) => ({ ...entry, lapsedAt: lapse.at, lapsedBy: lapse.by, reason: lapse.reason })),
      ],
    };
  });
  return { phase: lapsed.length > 0 ? { ...resolution, attachments } : resolution, lapsed };
}
