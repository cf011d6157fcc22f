import { describe, expect, it } from 'vitest';
import { canonicalAuditEntry, GENESIS_HASH, hashAuditEntry } from './audit-chain.js';
import type { AuditDocument } from '../../records/audit-document.js';

const entry: AuditDocument = {
  id: '1772442000000-000000-0011223344556677',
  pk: '2026-03',
  timestamp: '2026-03-02T09:00:00.000Z',
  action: 'CreateUser',
  userId: 'u1',
  userEmail: 'root@example.fi',
  entityType: 'User',
  entityId: 'u2',
  success: true,
  ipAddress: '192.0.2.1',
  details: 'roles: User',
  tenantId: 't1',
  chain: 't1',
  seq: 1,
  prevHash: GENESIS_HASH,
};

describe('the audit entry hash', () => {
  it('does not depend on the order the fields were set in', () => {
    const reordered = Object.fromEntries(Object.entries(entry).reverse()) as unknown as AuditDocument;
    expect(hashAuditEntry(reordered)).toBe(hashAuditEntry(entry));
    expect(hashAuditEntry(entry)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with every field it covers, and with a field removed', () => {
    const base = hashAuditEntry(entry);
    const changes: Partial<AuditDocument>[] = [
      { id: 'other' },
      { timestamp: '2026-03-02T09:00:00.001Z' },
      { action: 'DeleteUser' },
      { userId: 'u9' },
      { userEmail: 'x@example.fi' },
      { entityType: 'Tenant' },
      { entityId: 'u3' },
      { success: false },
      { ipAddress: '192.0.2.2' },
      { details: 'roles: Admin' },
      { errorMessage: 'oops' },
      { tenantId: 't2' },
      { chain: 't2' },
      { seq: 2 },
      { prevHash: 'f'.repeat(64) },
    ];
    for (const change of changes)
      expect(hashAuditEntry({ ...entry, ...change }), JSON.stringify(change)).not.toBe(base);
    const { details: _details, ...withoutDetails } = entry;
    expect(hashAuditEntry(withoutDetails)).not.toBe(base);
  });

  it('ignores its own hash and the partition key, which follow from the rest', () => {
    expect(hashAuditEntry({ ...entry, hash: 'anything', pk: '1999-01' })).toBe(hashAuditEntry(entry));
  });

  it('tells a value from the same text elsewhere: fields are named, not concatenated', () => {
    expect(canonicalAuditEntry({ ...entry, details: 'a', errorMessage: 'b' })).not.toBe(
      canonicalAuditEntry({ ...entry, details: 'ab', errorMessage: undefined }),
    );
  });
});
