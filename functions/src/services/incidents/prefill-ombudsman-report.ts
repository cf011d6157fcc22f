import type { IncidentEvidence, IncidentSignal, OmbudsmanReport } from '@ratkaisu/core';

const NATURE: Record<IncidentSignal, string> = {
  'sign-in-failures':
    'A burst of failed and refused sign-ins against accounts of the service: a possible password-guessing or credential-stuffing attack; no account is known to have been entered.',
  'access-refused':
    'A burst of refused requests for objects named in the address (cases, files, users): a possible attempt to reach data of other accounts; every request was refused.',
  'audit-chain-broken':
    'The tamper-evident audit log failed verification: an entry was changed, removed or inserted outside the service, so the integrity of the log (and possibly of the store) is in doubt.',
  'bulk-export':
    'One account made many copies of data (personal data, a tenant’s data or a case’s AI log) in a short time: a possible unauthorised disclosure.',
};

const CONSEQUENCES: Record<IncidentSignal, string> = {
  'sign-in-failures': 'If a password was guessed: access to the account’s cases and documents.',
  'access-refused': 'None known while every request was refused; if one was not, disclosure of case documents.',
  'audit-chain-broken': 'Loss of the evidence of who did what; possibly changed records.',
  'bulk-export': 'Disclosure of the personal data and case documents in the copies.',
};

/** The first draft of the Data Protection Ombudsman's notification (GDPR art. 33(3)), for the administrator to edit. */
export function prefillOmbudsmanReport(
  signal: IncidentSignal,
  evidence: IncidentEvidence,
  affectedUsers: number,
): OmbudsmanReport {
  const records = Object.values(evidence.counts).reduce((largest, count) => Math.max(largest, count), 0);
  return {
    natureOfBreach: NATURE[signal],
    dataSubjectCategories: 'Users of the service: representatives of the parties, arbitrators, administrators.',
    approxDataSubjects: affectedUsers,
    recordCategories: 'Account data (name, e-mail address), case documents and their metadata.',
    approxRecords: records,
    likelyConsequences: CONSEQUENCES[signal],
    measuresTaken: 'Detected automatically and under assessment by the super-administrators.',
    contactPoint: '',
  };
}
