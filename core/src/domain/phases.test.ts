import { describe, expect, it } from 'vitest';
import { endProcessLetterPhase, nextPhaseType, PHASE_TYPES } from './phases.js';

describe('phase order', () => {
  it('moves through the seven phases in order and wraps around', () => {
    const visited = [PHASE_TYPES[0]];
    for (let i = 0; i < 7; i++) visited.push(nextPhaseType(visited[visited.length - 1]!));
    expect(visited).toEqual([
      'Claim',
      'Response',
      'ClaimantLetter1',
      'RespondentLetter1',
      'ClaimantLetter2',
      'RespondentLetter2',
      'Resolution',
      'Claim',
    ]);
  });

  it('offers End Process only at phase counts 3 to 6', () => {
    expect(endProcessLetterPhase(2)).toBeUndefined();
    expect(endProcessLetterPhase(3)).toBe('ClaimantLetter1');
    expect(endProcessLetterPhase(6)).toBe('RespondentLetter2');
    expect(endProcessLetterPhase(7)).toBeUndefined();
  });
});
