import type { ChallengeView, ConstitutionView, DisputeSummary } from '@ratkaisu/core';
import { api } from '../../../api/api';
import { ApiError } from '../../../api/client';
import { unwrapData } from '../../../api/unwrap-data';

/** An open challenge of an arbitrator, as the appointing authority's screen lists it. */
export interface ChallengeRow {
  dispute: DisputeSummary;
  caseNumber?: string;
  challenge: ChallengeView;
  statement?: 'none' | 'disclosed';
  disclosure?: string;
}

export async function listOpenChallenges(signal?: AbortSignal): Promise<ChallengeRow[]> {
  const value = unwrapData<unknown>(await api.get<unknown>('/api/admin/tribunal/challenges', { signal }));
  if (!Array.isArray(value)) throw new ApiError(0, 'invalid_response', 'The server sent an unexpected answer.');
  return value as ChallengeRow[];
}

/** The appointing authority's decision on a challenge, with reasons. */
export async function decideChallenge(
  disputeId: string,
  challengeId: string,
  sustained: boolean,
  reasons: string,
): Promise<ConstitutionView> {
  return unwrapData(
    await api.post<unknown>(
      `/api/admin/tribunal/${encodeURIComponent(disputeId)}/challenges/${encodeURIComponent(challengeId)}`,
      { sustained, reasons },
    ),
  );
}
