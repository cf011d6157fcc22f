import {
  caseTurnState,
  DISPUTE_LIST_SECTIONS,
  isTurnOf,
  MAX_DISPUTE_PAGE,
  turnHoldersFor,
  type PartySide,
  type DisputeListSection,
  type DisputePageView,
  type DisputeSummary,
  refusal,
} from '@ratkaisu/core';
import type { Caller } from '../../context/caller.js';
import type { Deps } from '../../deps.js';
import { BadRequestError } from '../../errors.js';
import { StoreConflictError, type Filter, type Stored } from '../../ports/store.js';
import { confirmedEmailKey, sideOf } from './dispute-access.js';
import { disputeListKey, toDisputeSummary, turnFacts, type DisputeDocument } from './dispute-document.js';

export const CONTINUATION_INVALID_MESSAGE = refusal('cases.continuationInvalid').message;

export interface DisputePageRequest {
  limit: number;
  section?: DisputeListSection;
  continuation?: string;
}

/**
 * `GET /api/dispute?limit=…`: one page of the caller's cases, newest first, without loading the rest.
 *
 * A caller sees the cases they created and those naming their confirmed email on either side: a union of up
 * to three indexed queries. Each is read in `listKey` order (`dateCreated|id`, unique) after the previous
 * page's last key, `limit + 1` at a time; the global first `limit` of the union are among the first
 * `limit + 1` of each query, so merging them loses nothing and repeats nothing. The first page carries the
 * total, counted by the store: the sizes of the queries and of their intersections, added and subtracted
 * (inclusion–exclusion).
 *
 * The sections `yourTurn` and `waiting` split the cases in progress by the turn holder stored on each case
 * (core case-turn.ts). Each visibility query knows the caller's side (creator or claimant email: claimant;
 * respondent email: respondent), so its section filter names the holders that mean "your turn" for that side.
 * Filtering in the store, rather than grouping the rows of a page, keeps paging exact: a case whose turn is
 * the caller's is never left behind on a later page under cases that wait for others.
 */
export async function listDisputePage(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  request: DisputePageRequest,
): Promise<DisputePageView> {
  const limit = Math.min(Math.max(1, Math.trunc(request.limit)), MAX_DISPUTE_PAGE);
  const after =
    request.continuation === undefined ? undefined : readContinuation(request.continuation, request.section);
  const key = await confirmedEmailKey(deps, caller);
  const seats: { filter: Filter; side: PartySide }[] = [
    { filter: { field: 'createdBy.id', op: '=', value: caller.userId }, side: 'claimant' },
  ];
  if (key !== undefined) {
    seats.push({ filter: { field: 'claimantEmailKey', op: '=', value: key }, side: 'claimant' });
    seats.push({ filter: { field: 'respondentEmailKey', op: '=', value: key }, side: 'respondent' });
  }
  const visibility = seats.map((seat) => seat.filter);
  const sectionName = request.section;
  const conditions: Filter[][] = seats.map(({ filter, side }) => [filter, ...sectionFilters(sectionName, side)]);
  // A listing starts at its first page: cases older than listKey get theirs there, and the total is counted.
  if (after === undefined) await giveListKeys(deps, visibility);

  const disputes = deps.store.collection<DisputeDocument>('disputes');
  const [streams, total] = await Promise.all([
    Promise.all(
      conditions.map((where) =>
        disputes.query({
          where: [...where, ...(after ? [{ field: 'listKey', op: '<', value: after } as const] : [])],
          orderBy: { field: 'listKey', direction: 'desc' },
          limit: limit + 1,
        }),
      ),
    ),
    after === undefined ? countUnion(deps, conditions) : undefined,
  ]);

  const byKey = new Map<string, Stored<DisputeDocument>>();
  for (const page of streams)
    for (const dispute of page.items) byKey.set(dispute.listKey ?? disputeListKey(dispute), dispute);
  const merged = [...byKey.entries()].sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0));
  const taken = merged.slice(0, limit);
  const items: DisputeSummary[] = [];
  for (const [, dispute] of taken) {
    const side = sideOf(dispute, caller.userId, key);
    // A creator who also named their own email as the respondent is the claimant (sideOf); the respondent's
    // query may have picked the case for the other group, so it is shown only where the claimant's turn puts it.
    if (side && inSection(dispute, side, sectionName)) items.push(toDisputeSummary(dispute, side));
  }
  const last = taken.at(-1)?.[0];
  return {
    items,
    ...(total === undefined ? {} : { total }),
    ...(merged.length > limit && last ? { continuation: writeContinuation(last, request.section) } : {}),
  };
}

