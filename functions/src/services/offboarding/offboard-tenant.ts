import { randomUUID } from 'node:crypto';
import {
  type DeletionCertificateView,
  offboardTenantSchema,
  refusal,
  tenantHasOpenCasesRefusal,
  tenantHasUsersRefusal,
} from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, NotFoundError, TenantHasOpenCasesError, ValidationError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import type { AuditDocument } from '../../records/audit-document.js';
import { DEFAULT_TENANT_ID, type TenantDocument } from '../../records/tenant-document.js';
import type { UserDocument } from '../../records/user-document.js';
import { auditedAction } from '../audit/audited-action.js';
import { changeDispute } from '../disputes/change-dispute.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import { purgeCaseData } from '../retention/purge-case-data.js';
import { finishedAtOf } from '../retention/retention-dates.js';
import { deleteTenant } from '../tenants/delete-tenant.js';
import { requireSuperAdmin } from '../tenants/require-super-admin.js';
import { certificateId, toCertificateView, type DeletionCertificateDocument } from './deletion-certificate.js';
import { tenantExportId, type TenantExportDocument } from './export-tenant.js';
import { tenantCases } from './tenant-cases.js';

/**
 * `POST /api/superadmin/tenants/{id}/offboard` `{ confirm: <the tenant's name> }`: the DPA's deletion when a
 * customer leaves (docs/data-lifecycle.md). Refused while the tenant has open cases or cases under a legal hold
 * (with their list) or users (moved or deleted first). Deletes every finished case's data as the retention
 * sweep does, without a tombstone, then the tenant, and writes a certificate of deletion (PDF at
 * `GET /api/superadmin/deletion-certificates/{id}`) naming what went, what was kept and why, and the last
 * export's SHA-256. Keeping the tenant instead is simply not calling this: the export leaves it as it was.
 */
export async function offboardTenant(
  deps: Deps,
  caller: Caller,
  tenantId: string,
  input: unknown,
  client: ClientInfo,
): Promise<DeletionCertificateView> {
  return auditedAction(
    deps,
    caller,
    client,
    { action: 'OffboardTenant', entityType: 'Tenant', entityId: tenantId },
    async (note) => {
      requireSuperAdmin(caller);
      const { confirm } = offboardTenantSchema.parse(input);
      if (tenantId === DEFAULT_TENANT_ID) throw new ConflictError(refusal('admin.defaultTenantUndeletable'));
      const tenant = await deps.store.collection<TenantDocument>('tenants').read(tenantId, tenantId);
      if (!tenant) throw new NotFoundError(refusal('admin.tenantNotFound'));
      note.tenantId = tenantId;
      if (confirm !== tenant.name) {
        throw new ValidationError(refusal('admin.confirmTenantName'), { confirm: refusal('admin.confirmTenantName') });
      }
      const cases = await tenantCases(deps, tenantId);
      if (cases.open.length > 0) {
        throw new TenantHasOpenCasesError(tenantHasOpenCasesRefusal(cases.open), cases.open);
      }
      if (cases.held.length > 0) {
        throw new TenantHasOpenCasesError(
          refusal('retention.tenantHasHeldCases', { cases: cases.held.join(', ') }),
          cases.held,
        );
      }
      const users = await deps.store
        .collection<UserDocument>('users')
        .count({ where: [{ field: 'tenantId', op: '=', value: tenantId }] });
      if (users > 0) throw new ConflictError(tenantHasUsersRefusal(users));

      const now = deps.clock.now().toISOString();
      const totals = { cases: 0, documents: 0, blobs: 0, bytes: 0 };
      const kept = new Set<string>();
      const caseNumbers: string[] = [];
      for (const disputeId of cases.finished) {
        const purged = await purgeOne(deps, disputeId, now);
        if (!purged) continue;
        totals.cases++;
        totals.documents += purged.records;
        totals.blobs += purged.blobs;
        totals.bytes += purged.bytes;
        for (const blob of purged.kept) kept.add(blob);
        caseNumbers.push(purged.tombstone.caseNumber ?? purged.tombstone.disputeId);
      }
      await deleteTenant(deps, caller, tenantId, client);

      const auditEntries = await deps.store
        .collection<AuditDocument>('audit')
        .count({ where: [{ field: 'chain', op: '=', value: tenantId }] });
      const last = await deps.store
        .collection<TenantExportDocument>('tokens')
        .read(tenantExportId(tenantId), tenantExportId(tenantId));
      const id = certificateId(randomUUID());
      const certificate: DeletionCertificateDocument = {
        id,
        pk: id,
        kind: 'deletion-certificate',
        tenantId,
        tenantName: tenant.name,
        deletedAt: now,
        deletedBy: caller.email,
        ...totals,
        auditEntries,
        caseNumbers,
        ...(last ? { export: { exportedAt: last.exportedAt, sha256: last.sha256, bytes: last.bytes } } : {}),
        kept: [
          `The tenant's audit chain (${auditEntries} entries) is kept for its retention (at least six months, EU AI ` +
            'Act Arts. 19 and 26(6)) and as the record of what was done; its daily sweep removes it after.',
          ...(kept.size > 0
            ? [
                `${kept.size} files in write-once storage (issued awards, corrections, sealed decisions, receipts) ` +
                  'are kept until their immutability period ends; nothing can delete them before.',
              ]
            : []),
          'This certificate, which names the tenant and its case numbers.',
        ],
      };
      await deps.store.collection<DeletionCertificateDocument>('tokens').create(certificate);
      note.details =
        `Tenant ${tenant.name} offboarded: ${totals.cases} cases, ${totals.documents} records, ${totals.blobs} files ` +
        `(${totals.bytes} bytes) deleted; certificate ${id}`;
      return toCertificateView(certificate);
    },
  );
}

/** Marks a finished case as being deleted (unless a hold came in between), then deletes its data. */
async function purgeOne(deps: Deps, disputeId: string, now: string) {
  let finishedAt: string | undefined;
  const marked = await changeDispute(deps, disputeId, (current) => {
    finishedAt = finishedAtOf(current);
    if (!finishedAt)
      throw new TenantHasOpenCasesError(tenantHasOpenCasesRefusal([current.caseNumber ?? current.id]), [
        current.caseNumber ?? current.id,
      ]);
    if (current.legalHold) {
      const label = current.caseNumber ?? current.id;
      throw new TenantHasOpenCasesError(refusal('retention.tenantHasHeldCases', { cases: [label].join(', ') }), [
        label,
      ]);
    }
    return current.retention?.deletingAt
      ? undefined
      : {
          ...current,
          retention: { ...(current.retention ?? { finishedAt: finishedAt, deleteAfter: now }), deletingAt: now },
        };
  }).catch((error: unknown) => {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  });
  if (!marked || !finishedAt) return undefined;
  const stored = await deps.store.collection<DisputeDocument>('disputes').read(disputeId, disputeId);
  if (!stored) return undefined;
  return purgeCaseData(deps, stored, { finishedAt, deletedAt: now, keepTombstone: false });
}
