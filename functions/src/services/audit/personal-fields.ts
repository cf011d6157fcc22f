import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  PERSONAL_AUDIT_FIELDS,
  type AuditDocument,
  type PersonalAuditField,
  type PersonalFieldSeal,
} from '../../records/audit-document.js';

/**
 * Personal data in the audit log, erasable without breaking its chain (docs/data-subject-rights.md): each
 * personal field of a new entry is sealed with an HMAC-SHA256 under a random key of its own, and the chain's
 * hash (audit-chain.ts) covers that digest rather than the text. The text and its key sit beside the digest:
 * erasing a field deletes both, and the digest that remains — keyed by a key nobody has any more — cannot be
 * tested against a guessed e-mail address or IP address. A key per field, not per entry, so that erasing one
 * field of an entry leaves no key that would let the erased one be guessed.
 */

/** What the chain's hash covers for a sealed field instead of its text. */
export function sealedValue(seal: PersonalFieldSeal): string {
  return `hmac-sha256:${seal.digest}`;
}

function digestOf(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text, 'utf8').digest('hex');
}

/** Seals every personal field the entry has (a new entry, before its hash is computed). */
export function sealPersonalFields<T extends Partial<AuditDocument>>(entry: T): T {
  const personal: Partial<Record<PersonalAuditField, PersonalFieldSeal>> = {};
  for (const field of PERSONAL_AUDIT_FIELDS) {
    const text = entry[field];
    if (typeof text !== 'string') continue;
    const key = randomBytes(32);
    personal[field] = { digest: digestOf(key, text), key: key.toString('base64') };
  }
  return { ...entry, personal };
}

/**
 * Why the entry's personal fields do not match their seals, or undefined when they do: a text whose digest
 * under its key is not the sealed one (the text was changed), a text without its key, or a field that has both
 * a seal and no way to check it. An erased field (no text, no key) holds.
 */
export function personalFieldsBreak(entry: AuditDocument): string | undefined {
  if (!entry.personal) return undefined;
  for (const field of PERSONAL_AUDIT_FIELDS) {
    const seal = entry.personal[field];
    const text = entry[field];
    // A field without a seal is covered by the chain's hash as it is (audit-chain.ts).
    if (!seal) continue;
    if (!seal.key) {
      if (text !== undefined && text !== null) return `Its ${field} was erased, yet a text stands in its place.`;
      continue;
    }
    if (typeof text !== 'string') return `Its ${field} is missing while its key is kept: it was removed, not erased.`;
    const expected = Buffer.from(seal.digest, 'hex');
    const actual = Buffer.from(digestOf(Buffer.from(seal.key, 'base64'), text), 'hex');
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
      return `Its ${field} does not match its seal: the text was changed after the entry was written.`;
    }
  }
  return undefined;
}

/** The entry with the named fields erased: their text and key gone, their digests kept. */
export function eraseFields(entry: AuditDocument, fields: readonly PersonalAuditField[], at: string): AuditDocument {
  const erased: AuditDocument = { ...entry, personal: { ...entry.personal } };
  let changed = false;
  for (const field of fields) {
    const seal = erased.personal![field];
    if (!seal?.key) continue;
    erased.personal![field] = { digest: seal.digest };
    delete erased[field];
    changed = true;
  }
  if (changed) erased.erasedAt = at;
  return changed ? erased : entry;
}
