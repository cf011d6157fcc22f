import { describe, expect, it } from 'vitest';
import { decisionFileName, finalOutcome, isFinal, type OutcomeFacts } from './case-outcome.js';

const AT = '2026-11-27T10:00:00.000Z';
const LATER = '2026-11-27T11:00:00.000Z';

function resolution(attachments: NonNullable<OutcomeFacts['phases']>[number]['attachments']): OutcomeFacts {
  return {
    phases: [
      { type: 'Claim', attachments: [] },
      { type: 'Resolution', attachments },
    ],
  };
}

describe('finalOutcome / isFinal', () => {
  it('an open case: no decision, one acceptance, a failed or draft award', () => {
    expect(isFinal(resolution([]))).toBe(false);
    expect(
      isFinal(
        resolution([
          {
            id: 'a',
            dateCreated: AT,
            status: 'Completed',
            decisionKind: 'aiDecision',
            acceptances: [{ side: 'claimant', at: AT }],
          },
          { id: 'b', dateCreated: AT, status: 'Draft', decisionKind: 'award' },
          { id: 'c', dateCreated: AT, status: 'Failed', decisionKind: 'award' },
        ]),
      ),
    ).toBe(false);
  });

  it('both parties accepted one version: final at the later acceptance, with its version and hash', () => {
    const facts = resolution([
      {
        id: 'v2',
        dateCreated: AT,
        status: 'Completed',
        decisionKind: 'aiDecision',
        version: 2,
        sha256: 'ab',
        acceptances: [
          { side: 'respondent', at: LATER },
          { side: 'claimant', at: AT },
        ],
      },
    ]);
    expect(finalOutcome(facts)).toEqual({ kind: 'accepted', decisionId: 'v2', version: 2, sha256: 'ab', at: LATER });
  });

  it('an issued award makes the case final; a recorded outcome wins over what the phases say', () => {
    expect(
      finalOutcome(resolution([{ id: 'aw', dateCreated: AT, status: 'Completed', decisionKind: 'award' }])),
    ).toEqual({
      kind: 'award',
      decisionId: 'aw',
      at: AT,
    });
    const recorded = { kind: 'award' as const, decisionId: 'aw', at: LATER };
    expect(finalOutcome({ ...resolution([]), outcome: recorded })).toBe(recorded);
    expect(isFinal({ outcome: recorded })).toBe(true);
  });

  it('acceptances of two different versions do not make a case final', () => {
    expect(
      isFinal(
        resolution([
          {
            id: 'v1',
            dateCreated: AT,
            status: 'Completed',
            decisionKind: 'aiDecision',
            acceptances: [{ side: 'claimant', at: AT }],
          },
          {
            id: 'v2',
            dateCreated: LATER,
            status: 'Completed',
            decisionKind: 'aiDecision',
            acceptances: [{ side: 'respondent', at: LATER }],
          },
        ]),
      ),
    ).toBe(false);
  });
});

describe('decisionFileName', () => {
  it('carries the case number and the version', () => {
    expect(decisionFileName('RAT-2026-000123', 2)).toBe('Decision_RAT-2026-000123_v2.pdf');
    expect(decisionFileName(undefined, 1)).toBe('Decision_v1.pdf');
  });
});
