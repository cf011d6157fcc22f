import type { DecisionSettings, DecisionStartedView, DecisionStoppedView } from '@ratkaisu/core';
import { api } from '../../../api/api';

/** The case page's decision calls (SPEC.md section 7, decision-api contract). */
const disputePath = (disputeId: string) => `/api/dispute/${encodeURIComponent(disputeId)}`;

/**
 * Starts a decision on the case's Resolution phase; the phase gets a Generating attachment at once.
 * Rejects with the server's sentence when the case is not in Resolution or a generation already runs.
 */
export async function generateDecision(
  disputeId: string,
  settings: DecisionSettings,
): Promise<DecisionStartedView['data']> {
  const answer = await api.post<DecisionStartedView>(`${disputePath(disputeId)}/generatedecision`, { settings });
  return answer.data;
}

/** Stops the running generation; `stopped` is false when nothing was running (it had just finished). */
export async function stopDecisionGeneration(disputeId: string): Promise<DecisionStoppedView['data']> {
  const answer = await api.post<DecisionStoppedView>(`${disputePath(disputeId)}/stopdecisiongeneration`);
  return answer.data;
}
