import { createHash } from 'node:crypto';
import type { ChangeTokenView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import type { BaseDoc, Stored } from '../../ports/store.js';
import { readCaseForReader } from './dispute-access.js';

/**
 * `GET /api/dispute/{id}/change-token`: a short token that changes whenever anything the case page shows
 * changes — the case (phases, files, turn, tribunal, acceptances) or one of its decisions and drafts — so an
 * open page can ask every few seconds whether to fetch again, for the cost of two reads instead of the
 * whole case. A party or a member of the case's tribunal may ask; anyone else gets the case's 404.
 */
export async function caseChangeToken(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  disputeId: string,
): Promise<ChangeTokenView> {
  const { dispute } = await readCaseForReader(deps, caller, disputeId);
  // Read by name, not by type: the awards domain sits above this one (README "Layers").
  const awards = await deps.store
    .collection<BaseDoc>('awards')
    .query({ where: [{ field: 'pk', op: '=', value: dispute.id }], limit: 1000 });
  return { token: changeToken([dispute, ...awards.items]) };
}

/** The token of a set of records: their ids and versions, in a fixed order, hashed. */
export function changeToken(records: readonly Pick<Stored<BaseDoc>, 'id' | '_etag'>[]): string {
  const versions = records.map((record) => `${record.id}:${record._etag}`).sort();
  return createHash('sha256').update(versions.join('\n')).digest('base64url').slice(0, 22);
}
