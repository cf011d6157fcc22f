import { staleBecause, type AwardView, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { StaleVersionError } from '../../errors.js';
import { StoreConflictError } from '../../ports/store.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import type { AwardDocument } from './award-document.js';
import { toAwardView } from './award-access.js';
import { readChapterForMember } from './chapter-access.js';
import { awardChapterDependencies, chapterChangedAt, withOpens } from './chapter-review.js';

/**
 * `POST /api/dispute/{id}/award/{awardId}/chapters/{chapter}/keep`: a member checked a stale chapter
 * against the chapters it is written from and keeps it as it is — it is then up to date
 * in this version, no new version is written. Audited with the chapters it was checked against. Based on
 * the version the member sees.
 */
export async function keepAwardChapter(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; awardId: string; chapter: number; baseVersion: number },
  client: ClientInfo,
): Promise<AwardView> {
  const { dispute, member, award } = await readChapterForMember(deps, caller, input);
  if (input.baseVersion !== award.version) {
    throw new StaleVersionError(refusal('tribunal.staleVersion'), toAwardView(award, dispute));
  }
  const index = input.chapter - 1;
  const changedAt = chapterChangedAt(award);
  const sources = staleBecause(awardChapterDependencies(award), changedAt)[index]!;
  if (sources.length === 0) return toAwardView(award, dispute);
  const { _etag, ...rest } = award;
  let written: AwardDocument;
  try {
    written = await deps.store.collection<AwardDocument>('awards').replace(
      {
        ...rest,
        chapterChangedAt: changedAt.map((at, i) => (i === index ? award.version : at)),
        chapterOpens: withOpens(
          award.chapterOpens,
          [input.chapter],
          { userId: caller.userId, name: member.name },
          deps.clock.now().toISOString(),
          award.version,
        ),
      },
      { ifMatch: _etag },
    );
  } catch (error) {
    if (!(error instanceof StoreConflictError)) throw error;
    const latest = await deps.store.collection<AwardDocument>('awards').read(dispute.id, award.id);
    throw new StaleVersionError(refusal('tribunal.staleVersion'), latest ? toAwardView(latest, dispute) : undefined);
  }
  await recordCallerAction(deps, caller, client, {
    action: 'ReviewAwardChapter',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `Award ${award.id} version ${award.version}: chapter ${input.chapter} kept as it is by ${member.name} after chapters ${sources.map((source) => source + 1).join(', ')} changed`,
  });
  return toAwardView(written, dispute);
}
