import { ARBITRATION_AGREEMENT, type ConstitutionView, type PartySide } from '@ratkaisu/core';

/** A party's side (the same union as dispute-document.ts's `Side`, named from core so this file imports no case record). */
type Side = PartySide;
/** What this module reads and writes of a case: only its constitution record (no import of the case record's shape). */
interface WithConstitution {
  constitution?: ConstitutionRecord;
}

/**
 * What the case stores of its legal footing: each side's acceptance of the arbitration
 * agreement, the request for three arbitrators put to the other party, each seated arbitrator's challenge
 * period, the waivers and challenges, the new matters put to the other party, the tribunal's decision on its
 * jurisdiction and a hearing it recorded. The view is the same minus the user ids.
 */
export interface ConstitutionRecord {
  agreement: {
    claimant?: { version: string; at: string; name: string; userId: string };
    respondent?: { version: string; at: string; name: string; userId: string };
  };
  sizeRequest?: {
    requestedBySide: Side;
    answerBy: string;
    status: 'Pending' | 'Agreed' | 'Refused' | 'Lapsed';
    answeredAt?: string;
    answeredBy?: string;
    /** Set once a sole arbitrator's advance replaced one priced for three (services/tribunal-fees). */
    advanceResizedAt?: string;
  };
  challengePeriods: { arbitratorId: string; until: string }[];
  waivers: { side: Side; at: string; name: string; userId: string; arbitratorIds: string[] }[];
  challenges: {
    id: string;
    arbitratorId: string;
    arbitratorName: string;
    side: Side;
    name: string;
    userId: string;
    grounds: string;
    at: string;
    status: 'Open' | 'Sustained' | 'Rejected';
    decidedAt?: string;
    decidedBy?: string;
    decidedById?: string;
    reasons?: string;
  }[];
  newMatters: {
    id: string;
    kind: 'correction' | 'comment';
    raisedBy: Side;
    raisedAt: string;
    text: string;
    answerBy: string;
    answer?: { text: string; at: string; name: string; userId: string };
  }[];
  jurisdiction?: { text: string; at: string; name: string; userId: string };
  hearing?: {
    procedure?: 'hearing' | 'documents';
    date: string;
    note: string;
    recordedAt: string;
    name: string;
    userId: string;
  };
}

export function emptyConstitution(): ConstitutionRecord {
  return { agreement: {}, challengePeriods: [], waivers: [], challenges: [], newMatters: [] };
}

export function constitutionOf(dispute: WithConstitution): ConstitutionRecord {
  return { ...emptyConstitution(), ...dispute.constitution };
}

/** The case with its constitution record changed by `change` (used inside changeDispute). */
export function withConstitution<T extends WithConstitution>(
  dispute: T,
  change: (record: ConstitutionRecord) => ConstitutionRecord,
): T {
  return { ...dispute, constitution: change(constitutionOf(dispute)) };
}

export function toConstitutionView(record: ConstitutionRecord): ConstitutionView {
  const acceptance = (entry: ConstitutionRecord['agreement']['claimant']) =>
    entry ? { version: entry.version, at: entry.at, name: entry.name } : undefined;
  const claimant = acceptance(record.agreement.claimant);
  const respondent = acceptance(record.agreement.respondent);
  return {
    agreement: {
      version: ARBITRATION_AGREEMENT.version,
      ...(claimant ? { claimant } : {}),
      ...(respondent ? { respondent } : {}),
    },
    ...(record.sizeRequest
      ? {
          sizeRequest: {
            requestedBySide: record.sizeRequest.requestedBySide,
            answerBy: record.sizeRequest.answerBy,
            status: record.sizeRequest.status,
            ...(record.sizeRequest.answeredAt ? { answeredAt: record.sizeRequest.answeredAt } : {}),
          },
        }
      : {}),
    challengePeriods: record.challengePeriods,
    waivers: record.waivers.map(({ userId: _userId, ...waiver }) => waiver),
    challenges: record.challenges.map(({ userId: _userId, decidedById: _decidedById, ...challenge }) => challenge),
    newMatters: record.newMatters.map(({ answer, ...matter }) => ({
      ...matter,
      ...(answer ? { answer: { text: answer.text, at: answer.at, name: answer.name } } : {}),
    })),
    ...(record.jurisdiction
      ? { jurisdiction: { text: record.jurisdiction.text, at: record.jurisdiction.at, name: record.jurisdiction.name } }
      : {}),
    ...(record.hearing
      ? {
          hearing: {
            procedure: record.hearing.procedure ?? 'hearing',
            date: record.hearing.date,
            note: record.hearing.note,
            recordedAt: record.hearing.recordedAt,
            name: record.hearing.name,
          },
        }
      : {}),
  };
}

/** Both sides accepted the agreement in its present version. */
export function agreementAccepted(record: ConstitutionRecord): boolean {
  return (
    record.agreement.claimant?.version === ARBITRATION_AGREEMENT.version &&
    record.agreement.respondent?.version === ARBITRATION_AGREEMENT.version
  );
}

/**
 * Why the tribunal may not adopt yet, as a message key, or undefined: an open challenge; an accepted
 * arbitrator whose challenge period runs and whom not both sides waived.
 */
export function challengeBar(
  record: ConstitutionRecord,
  seatedIds: string[],
  now: Date,
): 'challengeOpen' | 'challengePeriodRunning' | undefined {
  if (record.challenges.some((challenge) => challenge.status === 'Open')) return 'challengeOpen';
  const waivedBy = (id: string, side: Side) =>
    record.waivers.some((waiver) => waiver.side === side && waiver.arbitratorIds.includes(id));
  for (const id of seatedIds) {
    const period = record.challengePeriods.find((entry) => entry.arbitratorId === id);
    if (!period || new Date(period.until) <= now) continue;
    if (!(waivedBy(id, 'claimant') && waivedBy(id, 'respondent'))) return 'challengePeriodRunning';
  }
  return undefined;
}

/** The new matters still waiting for the other party's answer within its period. */
export function unansweredMatters(record: ConstitutionRecord, now: Date): ConstitutionRecord['newMatters'] {
  return record.newMatters.filter((matter) => !matter.answer && new Date(matter.answerBy) > now);
}

export function otherSide(side: Side): Side {
  return side === 'claimant' ? 'respondent' : 'claimant';
}
