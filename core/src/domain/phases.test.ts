import { describe, expect, it } from 'vitest';
import { endProcessLetterPhase, endProcessOffered, nextPhaseType, PHASE_TYPES, type PhaseType } from './phases.js';

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

describe('endProcessOffered', () => {
  const phase = (type: PhaseType, files = 0) => ({ type, attachments: new Array(files).fill(0) });
  it('is offered at three phases while ClaimantLetter1 has no files', () => {
    expect(endProcessOffered([phase('Claim', 1), phase('Response', 1), phase('ClaimantLetter1')])).toBe(true);
    expect(endProcessOffered([phase('Claim', 1), phase('Response', 1), phase('ClaimantLetter1', 1)])).toBe(false);
  });
  it('is not offered at one, two or seven phases', () => {
    expect(endProcessOffered([phase('Claim')])).toBe(false);
    expect(endProcessOffered([phase('Claim', 1), phase('Response')])).toBe(false);
    // Seven phases: not even with every phase empty. Six, with its letter phase (RespondentLetter2) empty: offered.
    const seven = PHASE_TYPES.map((type) => phase(type));
    expect(seven).toHaveLength(7);
    expect(endProcessOffered(seven)).toBe(false);
    expect(endProcessOffered(seven.slice(0, 6))).toBe(true);
  });
});
