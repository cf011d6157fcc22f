import { createHash } from 'node:crypto';
import { PassThrough, Readable, Transform } from 'node:stream';
import { ZipArchive } from 'archiver';
import { formatIsoDate, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { openServedDocument } from '../awards/read-write-once-original.js';
import { NotFoundError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import type { BaseDoc } from '../../ports/store.js';
import type { AuditDocument } from '../../records/audit-document.js';
import type { TenantDocument } from '../../records/tenant-document.js';
import { changeOrCreateRecord } from '../../records/change-record.js';
import { recordAudit } from '../audit/record-audit.js';
import type { AwardDocument } from '../awards/award-document.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import type { WorkFileDocument } from '../files/work-file-document.js';
import { requireSuperAdmin } from '../tenants/require-super-admin.js';
import { toTenantView } from '../tenants/tenant-view.js';
import { eachTenantCase } from './tenant-cases.js';

/** One file of the export as its manifest lists it. */
export interface ManifestEntry {
  path: string;
  sha256: string;
  size: number;
  what: string;
}

/** The last export of a tenant, which its certificate of deletion names. */
export interface TenantExportDocument extends BaseDoc {
  kind: 'tenant-export';
  tenantId: string;
  exportedAt: string;
  exportedBy: string;
  sha256: string;
  bytes: number;
  files: number;
}

export const tenantExportId = (tenantId: string) => `tenant-export.${tenantId}`;

const PAGE = 200;

/**
 * `GET /api/superadmin/tenants/{id}/export`: everything the tenant's customer is owed back under the DPA —
 * every case record, document, work file, decision (record and PDF) and the tenant's audit chain — as one
 * ZIP streamed to the caller with `manifest.json` last (each file's path, SHA-256, size and what it is).
 * Memory stays bounded whatever the tenant's size: cases are read a page at a time, one file is streamed at
 * a time and the archive waits for the caller to read (the archive's own backpressure). The ZIP's SHA-256 is
 * recorded when it is complete (audited as ExportTenant), for the certificate of deletion to name.
 */
export async function exportTenant(
  deps: Deps,
  caller: Caller,
  tenantId: string,
  client: ClientInfo,
): Promise<{ stream: Readable; fileName: string }> {
  requireSuperAdmin(caller);
  const tenant = await deps.store.collection<TenantDocument>('tenants').read(tenantId, tenantId);
  if (!tenant) throw new NotFoundError(refusal('admin.tenantNotFound'));

  const archive = new ZipArchive({ zlib: { level: 6 } });
  const output = new PassThrough();
  const zipHash = createHash('sha256');
  let zipBytes = 0;
  let fileCount = 0;
  archive.on('data', (chunk: Buffer) => {
    zipHash.update(chunk);
    zipBytes += chunk.length;
  });
  archive.pipe(output);

  const fill = async () => {
    const manifest: ManifestEntry[] = [];
    const add = async (path: string, what: string, source: Readable | Buffer, store = false) => {
      const hash = createHash('sha256');
      let size = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      const entered = new Promise<void>((resolve, reject) => {
        const onEntry = (entry: { name: string }) => {
          if (entry.name !== path) return;
          archive.off('entry', onEntry);
          archive.off('error', reject);
          resolve();
        };
        archive.on('entry', onEntry);
        archive.once('error', reject);
      });
      const stream = Buffer.isBuffer(source) ? Readable.from([source]) : source;
      archive.append(stream.pipe(tap), { name: path, store });
      await entered;
      manifest.push({ path, sha256: hash.digest('hex'), size, what });
    };
    const json = (value: unknown) => Buffer.from(JSON.stringify(value, null, 2), 'utf8');

    await add('tenant.json', 'The tenant', json(toTenantView(tenant)));
    let cases = 0;
    for await (const dispute of eachTenantCase(deps, tenantId)) {
      cases++;
      await addCase(deps, dispute, add, json);
    }
    await add('audit/entries.jsonl', "The tenant's audit chain, one entry a line", auditLines(deps, tenantId));
    await add(
      'manifest.json',
      'This list',
      json({
        tenant: { id: tenant.id, name: tenant.name },
        exportedAt: deps.clock.now().toISOString(),
        cases,
        files: manifest,
      }),
    );
    fileCount = manifest.length;
    await archive.finalize();
  };

  output.on('end', () => {
    void recordExport(deps, caller, client, tenantId, zipHash.digest('hex'), zipBytes, fileCount);
  });
  fill().catch((error: unknown) => {
    deps.log.error('The tenant export failed', { tenantId, error });
    output.destroy(error instanceof Error ? error : new Error(String(error)));
    archive.abort();
  });
  // The Helsinki day (core's file-name date): an export at 00:30 in Helsinki is dated that day.
  const stamp = formatIsoDate(deps.clock.now());
  return { stream: output, fileName: `Ratkaisu-export_${tenant.domain || tenant.id}_${stamp}.zip` };
}

type Add = (path: string, what: string, source: Readable | Buffer, store?: boolean) => Promise<void>;

async function addCase(
  deps: Deps,
  dispute: DisputeDocument & { _etag?: string },
  add: Add,
  json: (value: unknown) => Buffer,
): Promise<void> {
  const { _etag, ...record } = dispute;
  const folder = `cases/${safe(dispute.caseNumber ?? dispute.id)}`;
  await add(`${folder}/case.json`, 'The case record: parties, phases, tribunal, outcome', json(record));
  for (const [index, phase] of dispute.phases.entries()) {
    for (const file of phase.attachments) {
      if (!file.blobName) continue;
      const download = await deps.blobs.download('attachments', file.blobName);
      if (!download) continue;
      const path = `${folder}/documents/${String(index + 1).padStart(2, '0')}-${phase.type}/${file.id.slice(0, 8)}-${safe(file.fileName)}`;
      await add(path, `A document of the ${phase.type} phase`, download.stream, true);
    }
  }
  const files = deps.store.collection<WorkFileDocument>('files');
  let continuation: string | undefined;
  do {
    const page = await files.query({
      partitionKey: dispute.id,
      where: [{ field: 'disputeId', op: '=', value: dispute.id }],
      limit: PAGE,
      ...(continuation ? { continuation } : {}),
    });
    for (const file of page.items) {
      const download = await deps.blobs.download('workfiles', file.blobName);
      if (!download) continue;
      const path = `${folder}/work-files/${file.side}/${file.id.slice(0, 8)}-${safe(file.fileName)}`;
      await add(path, `A work file of the ${file.side}`, download.stream, true);
    }
    continuation = page.continuation;
  } while (continuation);
  const awards = deps.store.collection<AwardDocument>('awards');
  continuation = undefined;
  do {
    const page = await awards.query({
      partitionKey: dispute.id,
      where: [{ field: 'pk', op: '=', value: dispute.id }],
      limit: PAGE,
      ...(continuation ? { continuation } : {}),
    });
    for (const award of page.items) {
      const { _etag: _awardEtag, ...awardRecord } = award;
      await add(
        `${folder}/decisions/${award.id}.json`,
        `The ${award.kind} record: versions, signatures, receipts`,
        json(awardRecord),
      );
      for (const version of award.versions ?? []) {
        const text = await deps.blobs.download('attachments', version.blobName);
        if (!text) continue;
        const what = `Version ${version.version} of the ${award.kind}'s text (${version.source})`;
        await add(`${folder}/decisions/${award.id}-v${version.version}.md`, what, text.stream);
      }
      // An issued or sealed decision from its write-once original (awards/read-write-once-original.ts).
      const pdf = await openServedDocument(deps, 'attachments', award.pdfBlobName, {
        disputeId: award.disputeId,
        documentId: award.id,
      });
      if (pdf) {
        await add(`${folder}/decisions/${award.id}.pdf`, `The ${award.kind} as the parties have it`, pdf.stream, true);
      }
    }
    continuation = page.continuation;
  } while (continuation);
}

/** The tenant's audit chain as JSON lines, read a page at a time as the archive asks for more. */
function auditLines(deps: Pick<Deps, 'store'>, tenantId: string): Readable {
  const audit = deps.store.collection<AuditDocument>('audit');
  return Readable.from(
    (async function* () {
      let continuation: string | undefined;
      do {
        const page = await audit.query({
          where: [{ field: 'chain', op: '=', value: tenantId }],
          orderBy: { field: 'seq', direction: 'asc' },
          limit: 500,
          ...(continuation ? { continuation } : {}),
        });
        for (const { _etag, ...entry } of page.items) yield Buffer.from(`${JSON.stringify(entry)}\n`, 'utf8');
        continuation = page.continuation;
      } while (continuation);
    })(),
  );
}

/** A path segment from a name: no separators, no control characters, no leading dots. */
function safe(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const UNSAFE = /[\u0000-\u001f\u007f/\\:*?"<>|]+/g;
  return name.replace(UNSAFE, '_').replace(/^\.+/, '_').slice(0, 120) || '_';
}

async function recordExport(
  deps: Deps,
  caller: Caller,
  client: ClientInfo,
  tenantId: string,
  sha256: string,
  bytes: number,
  files: number,
): Promise<void> {
  const id = tenantExportId(tenantId);
  const exportedAt = deps.clock.now().toISOString();
  try {
    await changeOrCreateRecord(deps.store.collection<TenantExportDocument>('tokens'), { pk: id, id }, () => ({
      id,
      pk: id,
      kind: 'tenant-export',
      tenantId,
      exportedAt,
      exportedBy: caller.email,
      sha256,
      bytes,
      files,
    }));
    await recordAudit(deps, {
      action: 'ExportTenant',
      userId: caller.userId,
      userEmail: caller.email,
      entityType: 'Tenant',
      entityId: tenantId,
      tenantId,
      ipAddress: client.ipAddress,
      success: true,
      details: `Tenant exported: ${bytes} bytes, SHA-256 ${sha256}`,
    });
  } catch (error) {
    deps.log.error('Recording a tenant export failed', { tenantId, error });
  }
}
