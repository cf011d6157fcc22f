import { changedShare, chapterDependencies, staleBecause, type ChapterReviewView } from '@ratkaisu/core';
import type { AwardDocument, ChapterMark } from './award-document.js';

/** The chapter graph of a draft: the settings' own dependencies (1-based there) or the default graph. */
export function awardChapterDependencies(award: Pick<AwardDocument, 'chapters' | 'settings'>): number[][] {
  const declared = award.settings.settings.chapterDependencies?.map((list) => list.map((chapter) => chapter - 1));
  return chapterDependencies(award.chapters.length, declared);
}

/** The version each chapter was last written, edited or confirmed in (version 1 on older records). */
export function chapterChangedAt(award: Pick<AwardDocument, 'chapters' | 'chapterChangedAt'>): number[] {
  return award.chapters.map((_, index) => award.chapterChangedAt?.[index] ?? 1);
}

/**
 * The versions after a save: a chapter whose heading or text differs from the one before moves to
 * `version`, the others keep theirs; a chapter new in this version is new in it.
 */
export function changedAtAfterSave(
  before: Pick<AwardDocument, 'chapters' | 'chapterChangedAt'>,
  chapters: readonly { heading: string; text: string }[],
  version: number,
): number[] {
  const previous = chapterChangedAt(before);
  return chapters.map((chapter, index) => {
    const old = before.chapters[index];
    return old && old.heading === chapter.heading && old.text === chapter.text ? previous[index]! : version;
  });
}

/** Each chapter's staleness and the tribunal's oversight of it, for the review screen. */
export function chapterReview(award: AwardDocument): ChapterReviewView[] {
  const dependencies = awardChapterDependencies(award);
  const changedAt = chapterChangedAt(award);
  const stale = staleBecause(dependencies, changedAt);
  return award.chapters.map((chapter, index) => {
    const number = index + 1;
    const opens = (award.chapterOpens ?? []).filter(
      (open) => open.chapter === number && open.version >= changedAt[index]!,
    );
    const blank = [...(award.blankChapters ?? [])].reverse().find((mark) => mark.chapter === number);
    return {
      chapter: number,
      dependsOn: dependencies[index]!.map((need) => need + 1),
      changedAt: changedAt[index]!,
      staleBecause: stale[index]!.map((source) => source + 1),
      changedShare: changedShare(award.aiChapters[index]?.text ?? '', chapter.text),
      openedBy: opens.map(({ userId, name, at, version }) => ({ userId, name, at, version })),
      ...(blank
        ? { writtenFromBlank: { userId: blank.userId, name: blank.name, at: blank.at, version: blank.version } }
        : {}),
    };
  });
}

/**
 * What the audit entry of an adoption says of the review: the chapters no
 * member opened since they last changed and the stale ones, which the chair was shown and confirmed.
 */
export function reviewNote(award: AwardDocument): string {
  const review = chapterReview(award);
  const unopened = review.filter((entry) => entry.openedBy.length === 0).map((entry) => entry.chapter);
  const stale = review.filter((entry) => entry.staleBecause.length > 0).map((entry) => entry.chapter);
  return (
    (unopened.length > 0 ? `; chapters no member opened: ${unopened.join(', ')}` : '') +
    (stale.length > 0 ? `; stale chapters: ${stale.join(', ')}` : '')
  );
}

/**
 * A member who edits, keeps or blanks a chapter has it before their eyes: the act counts as opening it in
 * the version it makes (once per member, chapter and version).
 */
export function withOpens(
  opens: readonly ChapterMark[] | undefined,
  chapters: readonly number[],
  by: { userId: string; name: string },
  at: string,
  version: number,
): ChapterMark[] {
  const kept = [...(opens ?? [])];
  for (const chapter of chapters) {
    if (kept.some((open) => open.chapter === chapter && open.userId === by.userId && open.version >= version)) continue;
    kept.push({ chapter, userId: by.userId, name: by.name, at, version });
  }
  return kept;
}
