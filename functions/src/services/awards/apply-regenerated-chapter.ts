import { randomUUID } from 'node:crypto';

import type { Deps } from '../../deps.js';
import { changeRecord } from '../../records/change-record.js';
import { recordAudit } from '../audit/record-audit.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import type { AwardDocument } from './award-document.js';
import { versionBlobName, writeVersionText } from './award-versions.js';
import { recheckCitations } from './recheck-citations.js';
import { sha256Hex, withAiUse } from '../ai-use/ai-use-details.js';
import { changedAtAfterSave } from './chapter-review.js';

/**
 * Makes a chapter the model wrote again a new version of the tribunal's draft — only if the draft is still
 * at the version the request was based on, so nobody's edit is overwritten. Answers the new version, or
 * undefined (nothing written) when the draft moved on or is no longer a draft.
 */
export async function applyRegeneratedChapter(
  deps: Deps,
  input: {
    dispute: DisputeDocument;
    awardId: string;
    chapter: number;
    text: string;
    baseVersion: number;
    requestedBy: { userId: string; name: string };
    model: string;
  },
): Promise<number | undefined> {
  const awards = deps.store.collection<AwardDocument>('awards');
  const award = await awards.read(input.dispute.id, input.awardId);
  if (!award || award.status !== 'Draft' || award.version !== input.baseVersion) return undefined;
  const chapters = award.chapters.map((chapter, index) =>
    index === input.chapter ? { ...chapter, text: input.text } : chapter,
  );
  const version = award.version + 1;
  const blobName = versionBlobName(input.dispute.id, award.id, version, randomUUID());
  const check = await recheckCitations(deps, input.dispute, award, chapters);
  await writeVersionText(deps, blobName, {
    chapters,
    ...(award.dispositive ? { dispositive: award.dispositive } : {}),
    ...(award.costs ? { costs: award.costs } : {}),
  });
  // A write that keeps the version (a member opening a chapter) may land meanwhile: go on from it.
  const result = await changeRecord(
    awards,
    { pk: input.dispute.id, id: award.id },
    (current): AwardDocument | undefined =>
      current.status !== 'Draft' || current.version !== input.baseVersion
        ? undefined
        : {
            ...current,
            chapters,
            version,
            versions: [
              ...award.versions,
              {
                version,
                savedAt: deps.clock.now().toISOString(),
                savedBy: { userId: input.requestedBy.userId, name: `${input.model} (${input.requestedBy.name})` },
                source: 'ai',
                blobName,
              },
            ],
            flagged: check.flagged,
            checkedReferences: check.checked,
            // The AI's text of the chapter is now what it wrote again: the tribunal's changes are measured from it.
            aiChapters: award.aiChapters.map((chapter, index) =>
              index === input.chapter ? { heading: chapters[index]!.heading, text: input.text } : chapter,
            ),
            chapterChangedAt: changedAtAfterSave(current, chapters, version).map((at, index) =>
              index === input.chapter ? version : at,
            ),
          },
    { first: award, attempts: 5, busy: () => new KeptChanging() },
  ).catch((error: unknown) => {
    if (error instanceof KeptChanging) return undefined;
    throw error;
  });
  if (result?.outcome !== 'written') {
    await deps.blobs.delete('attachments', blobName).catch(() => false);
    return undefined;
  }
  await recordAudit(deps, {
    action: 'EditAward',
    entityType: 'Dispute',
    entityId: input.dispute.id,
    userId: input.requestedBy.userId,
    success: true,
    details: withAiUse(
      `Award ${award.id} version ${version}: chapter ${input.chapter + 1} written again by ${input.model} at the request of ${input.requestedBy.name}`,
      {
        event: 'regenerated',
        use: 'chapter',
        outputId: award.id,
        model: input.model,
        version,
        chapters: [input.chapter],
        outputSha256: sha256Hex(input.text),
      },
    ),
  });
  return version;
}

class KeptChanging extends Error {}
