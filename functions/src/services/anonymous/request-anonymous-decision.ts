import {
  anonymousBusyRefusal,
  defaultDecisionSettings,
  fieldRefusals,
  generateDecisionSchema,
  MAX_ANONYMOUS_TOTAL_BYTES,
  MAX_FILES_PER_PHASE,
  type DecisionSettings,
  refusal,
  type Refused,
} from '@ratkaisu/core';
import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { BadRequestError, DomainError, ServiceBusyError, ValidationError } from '../../errors.js';
import { budgetLineAhead } from '../model-budget/admit-job.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { UploadForm } from '../../context/multipart.js';
import { recordAudit } from '../audit/record-audit.js';
import { deleteReceivedBlobs, receivePdfForm, type ReceivedFile } from '../files/receive-pdf-uploads.js';
import { createJob } from '../jobs/create-job.js';
import {
  assertAnonymousQuotaOpen,
  returnAnonymousQuotaSlot,
  takeAnonymousQuotaSlot,
} from './anonymous-decision-quota.js';
import { recordAnonymousJobFiles } from './anonymous-job-files.js';
import {
  ANONYMOUS_FILES_FIELD,
  ANONYMOUS_JOB_OWNER,
  ANONYMOUS_RETENTION_SECONDS,
  ANONYMOUS_SETTINGS_FIELD,
  type AnonymousJobInput,
} from './anonymous-job-input.js';

/**
 * The settings field's longest form in bytes: the longest valid settings
 * (8,000 characters of instructions, seven prompts of 4,000) with every
 * character a multi-byte one or escaped, and room to spare.
 */
const MAX_SETTINGS_FIELD_BYTES = 256 * 1024;
/** What a form may add to its files' bytes: the settings field, and boundaries and headers of up to 200 parts. */
const MAX_FORM_OVERHEAD_BYTES = MAX_SETTINGS_FIELD_BYTES + 256 * 1024;

export const SETTINGS_NOT_JSON_MESSAGE = refusal('uploads.anonymousSettingsNotJson');

/**
 * `POST /api/dispute/generatedecisionanonymous`: the public generator. Takes
 * PDFs (by content, at most 20 MB in all, as phase uploads are checked) and
 * optional decision settings, and queues a decision job that anyone holding
 * its id may follow and download for 24 hours. Limited per IP address and
 * hour. A body declared larger than the limit is refused before a byte of it
 * is read; an undeclared one as soon as its files pass the limit.
 */
export async function requestAnonymousDecision(
  deps: Deps,
  body: UploadForm,
  client: ClientInfo,
): Promise<{ jobId: string }> {
  await assertAnonymousQuotaOpen(deps, client.ipAddress);
  await assertModelNotBusy(deps);
  if (body.contentLength !== undefined && body.contentLength > MAX_ANONYMOUS_TOTAL_BYTES + MAX_FORM_OVERHEAD_BYTES) {
    throw new DomainError('payload_too_large', 413, refusal('uploads.anonymousTooLarge'));
  }

  const jobId = randomUUID();
  const form = await receivePdfForm(deps, body, {
    container: 'anonymous',
    blobPrefix: jobId,
    blobName: (index) => `${jobId}/${index + 1}.pdf`,
    existingNames: [],
    fullMessage: refusal('uploads.anonymousTooMany', { maxFiles: MAX_FILES_PER_PHASE }),
    field: ANONYMOUS_FILES_FIELD,
    maxTotalBytes: MAX_ANONYMOUS_TOTAL_BYTES,
    tooLargeMessage: refusal('uploads.anonymousTooLarge'),
    noFilesMessage: refusal('uploads.anonymousNoFiles'),
    // Names are not keys here: two scans both called "liite.pdf" are two documents.
    allowDuplicateNames: true,
    textFields: { [ANONYMOUS_SETTINGS_FIELD]: MAX_SETTINGS_FIELD_BYTES },
  });
  const written = form.files.map((file) => file.blobName);
  let slotTaken = false;
  try {
    const settings = parseSettings(form.fields[ANONYMOUS_SETTINGS_FIELD]);
    await takeAnonymousQuotaSlot(deps, client.ipAddress);
    slotTaken = true;
    await recordAnonymousJobFiles(deps, {
      jobId,
      createdAt: deps.clock.now().toISOString(),
      inputBlobs: written,
    });
    const input: AnonymousJobInput = {
      files: form.files.map((file, index) => ({
        fileId: String(index + 1),
        fileName: file.fileName,
        container: 'anonymous',
        blobName: file.blobName,
        // The AI-use log names the inputs by hash (EU AI Act Art. 12).
        sha256: file.sha256,
      })),
      settings,
    };
    await createJob(deps, {
      id: jobId,
      kind: 'anonymous-decision',
      queue: 'anonymous-decision-jobs',
      ownerId: ANONYMOUS_JOB_OWNER,
      input,
      ttl: ANONYMOUS_RETENTION_SECONDS,
    });
  } catch (error) {
    // Nothing will read the files now; the record stays for the sweep, which finds nothing left to delete.
    await deleteReceivedBlobs(deps, 'anonymous', written);
    if (slotTaken) await returnAnonymousQuotaSlot(deps, client.ipAddress);
    throw error;
  }

  await recordAudit(deps, {
    action: 'GenerateAnonymousDecision',
    entityType: 'AnonymousDecisionJob',
    entityId: jobId,
    success: true,
    ipAddress: client.ipAddress,
    // Counts only: the public generator's documents are nobody's business, their names included.
    details: describeUpload(form.files),
  });
  return { jobId };
}

/**
 * The public generator queues behind every signed-in user's job; when more than ANONYMOUS_MAX_QUEUE_AHEAD
 * wait ahead, it refuses before reading a byte (no job, no blob, the hour's quota untouched): 503, the
 * service's capacity rather than the caller's rate (429 is the per-address quota), with Retry-After the
 * minutes until the last job ahead is expected to start.
 */
async function assertModelNotBusy(deps: Deps): Promise<void> {
  const { ahead, waitSeconds } = await budgetLineAhead(deps, 'anonymous-decision');
  if (ahead <= deps.config.modelBudget.anonymousMaxAhead) return;
  const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
  throw new ServiceBusyError(anonymousBusyRefusal(minutes), minutes * 60);
}

/**
 * The settings field: absent or empty means the defaults; anything else must be valid settings, read as
 * the case route reads them (what is left out takes its default).
 */
function parseSettings(raw: string | undefined): DecisionSettings {
  if (raw === undefined || raw.trim() === '') return defaultDecisionSettings();
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new BadRequestError(SETTINGS_NOT_JSON_MESSAGE);
  }
  const parsed = generateDecisionSchema.safeParse(value);
  if (!parsed.success) {
    // Each setting's problem by its catalogued reason, named as a field of the form's settings part.
    const fields = fieldRefusals(parsed.error.issues);
    throw new ValidationError(Object.values(fields)[0] ?? refusal('general.invalidRequest'), prefixed(fields));
  }
  return parsed.data;
}

function prefixed(fields: Record<string, Refused>): Record<string, Refused> {
  return Object.fromEntries(Object.entries(fields).map(([key, said]) => [`settings.${key}`, said]));
}

function describeUpload(files: readonly ReceivedFile[]): string {
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  return `Anonymous decision from ${files.length} file(s), ${bytes} bytes`;
}
