import { diffLines as jsDiffLines } from 'diff';

export interface DiffLine {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/**
 * A line diff of `before` → `after` (jsdiff's Myers diff): enough to show the tribunal what it changed in
 * the AI's text of a chapter.
 */
export function diffLines(before: string, after: string): DiffLine[] {
  const lines: DiffLine[] = [];
  // Both ends get a newline so a last line that differs only by its missing newline is the same line.
  for (const part of jsDiffLines(`${before}\n`, `${after}\n`)) {
    const kind = part.added ? 'added' : part.removed ? 'removed' : 'same';
    const text = part.value.endsWith('\n') ? part.value.slice(0, -1) : part.value;
    for (const line of text.split('\n')) lines.push({ kind, text: line });
  }
  return lines;
}

/** Whether the diff changes anything. */
export function hasChanges(lines: readonly DiffLine[]): boolean {
  return lines.some((line) => line.kind !== 'same');
}
