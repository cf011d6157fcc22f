import type { Deps } from '../../deps.js';
import { StoreConflictError, type BaseDoc, type Filter, type Stored } from '../../ports/store.js';
import { changeOrCreateRecord, changeRecord } from '../../records/change-record.js';
import type { UserDocument } from '../../records/user-document.js';
import type { DisputeDocument } from './dispute-document.js';

/**
 * The ids of the cases a user is a party to (docs/architecture.md "Cases and sides"): the cases they opened and
 * those naming their confirmed e-mail on either side. The case list, the deadlines and the dashboard's change
 * token read it and then each case by its id — one read and point reads instead of three visibility queries
 * (docs/benchmarks.md "Case routes").
 *
 * Kept consistent without a transaction across documents:
 * - a case is added to the lists of its parties *before* the case is written (addOpenedCase), so a crash in
 *   between leaves an id without a case — which readers skip — never a case missing from a list;
 * - the list remembers the e-mail key it was built for: when the user's confirmed e-mail is another (confirmed
 *   later, changed), or the list is missing or was started by a new case before it was ever built, it is built
 *   again from the visibility queries (buildPartyCaseList), keeping the cases being opened just now;
 * - an id whose case is gone or no longer the user's is dropped when a reader comes across it (dropStaleCases).
 * Every write is a conditional write of the one list document (records/change-record.ts).
 */
export interface PartyCaseListDocument extends BaseDoc {
  /** pk and id: the user's id. */
  userId: string;
  /** The confirmed e-mail key the list was built for; null when the user had none confirmed. */
  emailKey: string | null;
  /** Built from the visibility queries; false while it holds only cases opened since it was started. */
  complete: boolean;
  /** More cases than a list holds (MAX_LISTED_CASES): readers use the visibility queries instead. */
  overflow?: boolean;
  caseIds: string[];
  /** Cases added while being opened, with when: a rebuild keeps them, as their case may not be written yet. */
  opening: Record<string, string>;
}

/** A dashboard's worth: a person with more cases than this is listed by the queries, page by page. */
export const MAX_LISTED_CASES = 500;

/** How long an id added for a case being opened is kept without its case: far longer than a request takes. */
const OPENING_GRACE_MS = 10 * 60_000;

const lists = (deps: Pick<Deps, 'store'>) => deps.store.collection<PartyCaseListDocument>('caseLists');
const listKey = (userId: string) => ({ pk: userId, id: userId });

/**
 * Deletes the user's list of case ids (an account closed or deleted): it names no one but the user's id, yet
 * nothing of a gone account is kept that is not needed. Answers whether there was one.
 */
export async function forgetPartyCaseList(deps: Pick<Deps, 'store'>, userId: string): Promise<boolean> {
  const key = listKey(userId);
  return lists(deps).delete(key.pk, key.id);
}

/** The case ids to read for the user, or undefined when the user has too many to list this way. */
export async function partyCaseIds(
  deps: Pick<Deps, 'store' | 'clock'>,
  userId: string,
  emailKey: string | undefined,
): Promise<{ caseIds: readonly string[]; opening: Readonly<Record<string, string>> } | undefined> {
  const key = listKey(userId);
  let list: Stored<PartyCaseListDocument> | PartyCaseListDocument | undefined = await lists(deps).read(key.pk, key.id);
  if (!list || !list.complete || list.emailKey !== (emailKey ?? null)) {
    list = await buildPartyCaseList(deps, userId, emailKey);
  }
  return list.overflow ? undefined : { caseIds: list.caseIds, opening: list.opening };
}

/**
 * Builds the user's list from the visibility queries, keeping the ids of cases being opened (added in the last
 * OPENING_GRACE_MS): conditional on the list as read, so a case added meanwhile makes it read and query again.
 */
export async function buildPartyCaseList(
  deps: Pick<Deps, 'store' | 'clock'>,
  userId: string,
  emailKey: string | undefined,
): Promise<PartyCaseListDocument> {
  const result = await changeOrCreateRecord(lists(deps), listKey(userId), async (current) => {
    // Built by a concurrent request meanwhile: nothing to do (readers arriving together do not fight over it).
    if (current?.complete && current.emailKey === (emailKey ?? null)) return undefined;
    const found = (await queryVisibleDisputes(deps, userId, emailKey)).map((dispute) => dispute.id);
    const opening = recentOpenings(deps, current?.opening);
    const caseIds = [...new Set([...found, ...Object.keys(opening)])];
    return {
      ...listKey(userId),
      userId,
      emailKey: emailKey ?? null,
      complete: true,
      ...(caseIds.length > MAX_LISTED_CASES ? { overflow: true } : {}),
      caseIds: caseIds.length > MAX_LISTED_CASES ? [] : caseIds,
      opening,
    };
  });
  return result.record!;
}

