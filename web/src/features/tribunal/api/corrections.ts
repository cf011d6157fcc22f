import type { AwardAftercareView, DecideCorrection, RequestCorrection } from '@ratkaisu/core';
import { api } from '../../../api/api';
import { unwrapData } from '../../../api/unwrap-data';
import { saveBlob } from '../../../ui/save-blob';

/** The award after its issue (§§ 37–39): delivery and receipt, deadlines, requests and their documents. */
const base = (disputeId: string, awardId: string) =>
  `/api/dispute/${encodeURIComponent(disputeId)}/award/${encodeURIComponent(awardId)}`;

export async function getAwardAftercare(
  disputeId: string,
  awardId: string,
  signal?: AbortSignal,
): Promise<AwardAftercareView> {
  return unwrapData(await api.get<unknown>(`${base(disputeId, awardId)}/delivery`, { signal }));
}

export async function acknowledgeReceipt(
  disputeId: string,
  awardId: string,
  documentId?: string,
): Promise<AwardAftercareView> {
  return unwrapData(await api.post<unknown>(`${base(disputeId, awardId)}/receipt`, documentId ? { documentId } : {}));
}

export async function requestCorrection(
  disputeId: string,
  awardId: string,
  request: RequestCorrection,
): Promise<AwardAftercareView> {
  return unwrapData(await api.post<unknown>(`${base(disputeId, awardId)}/corrections`, request));
}

export async function commentCorrection(
  disputeId: string,
  awardId: string,
  requestId: string,
  text: string,
): Promise<AwardAftercareView> {
  return unwrapData(
    await api.post<unknown>(`${base(disputeId, awardId)}/corrections/${encodeURIComponent(requestId)}/comments`, {
      text,
    }),
  );
}

export async function decideCorrection(
  disputeId: string,
  awardId: string,
  requestId: string,
  decision: DecideCorrection,
): Promise<AwardAftercareView> {
  return unwrapData(
    await api.post<unknown>(
      `${base(disputeId, awardId)}/corrections/${encodeURIComponent(requestId)}/decision`,
      decision,
    ),
  );
}

export async function correctOnOwnInitiative(
  disputeId: string,
  awardId: string,
  text: string,
): Promise<AwardAftercareView> {
  return unwrapData(await api.post<unknown>(`${base(disputeId, awardId)}/corrections/own-initiative`, { text }));
}

/** The PDF of a correction, interpretation or additional award, as the tribunal signs it. */
export async function fetchCorrectionPdf(disputeId: string, awardId: string, documentId: string): Promise<Blob> {
  return api.blob(`${base(disputeId, awardId)}/corrections/${encodeURIComponent(documentId)}/pdf`);
}

/** Downloads a correction, interpretation or additional award (a party's first opening is its receipt). */
export async function downloadCorrection(
  disputeId: string,
  awardId: string,
  document: { id: string; fileName: string },
): Promise<void> {
  saveBlob(
    await api.blob(`${base(disputeId, awardId)}/corrections/${encodeURIComponent(document.id)}/pdf`),
    document.fileName,
  );
}

export async function setCommentPeriod(
  disputeId: string,
  awardId: string,
  requestId: string,
  days: number,
): Promise<AwardAftercareView> {
  return unwrapData(
    await api.put<unknown>(`${base(disputeId, awardId)}/corrections/${encodeURIComponent(requestId)}/comment-period`, {
      days,
    }),
  );
}
