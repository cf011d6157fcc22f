import { randomUUID } from 'node:crypto';
import { type AwardView, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { StaleVersionError } from '../../errors.js';
import { StoreConflictError } from '../../ports/store.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import type { AwardDocument } from './award-document.js';
import { toAwardView } from './award-access.js';
import { versionBlobName, writeVersionText } from './award-versions.js';
import { readChapterForMember } from './chapter-access.js';
import { changedAtAfterSave, withOpens } from './chapter-review.js';
import { recheckCitations } from './recheck-citations.js';

/**
 * `POST /api/dispute/{id}/award/{awardId}/chapters/{chapter}/blank`: a member discards the AI's text of a
 * chapter to write it from blank — one act, one new version with the chapter's heading
 * and an empty text, recorded on the chapter and audited. Based on the version the member sees: a draft
 * that moved on answers 409 with the newer version.
 */
export async function writeChapterFromBlank(
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
  const chapters = award.chapters.map((chapter, at) =>
    at === index ? { heading: chapter.heading, text: '' } : chapter,
  );
  const version = award.version + 1;
  const at = deps.clock.now().toISOString();
  const blobName = versionBlobName(dispute.id, award.id, version, randomUUID());
  const check = await recheckCitations(deps, dispute, award, chapters);
  await writeVersionText(deps, blobName, {
    chapters,
    ...(award.dispositive ? { dispositive: award.dispositive } : {}),
    ...(award.costs ? { costs: award.costs } : {}),
  });
  const { _etag, ...rest } = award;
  const mark = { chapter: input.chapter, userId: caller.userId, name: member.name, at, version };
  let written: AwardDocument;
  try {
    written = await deps.store.collection<AwardDocument>('awards').replace(
      {
        ...rest,
        chapters,
        version,
        versions: [
          ...award.versions,
          { version, savedAt: at, savedBy: { userId: caller.userId, name: member.name }, source: 'tribunal', blobName },
        ],
        flagged: check.flagged,
        checkedReferences: check.checked,
        chapterChangedAt: changedAtAfterSave(award, chapters, version).map((changed, at) =>
          at === index ? version : changed,
        ),
        blankChapters: [...(award.blankChapters ?? []), mark],
        chapterOpens: withOpens(award.chapterOpens, [input.chapter], mark, at, version),
      },
      { ifMatch: _etag },
    );
  } catch (error) {
    if (!(error instanceof StoreConflictError)) throw error;
    await deps.blobs.delete('attachments', blobName).catch(() => false);
    const latest = await deps.store.collection<AwardDocument>('awards').read(dispute.id, award.id);
    throw new StaleVersionError(refusal('tribunal.staleVersion'), latest ? toAwardView(latest, dispute) : undefined);
  }
  await recordCallerAction(deps, caller, client, {
    action: 'ReviewAwardChapter',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `Award ${award.id} version ${version}: chapter ${input.chapter} written from blank by ${member.name} (the AI's text discarded)`,
  });
  return toAwardView(written, dispute);
}
