import { randomUUID } from 'node:crypto';
import {
  defaultDecisionSettings,
  TRIBUNAL_MESSAGES,
  type ClaimsSummaryView,
  type JobProgress,
  type SideSummary,
} from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import type { Stored } from '../../ports/store.js';
import type { UserDocument } from '../../records/user-document.js';
import { announceClaimsAnswered, announceClaimsExtracted } from './decision-notices.js';
import { recordAudit } from '../audit/record-audit.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { changeDispute } from '../disputes/change-dispute.js';
import { assertNotFinal, changeOpenDispute } from '../disputes/assert-not-final.js';
import { readCaseForReader } from '../disputes/dispute-access.js';
import type { DisputeDocument, Side } from '../disputes/dispute-document.js';
import type { JobDocument } from '../jobs/job-document.js';
import { JobFailure, type JobResult } from '../jobs/run-job.js';
import type { DecisionJobInput } from './decision-job-input.js';
import { enqueueDecisionJob } from './enqueue-decision-job.js';
import { readCaseForDecision } from './decision-authority.js';
import { extractClaims } from './extract-claims.js';
import { documentGroups } from '../documents/case-document-groups.js';
import { partyOf } from './request-decision-generation.js';
import { announceNewMatter, withNewMatter } from '../constitution/new-matters.js';

/**
 * The first validation gate (AAA-ICDR style) before a tribunal drafts its decision: a member has each
 * party's requests for relief and grounds extracted from the case file; each party confirms its own side or
 * corrects it; either party or the tribunal may comment. The draft waits for both answers unless the
 * tribunal gives a reason to proceed without them (request-decision-generation.ts).
 */
export async function requestClaimsExtraction(
  deps: Deps,
  caller: Caller,
  disputeId: string,
  client: ClientInfo,
): Promise<{ jobId: string }> {
  const { dispute, kind, member } = await readCaseForDecision(deps, caller, disputeId);
  if (kind !== 'award' || !member) throw new ConflictError(TRIBUNAL_MESSAGES.claimsSummaryOnTribunalCase);
  const jobId = randomUUID();
  const jobInput: DecisionJobInput = {
    disputeId: dispute.id,
    attachmentId: '',
    caseName: dispute.name,
    claimant: partyOf(dispute.claimant),
    respondent: partyOf(dispute.respondent),
    groups: documentGroups(dispute),
    settings: defaultDecisionSettings(),
    kind: 'award',
    summarize: { requestedBy: { userId: caller.userId, name: member.name } },
  };
  await enqueueDecisionJob(deps, { id: jobId, ownerId: caller.userId, dispute, input: jobInput });
  await recordCallerAction(deps, caller, client, {
    action: 'ExtractClaims',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `Summary of the parties' claims requested; job ${jobId}`,
  });
  return { jobId };
}

/** The job's work: the extract, stored on the case as a new version of the summary (the answers start over). */
export async function produceClaimsSummary(
  deps: Deps,
  job: Stored<JobDocument>,
  input: DecisionJobInput,
  summarize: NonNullable<DecisionJobInput['summarize']>,
  signal: AbortSignal,
  progress: (progress: JobProgress) => void,
): Promise<JobResult> {
  const extract = await extractClaims(deps, input, signal, progress);
  signal.throwIfAborted();
  const extractedAt = deps.clock.now().toISOString();
  let version = 1;
  let summarized: DisputeDocument;
  try {
    summarized = await changeDispute(deps, input.disputeId, (current) => {
      version = (current.claimsSummary?.version ?? 0) + 1;
      const proposed = (text: string): SideSummary => ({ text, status: 'Proposed' });
      return {
        ...current,
        claimsSummary: {
          version,
          extractedAt,
          sides: { claimant: proposed(extract.claimant), respondent: proposed(extract.respondent) },
          comments: current.claimsSummary?.comments ?? [],
        },
      };
    });
  } catch (error) {
    if (error instanceof NotFoundError) throw new JobFailure('The case no longer exists.');
    throw error;
  }
  await recordAudit(deps, {
    action: 'ExtractClaims',
    entityType: 'Dispute',
    entityId: input.disputeId,
    userId: summarize.requestedBy.userId,
    success: true,
    details: `Summary of the parties' claims version ${version} extracted; model ${extract.model}${extract.offline ? ' (offline extract)' : ''}`,
  });
  await announceClaimsExtracted(deps, summarized, version);
  return {
    content: `# Kantaja\n\n${extract.claimant}\n\n# Vastaaja\n\n${extract.respondent}\n`,
    contentType: 'text/markdown; charset=utf-8',
    extension: 'md',
    details: [
      `The summary of the parties' claims (version ${version}) is on the case for the parties to confirm.`,
      ...extract.details,
    ],
  };
}

