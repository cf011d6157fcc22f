import { diffWordsWithSpace } from 'diff';

/**
 * How much of a chapter the tribunal changed against the AI's text (the human oversight of
 * Art. 14 of the AI Act): the share of the longer of the two texts that is not common to both, word by
 * word — 0 when the AI's text stands unchanged, 1 when the chapter was written from blank.
 */
export function changedShare(aiText: string, text: string): number {
  if (aiText === text) return 0;
  const longer = Math.max(aiText.length, text.length);
  if (longer === 0) return 0;
  if (aiText.trim() === '' || text.trim() === '') return 1;
  // A bound on the work: past it the texts share too little to be worth measuring (counted as all changed).
  const parts = diffWordsWithSpace(aiText, text, { maxEditLength: 20_000 });
  if (!parts) return 1;
  const same = parts.filter((part) => !part.added && !part.removed).reduce((sum, part) => sum + part.value.length, 0);
  return Math.min(1, Math.max(0, 1 - same / longer));
}

/** Who opened a chapter of a draft, in which version (the first open after each change counts). */
export interface ChapterOpenView {
  userId: string;
  name: string;
  at: string;
  version: number;
}

/** One chapter's review state: its place in the chapter graph and the tribunal's oversight of it. */
export interface ChapterReviewView {
  /** 1-based. */
  chapter: number;
  /** The chapters it is written from (1-based). */
  dependsOn: number[];
  /** The version in which it was last written, edited or confirmed. */
  changedAt: number;
  /** Chapters it is written from that changed after it (1-based): non-empty means stale. */
  staleBecause: number[];
  /** The share of its text the tribunal changed against the AI's text (0–1). */
  changedShare: number;
  /** Members who opened it since it last changed. */
  openedBy: ChapterOpenView[];
  /** Set when a member discarded the AI's text and wrote it from blank. */
  writtenFromBlank?: ChapterOpenView;
}

/** `POST …/chapters/{n}/blank` and `…/keep`: acts on the version the member sees. */
export interface ChapterActionBody {
  baseVersion: number;
}
