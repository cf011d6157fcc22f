/**
 * Which chapters of an award each chapter is written from (docs/product.md section 3
 * headings): 1–4 (the case, the demands, the grounds, the evidence) from the
 * case file alone, in parallel; 5 (the legal assessment) from 1–4; 6 (the
 * decision with reasons) from 5; 7 (the applied law) from 5 and 6. A chapter
 * beyond the seven (custom settings) reads every earlier chapter unless it
 * declares its own. The pipeline writes the chapters in this order; the review
 * screen marks a chapter stale when one it is written from changed after it.
 *
 * Indexes are zero-based here (chapter 1 is index 0).
 */
export const DEFAULT_CHAPTER_DEPENDENCIES: readonly (readonly number[])[] = [[], [], [], [], [0, 1, 2, 3], [4], [4, 5]];

/**
 * The dependencies of `count` chapters: the default graph, overridden per
 * chapter by `declared` (zero-based, each must be an earlier chapter);
 * chapters past the default seven read all earlier ones.
 */
export function chapterDependencies(count: number, declared?: readonly (readonly number[] | undefined)[]): number[][] {
  return Array.from({ length: count }, (_, index) => {
    const own = declared?.[index];
    const chosen = own ?? DEFAULT_CHAPTER_DEPENDENCIES[index] ?? Array.from({ length: index }, (_, i) => i);
    const valid = [...new Set(chosen)].filter((dependency) => dependency >= 0 && dependency < index);
    return valid.sort((a, b) => a - b);
  });
}

/** Every chapter `index` is written from, directly or through another (zero-based, ascending). */
export function chapterAncestors(dependencies: readonly (readonly number[])[], index: number): number[] {
  const seen = new Set<number>();
  const visit = (at: number) => {
    for (const need of dependencies[at] ?? []) {
      if (seen.has(need)) continue;
      seen.add(need);
      visit(need);
    }
  };
  visit(index);
  return [...seen].sort((a, b) => a - b);
}

/**
 * Which chapters are stale: for each chapter, the chapters it is written from (directly or through
 * another) that changed in a later version than it did — empty when it is up to date. `changedAt[i]` is
 * the version in which chapter i was last written, edited or confirmed.
 */
export function staleBecause(dependencies: readonly (readonly number[])[], changedAt: readonly number[]): number[][] {
  return dependencies.map((_, index) =>
    chapterAncestors(dependencies, index).filter((source) => (changedAt[source] ?? 0) > (changedAt[index] ?? 0)),
  );
}
