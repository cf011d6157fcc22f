import type { Deps } from '../../deps.js';
import type { Filter } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import type { AuditDocument, PersonalAuditField } from '../../records/audit-document.js';
import { chainHeadId, type AuditChainHeadDocument } from './audit-chain.js';
import { eraseFields } from './personal-fields.js';

const PAGE = 500;

/** Who is erased: the account's id and the words that identify the person in an entry's text. */
export interface ErasedPerson {
  userId: string;
  email: string;
  userName: string;
  fullName?: string;
}

export interface AuditErasure {
  /** Entries whose personal fields were erased now. */
  erased: number;
  /** Entries about the person written before fields were sealed: their text is covered by the chain as it is. */
  unsealed: number;
}

/**
 * Erases the person's personal data from the audit log without breaking its chain (personal-fields.ts): in
 * every entry the person made, their e-mail address and IP address; in every entry made by them, by someone
 * else about their account, or in their name, a `details` or `errorMessage` text that names them (their e-mail
 * address, user name or full name). What the entry records — who (the account id, which no longer leads to a
 * person), what, when, on which case — stays, and `npm run audit:verify` still passes. Each entry is changed
 * with a conditional write; the chain head's copy of its latest entry is erased too.
 */
export async function erasePersonalAuditData(
  deps: Pick<Deps, 'store' | 'clock'>,
  person: ErasedPerson,
): Promise<AuditErasure> {
  const audit = deps.store.collection<AuditDocument>('audit');
  const at = deps.clock.now().toISOString();
  const names = [person.email, person.userName, person.fullName]
    .map((name) => name?.trim().toLowerCase())
    .filter((name): name is string => !!name && name.length >= 3);
  const seen = new Set<string>();
  const erasedByChain = new Map<string, Map<string, AuditDocument>>();
  let erased = 0;
  let unsealed = 0;

  const lookups: Filter[][] = [
    [{ field: 'userId', op: '=', value: person.userId }],
    [{ field: 'entityId', op: '=', value: person.userId }],
    [{ field: 'userEmail', op: '=', value: person.email }],
  ];
  for (const where of lookups) {
    let continuation: string | undefined;
    do {
      const page = await audit.query({ where, limit: PAGE, ...(continuation ? { continuation } : {}) });
      for (const entry of page.items) {
        if (seen.has(entry.id)) continue;
        seen.add(entry.id);
        const fields = fieldsToErase(entry, person, names);
        if (fields.length === 0) continue;
        if (!entry.personal) {
          unsealed++;
          continue;
        }
        const result = await changeRecord(audit, { pk: entry.pk, id: entry.id }, (current) => {
          const next = eraseFields(withoutEtag(current), fields, at);
          return next === current || next.erasedAt !== at ? undefined : next;
        });
        if (result.outcome !== 'written') continue;
        erased++;
        const chain = String(result.record.chain ?? '');
        if (!erasedByChain.has(chain)) erasedByChain.set(chain, new Map());
        erasedByChain.get(chain)!.set(entry.id, withoutEtag(result.record));
      }
      continuation = page.continuation;
    } while (continuation);
  }
  for (const [chain, entries] of erasedByChain) await eraseFromHead(deps, chain, entries);
  return { erased, unsealed };
}

function fieldsToErase(entry: AuditDocument, person: ErasedPerson, names: readonly string[]): PersonalAuditField[] {
  const fields: PersonalAuditField[] = [];
  const byPerson = entry.userId === person.userId || entry.userEmail?.toLowerCase() === person.email.toLowerCase();
  if (byPerson && entry.userEmail !== undefined) fields.push('userEmail');
  if (byPerson && entry.ipAddress !== undefined) fields.push('ipAddress');
  for (const field of ['details', 'errorMessage'] as const) {
    const text = entry[field]?.toLowerCase();
    if (text && names.some((name) => text.includes(name))) fields.push(field);
  }
  return fields;
}

/** The head keeps a copy of its chain's latest entry (record-audit.ts): erased the same way when it is one of these. */
async function eraseFromHead(
  deps: Pick<Deps, 'store'>,
  chain: string,
  entries: ReadonlyMap<string, AuditDocument>,
): Promise<void> {
  const headId = chainHeadId(chain);
  await changeRecord(deps.store.collection<AuditChainHeadDocument>('tokens'), { pk: headId, id: headId }, (head) => {
    const replacement = entries.get(head.last.id);
    return replacement ? { ...withoutEtag(head), last: replacement } : undefined;
  });
}

function withoutEtag<T extends { _etag?: string }>(doc: T): Omit<T, '_etag'> {
  const { _etag: _ignored, ...rest } = doc;
  return rest;
}
