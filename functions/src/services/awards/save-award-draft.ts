import { randomUUID } from 'node:crypto';
import { type AwardView, type SaveAwardDraft, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, ForbiddenError, StaleVersionError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import type { Stored } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import type { AwardDocument } from './award-document.js';
import { readAwardForReader, toAwardView } from './award-access.js';
import { versionBlobName, writeVersionText } from './award-versions.js';
import { recheckCitations } from './recheck-citations.js';
import { sha256Hex, withAiUse } from '../ai-use/ai-use-details.js';
import { changedAtAfterSave, withOpens } from './chapter-review.js';

/**
 * `PUT /api/dispute/{id}/award/{awardId}`: a member of the tribunal saves a new version of the draft, based
 * on the version they edited. If someone saved meanwhile, nothing is written and the answer is a 409 that
 * carries the newer version (the client keeps its own text). The version's text goes to its own blob first;
 * the record moves to it with a conditional write. The citation check runs again on the new text. Audited.
 */
export async function saveAwardDraft(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; awardId: string; draft: SaveAwardDraft },
  client: ClientInfo,
): Promise<AwardView> {
  const { dispute, member, award: first } = await readAwardForReader(deps, caller, input.disputeId, input.awardId);
  if (!member || member.status !== 'Accepted') throw new ForbiddenError(refusal('tribunal.tribunalOnly'));
  if (first.kind !== 'award' || first.status !== 'Draft') throw new ConflictError(refusal('tribunal.notDraft'));
  if (input.draft.baseVersion !== first.version) {
    throw new StaleVersionError(refusal('tribunal.staleVersion'), toAwardView(first, dispute));
  }
  const version = first.version + 1;
  const blobName = versionBlobName(dispute.id, first.id, version, randomUUID());
  const { chapters, dispositive, costs } = input.draft;
  const check = await recheckCitations(deps, dispute, first, chapters);
  await writeVersionText(deps, blobName, {
    chapters,
    ...(dispositive ? { dispositive } : {}),
    ...(costs ? { costs } : {}),
  });

  const awards = deps.store.collection<AwardDocument>('awards');
  // A write that keeps the version (a member opening a chapter) may land between the read and the
  // replace: the save then goes on from the record as it is now. Another version is a 409.
  let latest: Stored<AwardDocument> | undefined = first;
  const stale = () =>
    new StaleVersionError(refusal('tribunal.staleVersion'), latest ? toAwardView(latest, dispute) : undefined);
  const result = await changeRecord(
    awards,
    { pk: dispute.id, id: first.id },
    (award): AwardDocument => {
      latest = award;
      if (award.version !== first.version || award.status !== 'Draft') throw stale();
      const { dispositive: _d, costs: _c, ...rest } = award;
      const changedAt = changedAtAfterSave(award, chapters, version);
      return {
        ...rest,
        chapters,
        ...(dispositive ? { dispositive } : {}),
        ...(costs ? { costs } : {}),
        version,
        versions: [
          ...award.versions,
          {
            version,
            savedAt: deps.clock.now().toISOString(),
            savedBy: { userId: caller.userId, name: member.name },
            source: 'tribunal',
            blobName,
          },
        ],
        flagged: check.flagged,
        checkedReferences: check.checked,
        chapterChangedAt: changedAt,
        chapterOpens: withOpens(
          award.chapterOpens,
          changedAt.flatMap((at, index) => (at === version ? [index + 1] : [])),
          { userId: caller.userId, name: member.name },
          deps.clock.now().toISOString(),
          version,
        ),
      };
    },
    { first, attempts: 5, busy: stale },
  ).catch(async (error: unknown) => {
    await deps.blobs.delete('attachments', blobName).catch(() => false);
    throw error;
  });
  if (result.outcome !== 'written') {
    await deps.blobs.delete('attachments', blobName).catch(() => false);
    latest = result.outcome === 'unchanged' ? result.record : undefined;
    throw stale();
  }
  const written = result.record;
  await recordCallerAction(deps, caller, client, {
    action: 'EditAward',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: withAiUse(
      `Award ${first.id} version ${version} by ${member.name}; ${check.flagged.length}/${check.checked} references flagged`,
      {
        event: 'edited',
        use: 'award',
        outputId: first.id,
        version,
        chapters: written.chapters.flatMap((chapter, index) =>
          chapter.text !== first.chapters[index]?.text ? [index] : [],
        ),
        outputSha256: sha256Hex(
          JSON.stringify({ chapters: written.chapters, dispositive: written.dispositive ?? null }),
        ),
        references: { checked: check.checked, flagged: check.flagged.length },
      },
    ),
  });
  return toAwardView(written, dispute);
}
