import { type DeletionCertificateView, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { Caller } from '../../context/caller.js';
import { renderMarkdownPdf } from '../../pdf/render-markdown-pdf.js';
import type { BaseDoc } from '../../ports/store.js';
import { requireSuperAdmin } from '../tenants/require-super-admin.js';

/** A certificate of deletion as stored ('tokens', partition = its own id), so it outlives the tenant. */
export interface DeletionCertificateDocument extends BaseDoc, DeletionCertificateView {
  kind: 'deletion-certificate';
  /** The case numbers (or ids) whose data was deleted. */
  caseNumbers: string[];
  /** The tenant's last export before the deletion, when there was one. */
  export?: { exportedAt: string; sha256: string; bytes: number };
}

export const certificateId = (id: string) => `deletion-certificate.${id}`;

export function toCertificateView(doc: DeletionCertificateDocument): DeletionCertificateView {
  return {
    id: doc.id,
    tenantId: doc.tenantId,
    tenantName: doc.tenantName,
    deletedAt: doc.deletedAt,
    deletedBy: doc.deletedBy,
    cases: doc.cases,
    documents: doc.documents,
    blobs: doc.blobs,
    bytes: doc.bytes,
    auditEntries: doc.auditEntries,
    kept: doc.kept,
  };
}

/** The certificates of deletion, newest first (SuperAdmins only). */
export async function listDeletionCertificates(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
): Promise<DeletionCertificateView[]> {
  requireSuperAdmin(caller);
  const page = await deps.store.collection<DeletionCertificateDocument>('tokens').query({
    where: [{ field: 'kind', op: '=', value: 'deletion-certificate' }],
    orderBy: { field: 'deletedAt', direction: 'desc' },
    limit: 100,
  });
  return page.items.map(toCertificateView);
}

/** `GET /api/superadmin/deletion-certificates/{id}`: the certificate as a PDF. */
export async function renderDeletionCertificate(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  id: string,
): Promise<{ pdf: Uint8Array; fileName: string }> {
  requireSuperAdmin(caller);
  const doc = await deps.store.collection<DeletionCertificateDocument>('tokens').read(id, id);
  if (!doc || doc.kind !== 'deletion-certificate') throw new NotFoundError(refusal('retention.certificateNotFound'));
  const cell = (text: string) =>
    text
      .replace(/[|*_`#\\]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const lines = [
    '# Certificate of deletion',
    '',
    `Certificate ${doc.id}`,
    '',
    `Ratkaisu certifies that the data of the customer **${cell(doc.tenantName)}** (tenant ${doc.tenantId}) was ` +
      `deleted from the service on ${doc.deletedAt.replace('T', ' ').slice(0, 19)} UTC at the request of ` +
      `${cell(doc.deletedBy)}, as the data processing agreement provides when a customer stops using the service.`,
    '',
    '## What was deleted',
    '',
    `- **Cases:** ${doc.cases}`,
    `- **Records** (case records, work-file records, decision records, jobs): ${doc.documents}`,
    `- **Files** (documents, work files, decisions, extracted text, job results): ${doc.blobs}, ${doc.bytes} bytes`,
    '- **The tenant record** and its sign-in settings',
    '',
    ...(doc.export
      ? [
          '## The data returned',
          '',
          `The tenant was exported on ${doc.export.exportedAt.replace('T', ' ').slice(0, 19)} UTC as a ZIP of ` +
            `${doc.export.bytes} bytes with the SHA-256 \`${doc.export.sha256}\`; its manifest lists every file ` +
            'with its own SHA-256.',
          '',
        ]
      : ['## The data returned', '', 'The tenant was not exported before the deletion.', '']),
    '## What was kept, and why',
    '',
    ...doc.kept.map((line) => `- ${cell(line)}`),
    '',
    '## The cases',
    '',
    doc.caseNumbers.length > 0 ? doc.caseNumbers.map(cell).join(', ') : 'The tenant had no cases.',
  ];
  const pdf = await renderMarkdownPdf(lines.join('\n'), {
    title: `Certificate of deletion — ${doc.tenantName}`,
    footerText: `Certificate of deletion · ${doc.tenantName}`,
    pageWord: 'Page',
    author: 'Ratkaisu',
    createdAt: new Date(doc.deletedAt),
  });
  return { pdf, fileName: `Certificate-of-deletion_${doc.tenantId}.pdf` };
}
