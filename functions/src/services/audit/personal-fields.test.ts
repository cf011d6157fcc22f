import { describe, expect, it } from 'vitest';
import type { AuditDocument } from '../../records/audit-document.js';
import { GENESIS_HASH, hashAuditEntry } from './audit-chain.js';
import { eraseFields, personalFieldsBreak, sealPersonalFields } from './personal-fields.js';

function sealedEntry(): AuditDocument {
  const entry: AuditDocument = {
    ...sealPersonalFields({
      action: 'Login' as const,
      userId: 'u1',
      userEmail: 'maija@example.fi',
      ipAddress: '192.0.2.7',
      details: 'Sign-in name: maija',
      success: true,
    }),
    id: 'e1',
    pk: '2027-03',
    timestamp: '2027-03-03T08:00:00.000Z',
    chain: 'default',
    seq: 1,
    prevHash: GENESIS_HASH,
  };
  entry.hash = hashAuditEntry(entry);
  return entry;
}

describe('personal fields of an audit entry', () => {
  it('are sealed with a key each, and the hash covers the digests, not the text', () => {
    const entry = sealedEntry();
    expect(Object.keys(entry.personal!).sort()).toEqual(['details', 'ipAddress', 'userEmail']);
    expect(new Set(Object.values(entry.personal!).map((seal) => seal.key)).size).toBe(3);
    expect(personalFieldsBreak(entry)).toBeUndefined();
  });

  it('erased, leave the hash as it was and say which fields went', () => {
    const entry = sealedEntry();
    const erased = eraseFields(entry, ['userEmail', 'ipAddress'], '2027-04-01T00:00:00.000Z');
    expect(erased.userEmail).toBeUndefined();
    expect(erased.ipAddress).toBeUndefined();
    expect(erased.personal!.userEmail).toEqual({ digest: entry.personal!.userEmail!.digest });
    expect(erased.details).toBe('Sign-in name: maija');
    expect(hashAuditEntry(erased)).toBe(entry.hash);
    expect(personalFieldsBreak(erased)).toBeUndefined();
  });

  it('changed after writing, are caught: a text that is not the sealed one, or a text put back after erasure', () => {
    const edited = { ...sealedEntry(), userEmail: 'someone@else.fi' };
    expect(hashAuditEntry(edited)).toBe(edited.hash);
    expect(personalFieldsBreak(edited)).toMatch(/userEmail does not match its seal/);
    const erased = eraseFields(sealedEntry(), ['userEmail'], '2027-04-01T00:00:00.000Z');
    expect(personalFieldsBreak({ ...erased, userEmail: 'forged@example.fi' })).toMatch(/erased, yet a text/);
    // A field added where none was sealed changes the hash itself.
    const added = { ...sealedEntry(), errorMessage: 'added later' };
    expect(hashAuditEntry(added)).not.toBe(added.hash);
  });

  it('on an entry written before sealing, are hashed as before', () => {
    const legacy: AuditDocument = {
      id: 'e0',
      pk: '2026-01',
      timestamp: '2026-01-01T00:00:00.000Z',
      action: 'Login',
      userEmail: 'old@example.fi',
      success: true,
    };
    expect(hashAuditEntry(legacy)).toBe(hashAuditEntry({ ...legacy, personal: undefined }));
    expect(hashAuditEntry({ ...legacy, userEmail: 'x@example.fi' })).not.toBe(hashAuditEntry(legacy));
  });
});
