import type { CasePaymentView, DisputeView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { readCaseForReader } from './dispute-access.js';
import { toDisputeView, type DisputeDocument } from './dispute-document.js';
import { representative } from './case-representative.js';
import { userReadWithSession } from '../sessions/admit-session.js';
import { casePayments } from '../payments/case-payments.js';
import { effectiveFeeSchedule, type EffectiveFeeSchedule } from '../fees/effective-fee-schedule.js';

/**
 * `GET /api/dispute/{id}`: one case the caller may see, with their side (or `tribunal`); 404 otherwise. It
 * names each side's counsel as awards print them: the representing account's full name. An account that gave no
 * full name is not named (its username is a sign-in name, not a person's); the page shows the e-mail instead.
 * It also lists the case's payments (docs/fees.md "Due points").
 */
export async function getDispute(deps: Pick<Deps, 'store'>, caller: Caller, disputeId: string): Promise<DisputeView> {
  const { dispute, role } = await readCaseForReader(deps, caller, disputeId);
  const known = userReadWithSession(caller);
  const [claimant, respondent, { payments, fees }] = await Promise.all([
    representative(deps, dispute, 'claimant', known),
    representative(deps, dispute, 'respondent'),
    feesAndPayments(deps, dispute, role),
  ]);
  const counsel = {
    ...(claimant?.fullName?.trim() ? { claimant: claimant.fullName.trim() } : {}),
    ...(respondent?.fullName?.trim() ? { respondent: respondent.fullName.trim() } : {}),
  };
  return {
    ...toDisputeView(dispute, role),
    ...(counsel.claimant || counsel.respondent ? { counsel } : {}),
    ...(payments.length > 0 ? { payments } : {}),
    ...(fees.schedule ? { chargesFees: true as const } : {}),
  };
}

/**
 * The fee schedule that prices the case and the case's payments. Where no schedule was ever set no payment can
 * exist, so none is read: the page costs its session check, the case and its representatives, as before fees.
 */
async function feesAndPayments(
  deps: Pick<Deps, 'store'>,
  dispute: DisputeDocument,
  role: DisputeView['side'],
): Promise<{ fees: EffectiveFeeSchedule; payments: CasePaymentView[] }> {
  const fees = await effectiveFeeSchedule(deps, dispute.tenantId);
  if (!fees.everSet) return { fees, payments: [] };
  const payments = await casePayments(
    deps,
    {
      disputeId: dispute.id,
      tribunalRound: dispute.lapsedTribunalRequests?.length ?? 0,
      tribunalRequested: dispute.tribunal !== undefined,
    },
    role,
  );
  return { fees, payments };
}
