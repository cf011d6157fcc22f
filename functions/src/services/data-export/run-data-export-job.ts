import type { Deps } from '../../deps.js';
import type { ReceivedMessage } from '../../ports/queue.js';
import type { Stored } from '../../ports/store.js';
import type { UserDocument } from '../../records/user-document.js';
import type { JobDocument } from '../jobs/job-document.js';
import { JobFailure, runJob, type JobResult } from '../jobs/run-job.js';
import { dataExportBlobName, dataExportJobInputSchema } from './data-export-job-input.js';
import { sendRecordedMail } from '../outbox/enqueue-mail.js';
import { dataExportReadyMail } from './data-export-mail.js';
import { personalDataFiles } from './personal-data-files.js';
import { writeManifestedZip } from './write-manifested-zip.js';

/** What the manifest says is not in the copy, and why (docs/data-subject-rights.md). */
const NOTES = [
  'Passwords, password hashes, two-factor secrets and session tokens are never included: the service keeps only hashes of them, and a copy of a secret would be a risk, not information.',
  'Of each case: the documents and work files of your own side, the case record, and the decisions both sides can see. The other side’s work files, anyone’s drafts and a tribunal’s drafts are not yours to receive.',
  'Mail: mails.json lists every mail the outbox holds for your address (a sent mail’s record is kept 90 days; its text is deleted once delivered, as it may hold a one-time link). Each case mail also left the notice listed in notices.json with the same content. Mails to anyone else are not included.',
];

/**
 * The 'data-export-jobs' worker: writes the copy of a person's data as a ZIP straight into the 'results'
 * container as it is made (write-manifested-zip.ts), then mails whoever asked that it is ready. A retried
 * run writes the whole ZIP again under the same name.
 */
export async function runDataExportJob(deps: Deps, message: ReceivedMessage, signal: AbortSignal): Promise<void> {
  await runJob(deps, message, signal, 'data-export', (job) => writeDataExport(deps, job));
}

async function writeDataExport(deps: Deps, job: Stored<JobDocument>): Promise<JobResult> {
  const input = dataExportJobInputSchema.parse(job.input);
  const users = deps.store.collection<UserDocument>('users');
  const subject = await users.read(input.subjectUserId, input.subjectUserId);
  if (!subject || subject.closedAt) throw new JobFailure('The account no longer exists.');
  const name = dataExportBlobName(job.id);
  const { stream, manifest } = writeManifestedZip(personalDataFiles(deps, subject), {
    title: `Ratkaisu: the data held about ${subject.email} (GDPR Articles 15 and 20)`,
    createdAt: deps.clock.now().toISOString(),
    notes: input.reason ? [...NOTES, `Made by an administrator for a data-subject request: ${input.reason}`] : NOTES,
  });
  const [stored, written] = await Promise.all([
    deps.blobs.upload('results', name, stream, { contentType: 'application/zip' }),
    manifest,
  ]);

  const requester = await users.read(input.requestedBy.userId, input.requestedBy.userId);
  if (requester) {
    // Through the outbox (recorded, retried while the transport fails), so it is also in the person's next copy.
    const { html: _html, ...message } = dataExportReadyMail(
      requester,
      `${deps.config.publicUrl}/my-data?export=${job.id}`,
    );
    await sendRecordedMail(deps, {
      id: `data-export-ready.${job.id}`,
      message,
      purpose: 'dataExportReady',
      ...(job.tenantId ? { tenantId: job.tenantId } : {}),
    }).catch((error: unknown) => deps.log.warn('The data-export mail could not be recorded', { jobId: job.id, error }));
  }
  return {
    content: '',
    storedAt: { container: 'results', name },
    contentType: 'application/zip',
    extension: 'zip',
    details: [`${written.files.length} files, ${stored.size} bytes.`],
  };
}
