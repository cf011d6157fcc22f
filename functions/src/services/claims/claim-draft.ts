import { createHash } from 'node:crypto';
import { type ClaimDraftView, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, ForbiddenError, NotFoundError, StaleVersionError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { StoreConflictError, StoreNotFoundError, type BaseDoc, type Stored } from '../../ports/store.js';
import { changeOrCreateRecord } from '../../records/change-record.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { readVisibleDispute } from '../disputes/dispute-access.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import type { JobDocument } from '../jobs/job-document.js';
import { requestJobStop } from '../jobs/request-job-stop.js';
import type { AiMarking } from '../../pdf/ai-marking.js';
import { claimProvenance, toAiProvenance } from '../awards/ai-provenance.js';
import { modelDeployment, withAiUse } from '../ai-use/ai-use-details.js';

/**
 * The claim generator's draft: one per case and user, in the 'files' collection beside the
 * case's work files (partition = the case; it has no `side`, so no work-file listing or read ever
 * returns it). Created when a claim job is asked for, filled with the job's result the first time it is
 * read after the job completed, changed by the user's edits (conditional on the version they edited),
 * and removed when the user discards it; a new Generate replaces it.
 */
export interface ClaimDraftDocument extends BaseDoc {
  type: 'claim-draft';
  disputeId: string;
  ownerId: string;
  jobId?: string;
  /** Empty until the job's result is taken in. */
  markdown: string;
  /** The job's result has been taken in (so an emptied draft is not filled again). */
  delivered: boolean;
  edited: boolean;
  generatedAt?: string;
  /** The model that wrote it, the deployment that served it, and the SHA-256 of its text (claimTextHash): Art. 50 marking. */
  model?: string;
  deployment?: string;
  aiSha256?: string;
  details?: string[];
  createdAt: string;
  updatedAt: string;
}

export const claimDraftId = (userId: string) => `claim-draft-${userId}`;

/** A job that has gone (expired, removed) can no longer deliver the draft. */
export const DRAFT_JOB_GONE_MESSAGE = refusal('cases.claimDraftGone').message;

/**
 * The hash a filed claim remembers (`draftSha256` on its Claim-phase attachment), so that filing the same
 * text again finds it: SHA-256 of the text with line ends and trailing white space normalised.
 */
export function claimTextHash(markdown: string): string {
  return createHash('sha256').update(markdown.replace(/\r\n?/g, '\n').trimEnd(), 'utf8').digest('hex');
}

/** The caller's side must be the claimant's: the draft may quote the claimant side's private work files. */
async function readClaimantCase(deps: Pick<Deps, 'store'>, caller: Caller, disputeId: string) {
  const { dispute, side } = await readVisibleDispute(deps, caller, disputeId);
  if (side !== 'claimant') throw new ForbiddenError(refusal('cases.claimantOnlyClaim'));
  return dispute;
}

const drafts = (deps: Pick<Deps, 'store'>) => deps.store.collection<ClaimDraftDocument>('files');

async function readDraftDocument(deps: Pick<Deps, 'store'>, disputeId: string, userId: string) {
  const draft = await drafts(deps).read(disputeId, claimDraftId(userId));
  return draft && draft.type === 'claim-draft' && draft.ownerId === userId ? draft : undefined;
}

/**
 * A new Generate: the caller's draft becomes the one `jobId` writes, replacing what was there (an earlier
 * draft's job still running is asked to stop). Conditional on the version read.
 */
export async function startClaimDraft(
  deps: Pick<Deps, 'store' | 'clock' | 'config' | 'model' | 'log'>,
  input: { disputeId: string; userId: string; jobId: string },
): Promise<void> {
  const now = deps.clock.now().toISOString();
  const next: ClaimDraftDocument = {
    id: claimDraftId(input.userId),
    pk: input.disputeId,
    type: 'claim-draft',
    disputeId: input.disputeId,
    ownerId: input.userId,
    jobId: input.jobId,
    markdown: '',
    delivered: false,
    edited: false,
    createdAt: now,
    updatedAt: now,
  };
  let replaced: Stored<ClaimDraftDocument> | undefined;
  await changeOrCreateRecord(
    drafts(deps),
    { pk: input.disputeId, id: next.id },
    (current) => {
      replaced = current;
      return next;
    },
    { attempts: 5, busy: () => new ConflictError(refusal('claims.draftStale')) },
  );
  if (replaced?.jobId && replaced.jobId !== input.jobId && !replaced.delivered)
    await requestJobStop(deps, replaced.jobId);
}

/**
 * `GET /api/dispute/{id}/claimdraft`: the caller's draft of the case, or null. A draft whose job has completed
 * since the last look takes in the job's result first (a conditional write; a concurrent one wins). The draft
 * is its owner's alone, so the read that takes the text in is its owner's first opening of it: the AI-use
 * log's "opened" event (Arts. 12, 26(6)), with the text's SHA-256, written once by the read that won.
 */
export async function getClaimDraft(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'config' | 'log'>,
  caller: Caller,
  disputeId: string,
  client: ClientInfo,
): Promise<ClaimDraftView | null> {
  const dispute = await readClaimantCase(deps, caller, disputeId);
  let draft = await readDraftDocument(deps, dispute.id, caller.userId);
  if (!draft) return null;
  let job: Stored<JobDocument> | undefined;
  if (draft.jobId && !draft.delivered) {
    job = await deps.store.collection<JobDocument>('jobs').read(draft.jobId, draft.jobId);
    if (job?.status === 'Completed' && job.resultBlob) {
      const taken = await takeInResult(deps, draft, job);
      draft = taken.draft;
      if (taken.tookIn) {
        await recordCallerAction(deps, caller, client, {
          action: 'OpenAiOutput',
          entityType: 'Dispute',
          entityId: dispute.id,
          details: withAiUse(`Claim draft of job ${job.id} first opened by ${caller.email}`, {
            event: 'opened',
            use: 'claimDraft',
            outputId: dispute.id,
            ...(draft.aiSha256 ? { outputSha256: draft.aiSha256 } : {}),
          }),
        });
      }
      job = undefined;
    }
  }
  return toClaimDraftView(draft, dispute, job);
}

async function takeInResult(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'config'>,
  draft: Stored<ClaimDraftDocument>,
  job: Stored<JobDocument>,
): Promise<{ draft: Stored<ClaimDraftDocument>; tookIn: boolean }> {
  const download = await deps.blobs.download('results', job.resultBlob!);
  if (!download) return { draft, tookIn: false };
  const chunks: Buffer[] = [];
  for await (const chunk of download.stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  const markdown = Buffer.concat(chunks).toString('utf8');
  const { _etag, ...rest } = draft;
  try {
    const written = await drafts(deps).replace(
      {
        ...rest,
        markdown,
        delivered: true,
        generatedAt: job.updatedAt,
        ...claimOrigin(job, markdown),
        deployment: modelDeployment(deps.config.model),
        ...(job.details && job.details.length > 0 ? { details: job.details } : {}),
        updatedAt: job.updatedAt,
      },
      { ifMatch: _etag },
    );
    return { draft: written, tookIn: true };
  } catch (error) {
    if (!(error instanceof StoreConflictError || error instanceof StoreNotFoundError)) throw error;
    // Another reader took it in (or a new Generate replaced it) meanwhile: theirs is the draft.
    return { draft: (await drafts(deps).read(draft.pk, draft.id)) ?? draft, tookIn: false };
  }
}

/** Who wrote the draft: the model of the job's checkpoint, the deployment now serving, and the text's hash. */
function claimOrigin(job: JobDocument, markdown: string): Pick<ClaimDraftDocument, 'model' | 'aiSha256'> {
  const model = job.checkpoints?.find((checkpoint) => checkpoint.index === 0)?.model;
  return { ...(model ? { model } : {}), aiSha256: claimTextHash(markdown) };
}

/** The draft's marking (Art. 50): wholly the model's text until the claimant changes it. */
export function claimDraftMarking(
  draft: Pick<ClaimDraftDocument, 'model' | 'deployment' | 'aiSha256' | 'generatedAt' | 'updatedAt'>,
  markdown: string,
  reviewedBy?: string,
): AiMarking {
  return claimProvenance({
    model: draft.model ?? 'unknown',
    ...(draft.deployment ? { deployment: draft.deployment } : {}),
    generatedAt: draft.generatedAt ?? draft.updatedAt,
    edited: draft.aiSha256 !== undefined ? claimTextHash(markdown) !== draft.aiSha256 : true,
    ...(reviewedBy ? { reviewedBy } : {}),
  });
}

/** The caller's delivered draft of the case, if any: what a PDF of its text is marked with. */
export async function readDeliveredClaimDraft(
  deps: Pick<Deps, 'store'>,
  disputeId: string,
  userId: string,
): Promise<ClaimDraftDocument | undefined> {
  const draft = await readDraftDocument(deps, disputeId, userId);
  return draft?.delivered ? draft : undefined;
}

export function toClaimDraftView(
  draft: Stored<ClaimDraftDocument>,
  dispute: DisputeDocument,
  job?: JobDocument,
): ClaimDraftView {
  const claimPhase = dispute.phases.find((phase) => phase.type === 'Claim');
  const hash = draft.markdown.trim() ? claimTextHash(draft.markdown) : undefined;
  const filed = hash ? claimPhase?.attachments.find((attachment) => attachment.draftSha256 === hash) : undefined;
  const pending = draft.jobId && !draft.delivered;
  return {
    ...(draft.jobId ? { jobId: draft.jobId } : {}),
    ...(pending ? { jobStatus: job?.status ?? 'Failed' } : {}),
    ...(pending && (!job || job.status === 'Failed' || job.status === 'Deleted')
      ? { errorMessage: job?.errorMessage ?? DRAFT_JOB_GONE_MESSAGE }
      : {}),
    markdown: draft.markdown,
    ...(draft.generatedAt ? { generatedAt: draft.generatedAt } : {}),
    updatedAt: draft.updatedAt,
    edited: draft.edited,
    ...(draft.details && draft.details.length > 0 ? { details: draft.details } : {}),
    ...(draft.delivered && draft.markdown.trim()
      ? { aiProvenance: toAiProvenance(claimDraftMarking(draft, draft.markdown)) }
      : {}),
    version: draft._etag,
    ...(filed && claimPhase
      ? {
          filed: {
            attachmentId: filed.id,
            phaseId: claimPhase.id,
            fileName: filed.fileName,
            dateCreated: filed.dateCreated,
          },
        }
      : {}),
  };
}

/**
 * `PUT /api/dispute/{id}/claimdraft`: the user's edit (the generator's autosave), conditional on the version
 * it was made from; a stale version is a 409 carrying the latest draft, so the page can show it.
 */
export async function saveClaimDraft(
  deps: Pick<Deps, 'store' | 'clock'>,
  caller: Caller,
  input: { disputeId: string; markdown: string; version: string },
): Promise<ClaimDraftView> {
  const dispute = await readClaimantCase(deps, caller, input.disputeId);
  const draft = await readDraftDocument(deps, dispute.id, caller.userId);
  if (!draft) throw new NotFoundError(refusal('claims.noDraft'));
  if (draft._etag !== input.version)
    throw new StaleVersionError(refusal('claims.draftStale'), toClaimDraftView(draft, dispute));
  if (draft.jobId && !draft.delivered) throw new ConflictError(refusal('claims.draftStillGenerating'));
  if (draft.markdown === input.markdown) return toClaimDraftView(draft, dispute);
  const { _etag, ...rest } = draft;
  try {
    const written = await drafts(deps).replace(
      { ...rest, markdown: input.markdown, edited: true, updatedAt: deps.clock.now().toISOString() },
      { ifMatch: input.version },
    );
    return toClaimDraftView(written, dispute);
  } catch (error) {
    if (!(error instanceof StoreConflictError || error instanceof StoreNotFoundError)) throw error;
    const latest = await readDraftDocument(deps, dispute.id, caller.userId);
    if (!latest) throw new NotFoundError(refusal('claims.noDraft'));
    throw new StaleVersionError(refusal('claims.draftStale'), toClaimDraftView(latest, dispute));
  }
}

/**
 * `DELETE /api/dispute/{id}/claimdraft?version=…`: discards the caller's draft (conditionally); a job still
 * writing it is asked to stop. Discarding a draft that is not there is done already (204).
 */
export async function discardClaimDraft(
  deps: Pick<Deps, 'store' | 'clock' | 'config' | 'model' | 'log'>,
  caller: Caller,
  input: { disputeId: string; version: string },
  client: ClientInfo,
): Promise<void> {
  const dispute = await readClaimantCase(deps, caller, input.disputeId);
  const draft = await readDraftDocument(deps, dispute.id, caller.userId);
  if (!draft) return;
  if (draft._etag !== input.version)
    throw new StaleVersionError(refusal('claims.draftStale'), toClaimDraftView(draft, dispute));
  try {
    await drafts(deps).delete(draft.pk, draft.id, { ifMatch: input.version });
  } catch (error) {
    if (error instanceof StoreNotFoundError) return;
    if (!(error instanceof StoreConflictError)) throw error;
    const latest = await readDraftDocument(deps, dispute.id, caller.userId);
    if (!latest) return;
    throw new StaleVersionError(refusal('claims.draftStale'), toClaimDraftView(latest, dispute));
  }
  if (draft.jobId && !draft.delivered) await requestJobStop(deps, draft.jobId);
  await recordCallerAction(deps, caller, client, {
    action: 'DiscardClaimDraft',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `Claim draft${draft.jobId ? ` of job ${draft.jobId}` : ''} discarded${draft.edited ? ' (edited)' : ''}`,
  });
}

/**
 * A stopped claim job's draft goes too, as long as it is still the one that job was writing (a conditional
 * delete: a newer Generate's draft stays).
 */
export async function discardPendingClaimDraft(
  deps: Pick<Deps, 'store'>,
  input: { disputeId: string; userId: string; jobId: string },
): Promise<void> {
  const draft = await readDraftDocument(deps, input.disputeId, input.userId);
  if (!draft || draft.jobId !== input.jobId || draft.delivered) return;
  try {
    await drafts(deps).delete(draft.pk, draft.id, { ifMatch: draft._etag });
  } catch (error) {
    if (!(error instanceof StoreConflictError || error instanceof StoreNotFoundError)) throw error;
  }
}

/** The case, when the caller is on its claimant side (else the case's 404, or a 403 for the respondent side). */
export function readClaimantDispute(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  disputeId: string,
): Promise<Stored<DisputeDocument>> {
  return readClaimantCase(deps, caller, disputeId);
}
