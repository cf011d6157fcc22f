import type { ConstitutionView, JurisdictionView, TribunalView } from '@ratkaisu/core';
import { api } from '../../../api/api';
import { unwrapData } from '../../../api/unwrap-data';

/** The case's agreement, tribunal size, challenges, new matters and jurisdiction. */
const disputePath = (disputeId: string) => `/api/dispute/${encodeURIComponent(disputeId)}`;

export async function acceptAgreement(disputeId: string, version: string): Promise<ConstitutionView> {
  return unwrapData(await api.post<unknown>(`${disputePath(disputeId)}/agreement`, { version }));
}

export async function answerTribunalSize(disputeId: string, agree: boolean): Promise<TribunalView> {
  return unwrapData(await api.post<unknown>(`${disputePath(disputeId)}/tribunal/size`, { agree }));
}

export async function challengeArbitrator(
  disputeId: string,
  arbitratorId: string,
  grounds: string,
): Promise<ConstitutionView> {
  return unwrapData(
    await api.post<unknown>(`${disputePath(disputeId)}/tribunal/challenges`, { arbitratorId, grounds }),
  );
}

export async function waiveChallenge(disputeId: string): Promise<ConstitutionView> {
  return unwrapData(await api.post<unknown>(`${disputePath(disputeId)}/tribunal/waive-challenge`));
}

export async function answerNewMatter(disputeId: string, matterId: string, text: string): Promise<ConstitutionView> {
  return unwrapData(
    await api.post<unknown>(`${disputePath(disputeId)}/tribunal/matters/${encodeURIComponent(matterId)}/answer`, {
      text,
    }),
  );
}

/** The tribunal records an oral hearing it held, or its decision to decide the case on the documents. */
export async function recordHearing(
  disputeId: string,
  input: { procedure: 'hearing'; date: string; note: string } | { procedure: 'documents'; note: string },
): Promise<void> {
  await api.post<unknown>(`${disputePath(disputeId)}/tribunal/hearing`, input);
}

export async function getJurisdiction(disputeId: string, signal?: AbortSignal): Promise<JurisdictionView> {
  return unwrapData(await api.get<unknown>(`${disputePath(disputeId)}/tribunal/jurisdiction`, { signal }));
}

export async function recordJurisdiction(disputeId: string, text: string): Promise<JurisdictionView> {
  return unwrapData(await api.post<unknown>(`${disputePath(disputeId)}/tribunal/jurisdiction`, { text }));
}
