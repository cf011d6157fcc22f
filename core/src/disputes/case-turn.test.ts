import { describe, expect, it } from 'vitest';
import { DISPUTE_STATUSES, PHASE_TYPES, RESPONDENT_PHASES, type PhaseType } from '../domain/phases.js';
import {
  caseTurn,
  caseTurnState,
  isTurnOf,
  turnHoldersFor,
  TURN_HOLDERS,
  type CaseSeat,
  type CaseTurnFacts,
} from './case-turn.js';

const SEATS: CaseSeat[] = ['claimant', 'respondent', 'tribunal'];
const TRIBUNALS: CaseTurnFacts['tribunalStatus'][] = [undefined, 'Requested', 'Appointed', 'Constituted'];
const DECISIONS: CaseTurnFacts['latestDecision'][] = [
  undefined,
  { status: 'Generating', decisionKind: 'aiDecision' },
  { status: 'Failed', decisionKind: 'aiDecision' },
  { status: 'Completed', decisionKind: 'aiDecision', acceptedBy: [] },
  { status: 'Completed', decisionKind: 'aiDecision', acceptedBy: ['claimant'] },
  { status: 'Completed', decisionKind: 'aiDecision', acceptedBy: ['respondent'] },
  { status: 'Draft', decisionKind: 'award' },
  { status: 'Completed', decisionKind: 'award' },
];

/** Every combination the function can be asked about. */
function* everyCase(): Generator<{ facts: CaseTurnFacts; seat: CaseSeat }> {
  for (const status of DISPUTE_STATUSES)
    for (const activePhaseType of PHASE_TYPES)
      for (const tribunalStatus of TRIBUNALS)
        for (const latestDecision of DECISIONS)
          for (const seat of SEATS) {
            const facts: CaseTurnFacts = {
              status,
              activePhaseType,
              ...(tribunalStatus ? { tribunalStatus } : {}),
              ...(latestDecision ? { latestDecision } : {}),
            };
            yield { facts, seat };
          }
}

const partyOwning = (type: PhaseType) => (RESPONDENT_PHASES.includes(type) ? 'respondent' : 'claimant');

describe('caseTurn over every phase, status, seat, tribunal and decision', () => {
  it('a resolved or closed case waits for nobody', () => {
    for (const { facts, seat } of everyCase()) {
      if (facts.status !== 'Resolved' && facts.status !== 'Closed') continue;
      const turn = caseTurn(facts, seat);
      expect(turn).toEqual({
        stage: facts.status === 'Resolved' ? 'resolved' : 'closed',
        holder: 'none',
        next: 'none',
        whose: 'nobody',
      });
    }
  });

  it('before Resolution the side owning the active phase moves, whatever the tribunal or status', () => {
    let checked = 0;
    for (const { facts, seat } of everyCase()) {
      if (facts.status === 'Resolved' || facts.status === 'Closed' || facts.activePhaseType === 'Resolution') continue;
      const owner = partyOwning(facts.activePhaseType);
      const turn = caseTurn(facts, seat);
      expect(turn.stage).toBe('exchange');
      expect(turn.holder).toBe(owner);
      expect(turn.next).toBe('uploadAndSend');
      expect(turn.whose).toBe(seat === owner ? 'you' : seat === 'tribunal' ? 'parties' : 'otherParty');
      checked++;
    }
    // 2 statuses × 6 phases × 4 tribunal states × 8 decisions × 3 seats
    expect(checked).toBe(2 * 6 * 4 * 8 * 3);
  });

  it('in Resolution a requested or appointed tribunal is being constituted, a constituted one decides', () => {
    for (const { facts, seat } of everyCase()) {
      if (facts.status === 'Resolved' || facts.status === 'Closed' || facts.activePhaseType !== 'Resolution') continue;
      if (!facts.tribunalStatus) continue;
      const turn = caseTurn(facts, seat);
      expect(turn.stage).toBe('processEnded');
      expect(turn.holder).toBe('tribunal');
      expect(turn.next).toBe(facts.tribunalStatus === 'Constituted' ? 'tribunalDecides' : 'appointTribunal');
      expect(turn.whose).toBe(seat === 'tribunal' ? 'you' : 'tribunal');
    }
  });

  it('in Resolution without a tribunal the parties create and accept the AI decision; an arbitrator never moves', () => {
    for (const { facts, seat } of everyCase()) {
      if (facts.status === 'Resolved' || facts.status === 'Closed' || facts.activePhaseType !== 'Resolution') continue;
      if (facts.tribunalStatus) continue;
      const turn = caseTurn(facts, seat);
      expect(turn.stage).toBe('processEnded');
      expect(turn.whose).not.toBe(seat === 'tribunal' ? 'you' : 'tribunal');
      const decision = facts.latestDecision;
      if (decision?.status === 'Generating') {
        expect(turn).toMatchObject({ holder: 'generating', next: 'decisionGenerating', whose: 'nobody' });
      } else if (decision?.status === 'Completed' && decision.decisionKind === 'aiDecision') {
        expect(turn.next).toBe('acceptDecision');
        const accepted = decision.acceptedBy ?? [];
        const waitsFor = SEATS.filter((side) => side !== 'tribunal' && !accepted.includes(side));
        const mine = seat !== 'tribunal' && waitsFor.includes(seat);
        expect(turn.whose).toBe(mine ? 'you' : seat === 'tribunal' ? 'parties' : 'otherParty');
      } else {
        expect(turn).toMatchObject({ holder: 'parties', next: 'createDecision' });
        expect(turn.whose).toBe(seat === 'tribunal' ? 'parties' : 'you');
      }
    }
  });
});

describe('caseTurn examples', () => {
  it('a new case: the claimant prepares the claim, the respondent waits', () => {
    const facts: CaseTurnFacts = { status: 'Pending', activePhaseType: 'Claim' };
    expect(caseTurn(facts, 'claimant').whose).toBe('you');
    expect(caseTurn(facts, 'respondent').whose).toBe('otherParty');
  });

  it('after End Process the case says the process has ended and the decision is next, though its status is InProgress', () => {
    const facts: CaseTurnFacts = { status: 'InProgress', activePhaseType: 'Resolution' };
    expect(caseTurnState(facts)).toEqual({ stage: 'processEnded', holder: 'parties', next: 'createDecision' });
  });

  it('an AI decision accepted by the claimant waits for the respondent', () => {
    const facts: CaseTurnFacts = {
      status: 'InProgress',
      activePhaseType: 'Resolution',
      latestDecision: { status: 'Completed', decisionKind: 'aiDecision', acceptedBy: ['claimant'] },
    };
    expect(caseTurn(facts, 'claimant').whose).toBe('otherParty');
    expect(caseTurn(facts, 'respondent').whose).toBe('you');
  });
});

describe('turnHoldersFor', () => {
  it('splits every holder but none into your turn and waiting, for each side', () => {
    for (const side of ['claimant', 'respondent'] as const) {
      const mine = turnHoldersFor(side, 'yourTurn');
      const waiting = turnHoldersFor(side, 'waiting');
      expect([...mine, ...waiting].sort()).toEqual(TURN_HOLDERS.filter((holder) => holder !== 'none').sort());
      for (const holder of mine) expect(isTurnOf(holder, side)).toBe(true);
      for (const holder of waiting) expect(isTurnOf(holder, side)).toBe(false);
    }
    expect(turnHoldersFor('claimant', 'yourTurn')).toEqual(['claimant', 'parties']);
    expect(turnHoldersFor('respondent', 'waiting')).toEqual(['claimant', 'tribunal', 'generating']);
  });
});
