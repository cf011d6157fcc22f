import type {
  AwardView,
  DecisionSettings,
  DecisionSettingsRecord,
  DecisionStartedView,
  DecisionStoppedView,
  JobStatusView,
} from '@ratkaisu/core';
import { api } from '../../../api/api';
import { unwrapData } from '../../../api/unwrap-data';

/** The case page's decision calls (docs/product.md section 7, decision-api contract). */
const disputePath = (disputeId: string) => `/api/dispute/${encodeURIComponent(disputeId)}`;

/**
 * Starts a decision on the case's Resolution phase; the phase gets a Generating attachment at once.
 * Rejects with the server's sentence when the case is not in Resolution or a generation already runs.
 */
export async function generateDecision(
  disputeId: string,
  settings: DecisionSettings,
  proceedWithoutConfirmation?: string,
): Promise<DecisionStartedView['data']> {
  const body = { settings, ...(proceedWithoutConfirmation ? { proceedWithoutConfirmation } : {}) };
  const answer = await api.post<DecisionStartedView>(`${disputePath(disputeId)}/generatedecision`, body);
  return answer.data;
}

/** Stops the running generation; `stopped` is false when nothing was running (it had just finished). */
export async function stopDecisionGeneration(disputeId: string): Promise<DecisionStoppedView['data']> {
  const answer = await api.post<DecisionStoppedView>(`${disputePath(disputeId)}/stopdecisiongeneration`);
  return answer.data;
}

const awardPath = (disputeId: string, awardId: string) =>
  `${disputePath(disputeId)}/award/${encodeURIComponent(awardId)}`;

/** The settings a decision was generated with, as both parties (and the tribunal) may read them. */
export async function getDecisionSettingsRecord(
  disputeId: string,
  awardId: string,
  signal?: AbortSignal,
): Promise<DecisionSettingsRecord> {
  return unwrapData(await api.get<unknown>(`${awardPath(disputeId, awardId)}/settings`, { signal }));
}

/** A decision's record as a party may read it: the verification summary (references checked and flagged), settings. */
export async function getDecisionRecord(disputeId: string, awardId: string, signal?: AbortSignal): Promise<AwardView> {
  return unwrapData(await api.get<unknown>(awardPath(disputeId, awardId), { signal }));
}

/**
 * A party accepts the version of an AI decision it has opened (a case without a tribunal); both sides'
 * acceptance of the same version makes the case final. Refused (409) for an unopened or older version.
 */
export async function acceptAiDecision(
  disputeId: string,
  awardId: string,
): Promise<{ acceptedBy: ('claimant' | 'respondent')[]; resolved: boolean; version?: number; sha256?: string }> {
  return unwrapData(await api.post<unknown>(`${awardPath(disputeId, awardId)}/accept`));
}

/** A decision job's status, for the decision card's progress (the stage the server reports). */
export function getDecisionJobStatus(jobId: string, signal?: AbortSignal): Promise<JobStatusView> {
  return api.get<JobStatusView>(`/api/dispute/job/${encodeURIComponent(jobId)}/status`, {
    signal,
    redirectOnUnauthorized: false,
  });
}
