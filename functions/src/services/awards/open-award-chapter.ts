import { type AwardView, refusal } from '@ratkaisu/core';
import { ConflictError } from '../../errors.js';
import type { Deps } from '../../deps.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { changeRecord } from '../../records/change-record.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { sha256Hex, withAiUse } from '../ai-use/ai-use-details.js';
import type { AwardDocument } from './award-document.js';
import { toAwardView } from './award-access.js';
import { readChapterForMember } from './chapter-access.js';
import { chapterChangedAt } from './chapter-review.js';

/** Lost races with other members' writes before the open is given up (each retry reads afresh). */
const ATTEMPTS = 5;

/**
 * `POST /api/dispute/{id}/award/{awardId}/chapters/{chapter}/open`: a member opened a chapter of the draft
 * to read it (Art. 14 of the AI Act: the tribunal's oversight is recorded, not assumed).
 * Recorded and audited once per member and chapter until the chapter changes; opening it again answers the
 * same record. Conditional: a write that lost a race is read again and retried. The audit entry is the AI-use
 * log's "opened" event for the chapter's text (by its SHA-256), once per member and text.
 */
export async function openAwardChapter(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; awardId: string; chapter: number },
  client: ClientInfo,
): Promise<AwardView> {
  const { dispute, member, award } = await readChapterForMember(deps, caller, input);
  let opened: AwardDocument | undefined;
  const result = await changeRecord(
    deps.store.collection<AwardDocument>('awards'),
    { pk: award.pk, id: award.id },
    (current) => {
      opened = undefined;
      // Re-read after a lost race: still a draft of this many chapters, as readChapterForMember checked.
      if (current.status !== 'Draft') throw new ConflictError(refusal('tribunal.notDraft'));
      const since = chapterChangedAt(current)[input.chapter - 1]!;
      const already = (current.chapterOpens ?? []).some(
        (open) => open.chapter === input.chapter && open.userId === caller.userId && open.version >= since,
      );
      if (already) return undefined;
      const open = {
        chapter: input.chapter,
        userId: caller.userId,
        name: member.name,
        at: deps.clock.now().toISOString(),
        version: current.version,
      };
      opened = current;
      return { ...current, chapterOpens: [...(current.chapterOpens ?? []), open] };
    },
    { first: award, attempts: ATTEMPTS },
  );
  if (result.outcome === 'missing') return toAwardView(award, dispute);
  if (result.outcome === 'written' && opened) {
    await recordCallerAction(deps, caller, client, {
      action: 'ReviewAwardChapter',
      entityType: 'Dispute',
      entityId: dispute.id,
      // The AI-use log's "opened" (Arts. 12, 26(6)): this member's first look at this text of the chapter.
      details: withAiUse(
        `Award ${opened.id} version ${opened.version}: chapter ${input.chapter} opened by ${member.name}`,
        {
          event: 'opened',
          use: 'chapter',
          outputId: opened.id,
          version: opened.version,
          chapters: [input.chapter - 1],
          outputSha256: sha256Hex(opened.chapters[input.chapter - 1]?.text ?? ''),
        },
      ),
    });
  }
  return toAwardView(result.record, dispute);
}