/** `PUT /api/dispute/{id}/tribunal/claims-summary/{side}`: the side's party confirms (no text) or corrects it. */
export async function answerClaimsSummary(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; side: string; text?: string },
  client: ClientInfo,
): Promise<ClaimsSummaryView> {
  const { dispute, role } = await readCaseForReader(deps, caller, input.disputeId);
  assertNotFinal(dispute);
  if (role === 'tribunal' || role !== input.side) throw new ForbiddenError(TRIBUNAL_MESSAGES.notYourSide);
  const side: Side = role;
  if (!dispute.claimsSummary) throw new ConflictError(TRIBUNAL_MESSAGES.noClaimsSummary);
  const name = await callerName(deps, caller);
  const at = deps.clock.now().toISOString();
  const updated = await changeOpenDispute(
    deps,
    dispute.id,
    (current) => {
      const summary = current.claimsSummary;
      if (!summary) throw new ConflictError(TRIBUNAL_MESSAGES.noClaimsSummary);
      const answered: SideSummary = input.text
        ? { text: input.text, status: 'Corrected', answeredAt: at, answeredBy: name }
        : { text: summary.sides[side].text, status: 'Confirmed', answeredAt: at, answeredBy: name };
      const next = { ...current, claimsSummary: { ...summary, sides: { ...summary.sides, [side]: answered } } };
      // A correction may add or change a claim: the other party is heard on it before the tribunal drafts.
      return input.text
        ? withNewMatter(next, { kind: 'correction', raisedBy: side, text: input.text, at: new Date(at) })
        : next;
    },
    dispute,
  );
  if (input.text) await announceNewMatter(deps, updated, side, caller.userId);
  await recordCallerAction(deps, caller, client, {
    action: 'ConfirmClaims',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `The ${side} ${input.text ? 'corrected' : 'confirmed'} the summary of its claims (version ${updated.claimsSummary!.version})`,
  });
  await announceClaimsAnswered(deps, updated, side, Boolean(input.text));
  return updated.claimsSummary!;
}

/** `POST /api/dispute/{id}/tribunal/claims-summary/comments`: either party or a member comments on the summary. */
export async function commentClaimsSummary(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; text: string },
  client: ClientInfo,
): Promise<ClaimsSummaryView> {
  const { dispute, role } = await readCaseForReader(deps, caller, input.disputeId);
  assertNotFinal(dispute);
  if (!dispute.claimsSummary) throw new ConflictError(TRIBUNAL_MESSAGES.noClaimsSummary);
  const member = dispute.tribunal?.members.find((entry) => entry.userId === caller.userId);
  const name = member ? member.name : await callerName(deps, caller);
  const at = deps.clock.now().toISOString();
  const updated = await changeOpenDispute(
    deps,
    dispute.id,
    (current) => {
      const summary = current.claimsSummary;
      if (!summary) throw new ConflictError(TRIBUNAL_MESSAGES.noClaimsSummary);
      const next = {
        ...current,
        claimsSummary: {
          ...summary,
          comments: [...summary.comments, { by: role, userId: caller.userId, name, text: input.text, at }],
        },
      };
      // A party's comment may raise a new matter: the other party is heard on it before the tribunal drafts.
      return role === 'tribunal'
        ? next
        : withNewMatter(next, { kind: 'comment', raisedBy: role, text: input.text, at: new Date(at) });
    },
    dispute,
  );
  if (role !== 'tribunal') await announceNewMatter(deps, updated, role, caller.userId);
  await recordCallerAction(deps, caller, client, {
    action: 'CommentClaims',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `Comment by the ${role} on the summary of the claims: ${input.text.slice(0, 300)}`,
  });
  return updated.claimsSummary!;
}

async function callerName(deps: Pick<Deps, 'store'>, caller: Caller): Promise<string> {
  const user = await deps.store.collection<UserDocument>('users').read(caller.userId, caller.userId);
  return user?.userName ?? caller.email;
}
