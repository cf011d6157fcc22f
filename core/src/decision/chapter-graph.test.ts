import { describe, expect, it } from 'vitest';
import { changedShare } from '../tribunal/chapter-change.js';
import { chapterAncestors, chapterDependencies, staleBecause } from './chapter-graph.js';

describe('the chapter graph on the review screen', () => {
  const graph = chapterDependencies(7);

  it('reaches a chapter’s sources through the chapters between', () => {
    expect(chapterAncestors(graph, 6)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(chapterAncestors(graph, 2)).toEqual([]);
  });

  it('marks stale what is written from a chapter that changed later, and nothing else', () => {
    expect(staleBecause(graph, [1, 1, 1, 1, 1, 1, 1])).toEqual([[], [], [], [], [], [], []]);
    // Chapter 3 edited in version 2: 5, 6 and 7 rest on it.
    expect(staleBecause(graph, [1, 1, 2, 1, 1, 1, 1])).toEqual([[], [], [], [], [2], [2], [2]]);
    // 5 then written again in version 3: 5 is current, 6 and 7 now also rest on the new 5.
    expect(staleBecause(graph, [1, 1, 2, 1, 3, 1, 1])).toEqual([[], [], [], [], [], [2, 4], [2, 4]]);
    // Chapter 7 edited after everything: nothing is written from it.
    expect(staleBecause(graph, [1, 1, 1, 1, 1, 1, 5])).toEqual([[], [], [], [], [], [], []]);
  });
});

describe('the share of a chapter the tribunal changed', () => {
  it('is 0 for the AI’s text, 1 for a chapter written from blank, and in between for an edit', () => {
    const ai = 'Vastaaja on viivästynyt toimituksessa. Kanne hyväksytään osittain.';
    expect(changedShare(ai, ai)).toBe(0);
    expect(changedShare(ai, '')).toBe(1);
    expect(changedShare(ai, 'Välimiesoikeuden oma teksti kokonaan.')).toBeGreaterThan(0.6);
    const edited = changedShare(ai, ai.replace('osittain', 'kokonaan'));
    expect(edited).toBeGreaterThan(0);
    expect(edited).toBeLessThan(0.2);
  });
});
