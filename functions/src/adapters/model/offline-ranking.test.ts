import { describe, expect, it } from 'vitest';
import { bm25, rankingTerms } from './offline-ranking.js';

describe('bm25', () => {
  it('ranks the document holding more of the rarer query terms first', () => {
    const documents = ['kantaja vaatii maksua', 'vastaaja kiistää vaatimuksen', 'sopimus allekirjoitettiin'].map(
      rankingTerms,
    );
    const scores = bm25(documents, rankingTerms('vaatimus maksu'));
    expect(scores[0]).toBeGreaterThan(scores[1]!);
    expect(scores[2]).toBe(0);
  });
});