/** The store conditions of a section for the cases the caller sees from `side`. */
function sectionFilters(section: DisputeListSection | undefined, side: PartySide): Filter[] {
  if (!section) return [];
  const status: Filter = { field: 'status', op: 'in', value: [...DISPUTE_LIST_SECTIONS[section]] };
  if (section !== 'yourTurn' && section !== 'waiting') return [status];
  return [status, { field: 'turnHolder', op: 'in', value: turnHoldersFor(side, section) }];
}

function inSection(dispute: DisputeDocument, side: PartySide, section: DisputeListSection | undefined): boolean {
  if (section !== 'yourTurn' && section !== 'waiting') return true;
  return isTurnOf(caseTurnState(turnFacts(dispute)).holder, side) === (section === 'yourTurn');
}

/** Every subset of the queries (each a list of conditions), added or subtracted by its size: the size of their union. */
async function countUnion(deps: Pick<Deps, 'store'>, conditions: Filter[][]): Promise<number> {
  const disputes = deps.store.collection<DisputeDocument>('disputes');
  const subsets: Filter[][][] = [];
  for (let mask = 1; mask < 1 << conditions.length; mask++) {
    subsets.push(conditions.filter((_, index) => mask & (1 << index)));
  }
  const counts = await Promise.all(subsets.map((subset) => disputes.count({ where: subset.flat() })));
  return counts.reduce((sum, count, index) => sum + (subsets[index]!.length % 2 === 1 ? count : -count), 0);
}

/**
 * Cases written before `listKey` or `turnHolder` existed get them now (conditionally: a concurrent write sets
 * them too). Every later write sets both, so each visibility query is looked at once per store and process.
 */
const keyedQueries = new WeakMap<object, Set<string>>();
async function giveListKeys(deps: Pick<Deps, 'store'>, visibility: Filter[]): Promise<void> {
  const disputes = deps.store.collection<DisputeDocument>('disputes');
  const done = keyedQueries.get(deps.store) ?? new Set<string>();
  keyedQueries.set(deps.store, done);
  for (const filter of visibility) {
    const key = JSON.stringify(filter);
    if (done.has(key)) continue;
    for (const missing of ['listKey', 'turnHolder']) {
      // Bounded: a page whose writes all lose their race is read again, but not without end.
      for (let round = 0; round < MAX_KEYING_ROUNDS; round++) {
        const page = await disputes.query({
          where: [filter, { field: missing, op: 'exists', value: false }],
          limit: 200,
        });
        if (page.items.length === 0) break;
        await Promise.all(
          page.items.map(async ({ _etag, ...dispute }) => {
            try {
              await disputes.replace(
                {
                  ...dispute,
                  listKey: disputeListKey(dispute),
                  turnHolder: caseTurnState(turnFacts(dispute)).holder,
                },
                { ifMatch: _etag },
              );
            } catch (error) {
              if (!(error instanceof StoreConflictError)) throw error;
            }
          }),
        );
      }
    }
    done.add(key);
  }
}

const MAX_KEYING_ROUNDS = 1000;

function writeContinuation(after: string, section: DisputeListSection | undefined): string {
  return Buffer.from(JSON.stringify({ after, section: section ?? null })).toString('base64url');
}

function readContinuation(token: string, section: DisputeListSection | undefined): string {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown;
    if (
      parsed &&
      typeof parsed === 'object' &&
      typeof (parsed as { after?: unknown }).after === 'string' &&
      (parsed as { section?: unknown }).section === (section ?? null)
    ) {
      return (parsed as { after: string }).after;
    }
  } catch {
    // falls through to the refusal
  }
  throw new BadRequestError(refusal('cases.continuationInvalid'), { continuation: CONTINUATION_INVALID_MESSAGE });
}
