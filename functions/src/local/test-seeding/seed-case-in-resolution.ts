import { randomUUID } from 'node:crypto';
import { newDisputeSchema, type PhaseType } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { advancePhase } from '../../services/disputes/advance-phase.js';
import { createDispute } from '../../services/disputes/create-dispute.js';
import { listPhases } from '../../services/disputes/list-phases.js';
import { uploadAttachments } from '../../services/files/upload-attachments.js';
import { bufferUploadForm } from './buffer-upload-form.js';
import { callerOf, SEEDING_CLIENT } from './seed-account.js';

export interface SeedDocument {
  fileName: string;
  bytes: Uint8Array;
}

export interface CaseInResolutionSeed {
  /** The accounts of the two sides' representatives (seeded or registered). */
  claimantId: string;
  respondentId: string;
  name?: string;
  /** The claimant's file in the Claim phase and the respondent's answer in the Response phase. */
  claim: SeedDocument;
  response: SeedDocument;
}

/**
 * "Case in Resolution": a case between two accounts with the claim and the answer filed and the process ended
 * into its Resolution phase — built through the same services the case routes call (the case created, each
 * side's file uploaded, Save and Send, End Process), acting as each side, without HTTP or a browser.
 */
export async function seedCaseInResolution(deps: Deps, seed: CaseInResolutionSeed): Promise<{ disputeId: string }> {
  const claimant = await callerOf(deps, seed.claimantId);
  const respondent = await callerOf(deps, seed.respondentId);
  const input = newDisputeSchema.parse({
    id: randomUUID(),
    name: seed.name ?? 'Teräspalkkien viivästys',
    description: 'Teräspalkit toimitettiin kuusi viikkoa sovittua myöhemmin.',
    claimant: { name: 'Rakennus Oy', identificationNumber: '1234567-8', email: claimant.email, address: 'Katu 1' },
    respondent: { name: 'Teräs Oy', identificationNumber: '8765432-1', email: respondent.email, address: 'Tie 2' },
  });
  const { dispute } = await createDispute(deps, claimant, input, SEEDING_CLIENT);
  await fileAndSend(deps, claimant, dispute.id, seed.claim, 'Response');
  await fileAndSend(deps, respondent, dispute.id, seed.response, 'ClaimantLetter1');
  await advancePhase(deps, claimant, { disputeId: dispute.id, target: 'Resolution' }, SEEDING_CLIENT);
  return { disputeId: dispute.id };
}

/** Files one document into the case's active phase as `caller` and sends the case on to `next`. */
async function fileAndSend(
  deps: Deps,
  caller: Caller,
  disputeId: string,
  document: SeedDocument,
  next: PhaseType,
): Promise<void> {
  const active = (await listPhases(deps, caller, disputeId)).at(-1)!;
  await uploadAttachments(
    deps,
    caller,
    { disputeId, phaseId: active.id, body: bufferUploadForm([document]) },
    SEEDING_CLIENT,
  );
  await advancePhase(deps, caller, { disputeId, target: next }, SEEDING_CLIENT);
}
