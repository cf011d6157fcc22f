import { randomUUID } from 'node:crypto';
import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, ForbiddenError, StaleVersionError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { readAwardForReader, toAwardView } from '../awards/award-access.js';
import { assertNotFinal } from '../disputes/assert-not-final.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import type { JobDocument } from '../jobs/job-document.js';
import { decisionJobInputSchema, type DecisionJobInput } from './decision-job-input.js';
import { enqueueDecisionJob } from './enqueue-decision-job.js';

/**
 * `POST /api/dispute/{id}/award/{awardId}/regenerate`: a member of the tribunal asks the model to write one
 * chapter of the draft again with an instruction. The job reads the same documents as the draft's own job
 * (so the prompt's prefix is the same and the endpoint's cache serves it) and the draft's current text of the
 * other chapters; its result becomes a new version of the draft, if the draft is still at `baseVersion`.
 */
export async function requestChapterRegeneration(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; awardId: string; chapter: number; instruction: string; baseVersion: number },
  client: ClientInfo,
): Promise<{ jobId: string }> {
  const { dispute, member, award } = await readAwardForReader(deps, caller, input.disputeId, input.awardId);
  assertNotFinal(dispute);
  if (!member || member.status !== 'Accepted') throw new ForbiddenError(refusal('tribunal.tribunalOnly'));
  if (award.kind !== 'award' || award.status !== 'Draft') throw new ConflictError(refusal('tribunal.notDraft'));
  if (input.baseVersion !== award.version) {
    throw new StaleVersionError(refusal('tribunal.staleVersion'), toAwardView(award, dispute));
  }
  if (input.chapter < 1 || input.chapter > award.chapters.length) {
    throw new ConflictError(refusal('tribunal.noSuchChapter'));
  }
  const original = await deps.store.collection<JobDocument>('jobs').read(award.jobId, award.jobId);
  const parsed = decisionJobInputSchema.safeParse(original?.input);
  if (!parsed.success) throw new ConflictError(refusal('tribunal.regenerateUnavailable'));
  const jobInput: DecisionJobInput = {
    ...parsed.data,
    regenerate: {
      awardId: award.id,
      chapter: input.chapter - 1,
      instruction: input.instruction,
      baseVersion: input.baseVersion,
      requestedBy: { userId: caller.userId, name: member.name },
    },
  };
  const jobId = randomUUID();
  await enqueueDecisionJob(deps, { id: jobId, ownerId: caller.userId, dispute, input: jobInput });
  await recordCallerAction(deps, caller, client, {
    action: 'RegenerateChapter',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `Award ${award.id} chapter ${input.chapter} from version ${input.baseVersion}; job ${jobId}; instruction: ${input.instruction.slice(0, 300)}`,
  });
  return { jobId };
}
