import { AUDIT_ACTIONS, type AuditAction } from '@ratkaisu/core';
import type { BaseDoc } from '../ports/store.js';

// The action list lives in core, so the admin screens offer exactly what the server records.
export { AUDIT_ACTIONS, type AuditAction };

/** One audit entry. Partitioned by month (`YYYY-MM`), so a date range touches few partitions. Never holds passwords or tokens. */
export interface AuditDocument extends BaseDoc {
  timestamp: string;
  action: AuditAction;
  userId?: string;
  userEmail?: string;
  entityType?: string;
  entityId?: string;
  success: boolean;
  ipAddress?: string;
  details?: string;
  errorMessage?: string;
  /** The tenant the entry concerns (given, else the acting user's); absent for system entries. */
  tenantId?: string;
  /**
   * Tamper evidence (audit-chain.ts): the chain (tenant id or `system`), the
   * entry's position in it from 1, the previous entry's hash and this entry's.
   * Absent on entries written before the log was chained.
   */
  chain?: string;
  seq?: number;
  prevHash?: string;
  hash?: string;
  /**
   * Erasable personal fields (services/audit/personal-fields.ts): for each of `userEmail`, `ipAddress`, `details`
   * and `errorMessage` the entry had, an HMAC-SHA256 of its text under a random key of its own. The chain's hash
   * covers the digest instead of the text, so erasing a field (its text and its key) leaves every hash as it
   * was. Absent on entries written before: their hash covers the text itself, and they cannot be erased.
   */
  personal?: Partial<Record<PersonalAuditField, PersonalFieldSeal>>;
  /** When personal fields of the entry were erased (the fields are those whose seal has no key left). */
  erasedAt?: string;
}

export const PERSONAL_AUDIT_FIELDS = ['userEmail', 'ipAddress', 'details', 'errorMessage'] as const;
export type PersonalAuditField = (typeof PERSONAL_AUDIT_FIELDS)[number];

export interface PersonalFieldSeal {
  /** Hex HMAC-SHA256 of the field's text under `key`. */
  digest: string;
  /** base64 of the 32 random bytes the digest was keyed with; erased with the text. */
  key?: string;
}

/** The personal fields of an entry that were erased: sealed, and the text and its key gone. */
export function erasedAuditFields(entry: Pick<AuditDocument, 'personal'>): PersonalAuditField[] {
  return PERSONAL_AUDIT_FIELDS.filter((field) => entry.personal?.[field] && !entry.personal[field].key);
}