/**
 * Adds a case about to be written to the lists of its parties: the opener's, and those of the accounts whose
 * confirmed e-mail either side names. A list that does not exist yet is started (incomplete), so a rebuild
 * racing with this write cannot miss the case.
 */
export async function addOpenedCase(
  deps: Pick<Deps, 'store' | 'clock'>,
  dispute: Pick<DisputeDocument, 'id' | 'createdBy' | 'claimantEmailKey' | 'respondentEmailKey'>,
): Promise<void> {
  const users = deps.store.collection<UserDocument>('users');
  const named = await Promise.all(
    [...new Set([dispute.claimantEmailKey, dispute.respondentEmailKey])].map((emailKey) =>
      users.query({ where: [{ field: 'emailKey', op: '=', value: emailKey }], limit: 10 }),
    ),
  );
  const userIds = new Set([dispute.createdBy.id]);
  for (const page of named) for (const user of page.items) if (user.emailConfirmed) userIds.add(user.id);
  const at = deps.clock.now().toISOString();
  await Promise.all(
    [...userIds].map((userId) =>
      changeOrCreateRecord(lists(deps), listKey(userId), (current) => {
        if (current?.overflow) return undefined;
        const caseIds = current?.caseIds ?? [];
        if (caseIds.includes(dispute.id)) return undefined;
        return {
          ...listKey(userId),
          userId,
          emailKey: current?.emailKey ?? null,
          complete: current?.complete ?? false,
          caseIds: [...caseIds, dispute.id],
          opening: { ...recentOpenings(deps, current?.opening), [dispute.id]: at },
        };
      }),
    ),
  );
}

/**
 * Drops ids a reader found stale: a case that is no longer the user's, or one that does not exist and was not
 * added while being opened in the last OPENING_GRACE_MS. A lost race leaves them for the next reader.
 */
export async function dropStaleCases(
  deps: Pick<Deps, 'store' | 'clock'>,
  userId: string,
  stale: readonly string[],
): Promise<void> {
  if (stale.length === 0) return;
  const drop = new Set(stale);
  try {
    await changeRecord(lists(deps), listKey(userId), (current) => {
      if (!current.caseIds.some((id) => drop.has(id))) return undefined;
      const opening = recentOpenings(deps, current.opening);
      for (const id of drop) delete opening[id];
      return { ...current, caseIds: current.caseIds.filter((id) => !drop.has(id)), opening };
    });
  } catch (error) {
    if (!(error instanceof StoreConflictError)) throw error;
  }
}

/** Whether an id without a case was added for a case being opened moments ago (so it is not stale yet). */
export function isBeingOpened(deps: Pick<Deps, 'clock'>, opening: Readonly<Record<string, string>>, id: string) {
  const at = opening[id];
  return at !== undefined && deps.clock.now().getTime() - Date.parse(at) < OPENING_GRACE_MS;
}

function recentOpenings(deps: Pick<Deps, 'clock'>, opening: Readonly<Record<string, string>> | undefined) {
  const kept: Record<string, string> = {};
  for (const [id, at] of Object.entries(opening ?? {})) if (isBeingOpened(deps, opening!, id)) kept[id] = at;
  return kept;
}

/** The cases the three visibility queries find for the user, each once (docs/architecture.md "Cases and sides"). */
export async function queryVisibleDisputes(
  deps: Pick<Deps, 'store'>,
  userId: string,
  emailKey: string | undefined,
): Promise<Stored<DisputeDocument>[]> {
  const filters: Filter[] = [{ field: 'createdBy.id', op: '=', value: userId }];
  if (emailKey !== undefined) {
    filters.push({ field: 'claimantEmailKey', op: '=', value: emailKey });
    filters.push({ field: 'respondentEmailKey', op: '=', value: emailKey });
  }
  const pages = await Promise.all(filters.map((filter) => queryAllDisputes(deps, filter)));
  const byId = new Map<string, Stored<DisputeDocument>>();
  for (const dispute of pages.flat()) byId.set(dispute.id, dispute);
  return [...byId.values()];
}

/** Every case matching one visibility filter, page by page. */
async function queryAllDisputes(deps: Pick<Deps, 'store'>, filter: Filter): Promise<Stored<DisputeDocument>[]> {
  const disputes = deps.store.collection<DisputeDocument>('disputes');
  const items: Stored<DisputeDocument>[] = [];
  let continuation: string | undefined;
  do {
    const page = await disputes.query({ where: [filter], limit: 1000, ...(continuation ? { continuation } : {}) });
    items.push(...page.items);
    continuation = page.continuation;
  } while (continuation);
  return items;
}
