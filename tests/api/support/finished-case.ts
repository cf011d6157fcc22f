import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../../../functions/src/ports/clock.js';
import type { AwardDocument } from '../../../functions/src/services/awards/award-document.js';
import {
  withLookupIndexes,
  type DisputeDocument,
  type PhaseRecord,
} from '../../../functions/src/services/disputes/dispute-document.js';
import type { WorkFileDocument } from '../../../functions/src/services/files/work-file-document.js';
import type { JobDocument } from '../../../functions/src/services/jobs/job-document.js';
import type { TestHost } from './start-host.js';

/** Where a fixture case keeps its bytes: each blob with the SHA-256 of what was written. */
export interface FixtureBlob {
  container: 'attachments' | 'workfiles' | 'results';
  name: string;
  sha256: string;
  size: number;
}

export interface FinishedCase {
  dispute: DisputeDocument;
  blobs: FixtureBlob[];
  awardSha256: string;
}

let caseSeq = 0;

/**
 * A case of `tenantId` as the data lifecycle finds it, written straight into the store and Blob Storage: filed
 * documents, a work file, a job's result and an issued award (record and PDF), final since `finishedAt` —
 * or open, with `open`. Faster than playing a case through to its award, which the tribunal tests do.
 */
export async function writeFinishedCase(
  host: TestHost,
  clock: Clock,
  options: {
    tenantId: string;
    claimantEmail: string;
    respondentEmail: string;
    finishedAt?: string;
    documents?: number;
    documentBytes?: number;
    open?: boolean;
  },
): Promise<FinishedCase> {
  const id = randomUUID();
  const now = clock.now().toISOString();
  const finishedAt = options.finishedAt ?? now;
  const blobs: FixtureBlob[] = [];
  const put = async (container: FixtureBlob['container'], bytes: Buffer) => {
    const name = randomUUID();
    await host.deps.blobs.upload(container, name, bytes, { contentType: 'application/pdf' });
    const blob = { container, name, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
    blobs.push(blob);
    return blob;
  };

  const claimFiles = [];
  for (let index = 0; index < (options.documents ?? 2); index++) {
    const blob = await put('attachments', randomBytes(options.documentBytes ?? 2048));
    claimFiles.push({
      id: randomUUID(),
      fileName: `Liite ${index + 1}.pdf`,
      dateCreated: now,
      blobName: blob.name,
      size: blob.size,
      sha256: blob.sha256,
    });
  }
  const awardPdf = await put('attachments', randomBytes(4096));
  const awardId = randomUUID();
  const phases: PhaseRecord[] = [
    { id: randomUUID(), type: 'Claim', dateCreated: now, dateCompleted: now, attachments: claimFiles },
    {
      id: randomUUID(),
      type: 'Resolution',
      dateCreated: now,
      attachments: options.open
        ? []
        : [
            {
              id: awardId,
              fileName: 'Award.pdf',
              dateCreated: finishedAt,
              status: 'Completed',
              decisionKind: 'award',
              blobName: awardPdf.name,
              sha256: awardPdf.sha256,
              size: awardPdf.size,
            },
          ],
    },
  ];
  const caseNumber = `RAT-2026-9${String(++caseSeq).padStart(5, '0')}${id.slice(0, 2)}`;
  const dispute: DisputeDocument = withLookupIndexes({
    id,
    pk: id,
    name: `Toimitusriita ${caseNumber}`,
    description: 'Palkit myöhässä.',
    dateCreated: now,
    createdBy: { id: randomUUID(), email: options.claimantEmail },
    claimant: {
      name: 'Kantaja Oy',
      identificationNumber: '1234567-8',
      email: options.claimantEmail,
      address: 'Katu 1',
    },
    respondent: {
      name: 'Vastaaja Oy',
      identificationNumber: '7654321-0',
      email: options.respondentEmail,
      address: 'Tie 2',
    },
    claimantEmailKey: options.claimantEmail.toLowerCase(),
    respondentEmailKey: options.respondentEmail.toLowerCase(),
    status: options.open ? 'InProgress' : 'Resolved',
    phases,
    activePhaseId: phases[1]!.id,
    tenantId: options.tenantId,
    phaseIds: [],
    attachmentIds: [],
    caseNumber,
    language: 'fi',
    ...(options.open ? {} : { outcome: { kind: 'award' as const, decisionId: awardId, at: finishedAt } }),
  });
  await host.deps.store.collection<DisputeDocument>('disputes').create(dispute);

  const workFile = await put('workfiles', randomBytes(1024));
  await host.deps.store.collection<WorkFileDocument>('files').create({
    id: randomUUID(),
    pk: id,
    disputeId: id,
    side: 'respondent',
    fileName: 'Muistiinpanot.pdf',
    blobName: workFile.name,
    size: workFile.size,
    dateCreated: now,
    uploadedBy: 'respondent',
    sha256: workFile.sha256,
  });
  const draft = await put('attachments', Buffer.from(`# Luonnos ${id}\n\nVälimiesoikeuden luonnos.`));
  if (!options.open) {
    // The fields the data lifecycle reads; the rest of an award's record is the tribunal's (award-document.ts).
    const award = {
      id: awardId,
      pk: id,
      disputeId: id,
      kind: 'award',
      status: 'Issued',
      caseNumber,
      version: 1,
      versions: [
        { version: 1, savedAt: now, savedBy: { userId: 'chair', name: 'Chair' }, source: 'ai', blobName: draft.name },
      ],
      pdfBlobName: awardPdf.name,
      pdfSha256: awardPdf.sha256,
      issuedAt: finishedAt,
    } as unknown as AwardDocument;
    await host.deps.store.collection<AwardDocument>('awards').create(award);
  }
  const result = await put('results', randomBytes(512));
  const jobId = randomUUID();
  await host.deps.store.collection<JobDocument>('jobs').create({
    id: jobId,
    pk: jobId,
    kind: 'decision',
    status: 'Completed',
    ownerId: 'claimant',
    disputeId: id,
    tenantId: options.tenantId,
    attempts: 1,
    cancelRequested: false,
    resultBlob: result.name,
    input: {},
    createdAt: now,
    updatedAt: now,
  } as JobDocument);
  return { dispute, blobs, awardSha256: awardPdf.sha256 };
}
