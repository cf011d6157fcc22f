import { createHash } from 'node:crypto';
import type { BaseDoc } from '../../ports/store.js';
import { PERSONAL_AUDIT_FIELDS, type AuditDocument, type PersonalAuditField } from '../../records/audit-document.js';
import { sealedValue } from './personal-fields.js';

/**
 * The audit log is tamper-evident: the entries of one tenant form a chain in
 * which each entry carries the SHA-256 of the entry before it, over a
 * canonical serialisation of its fields. Changing, removing or inserting an
 * entry breaks the chain at that point unless every later hash is recomputed
 * too, and the chain head's hash (reported by the verifier) can be recorded
 * outside the store to catch even that.
 */

/** The chain of entries that concern no tenant (sign-in attempts for unknown names and the like). */
export const SYSTEM_CHAIN = 'system';

/** What the first entry of a chain names as its predecessor's hash. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * The fields a hash covers, in this order. `pk` is left out: it is derived
 * from the timestamp. A field the entry does not have counts as null, so
 * adding an optional field later changes no existing hash.
 */
const HASHED_FIELDS = [
  'id',
  'timestamp',
  'action',
  'userId',
  'userEmail',
  'entityType',
  'entityId',
  'success',
  'ipAddress',
  'details',
  'errorMessage',
  'tenantId',
  'chain',
  'seq',
  'prevHash',
] as const satisfies readonly (keyof AuditDocument)[];

/**
 * The canonical serialisation: a JSON array of [field, value] pairs in the
 * fixed order above. JSON.stringify is deterministic for strings, numbers,
 * booleans and null, which is all an entry holds.
 */
export function canonicalAuditEntry(entry: AuditDocument): string {
  // A sealed entry (personal-fields.ts) is hashed over its personal fields' digests, so erasing their text keeps the hash.
  const sealed = entry.personal;
  const valueOf = (field: (typeof HASHED_FIELDS)[number]) => {
    if (sealed && (PERSONAL_AUDIT_FIELDS as readonly string[]).includes(field)) {
      const seal = sealed[field as PersonalAuditField];
      if (seal) return sealedValue(seal);
    }
    return entry[field] ?? null;
  };
  return JSON.stringify(HASHED_FIELDS.map((field) => [field, valueOf(field)]));
}

/** The entry's hash as hex SHA-256 of its canonical serialisation. */
export function hashAuditEntry(entry: AuditDocument): string {
  return createHash('sha256').update(canonicalAuditEntry(entry), 'utf8').digest('hex');
}

/**
 * The head of one chain: the position and hash of its latest entry, and that
 * entry itself. Appends serialise through a conditional write of this
 * document, so two appends can never both extend the same entry. Carrying the
 * latest entry lets the next append write it if its own writer stopped
 * between moving the head and writing the entry.
 *
 * Heads live in the `tokens` collection (with the other small bookkeeping
 * documents) so the `audit` collection holds entries only.
 */
export interface AuditChainHeadDocument extends BaseDoc {
  kind: 'audit-chain-head';
  chain: string;
  seq: number;
  hash: string;
  last: AuditDocument;
}

export function chainHeadId(chain: string): string {
  return `audit-chain.${chain}`;
}
