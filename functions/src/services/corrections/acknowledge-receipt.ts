import { type AwardAftercareView, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import type { ClientInfo } from '../../context/client-info.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { recordAwardReceipt } from '../award-receipts/record-award-receipt.js';
import { readIssuedAward, partySide } from './correction-access.js';
import { aftercareView, correctionDocuments } from './get-award-aftercare.js';

/**
 * `POST /api/dispute/{id}/award/{awardId}/receipt`: a party says "I have received the award" (or, with
 * `documentId`, a correction, interpretation or additional award of it). The side's first receipt stands:
 * a second acknowledgement is answered with the record as it is. Audited by recordAwardReceipt.
 */
export async function acknowledgeReceipt(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'log'>,
  caller: Caller,
  input: { disputeId: string; awardId: string; documentId?: string },
  client: ClientInfo,
): Promise<AwardAftercareView> {
  const { dispute, role, award } = await readIssuedAward(deps, caller, input.disputeId, input.awardId);
  const side = partySide(role);
  const documentId = input.documentId ?? award.id;
  if (documentId !== award.id) {
    const document = (await correctionDocuments(deps, dispute.id, award.id)).find((doc) => doc.id === documentId);
    if (!document) throw new NotFoundError(refusal('tribunal.awardNotFound'));
    if (document.status !== 'Issued') throw new ConflictError(refusal('corrections.notIssued'));
  }
  await recordAwardReceipt(deps, {
    dispute,
    documentId,
    side,
    userId: caller.userId,
    email: caller.email,
    how: 'acknowledged',
    ...(client.ipAddress ? { ipAddress: client.ipAddress } : {}),
  });
  const latest = (await deps.store.collection<typeof award>('awards').read(dispute.id, award.id)) ?? award;
  return aftercareView(dispute, latest, await correctionDocuments(deps, dispute.id, award.id), false);
}
