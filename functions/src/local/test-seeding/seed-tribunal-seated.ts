import type { Deps } from '../../deps.js';
import type { UserDocument } from '../../records/user-document.js';
import { changeOpenDispute } from '../../services/disputes/assert-not-final.js';
import { respondAppointment } from '../../services/tribunal/respond-appointment.js';
import { callerOf, SeedingError, SEEDING_CLIENT } from './seed-account.js';

export interface TribunalSeatedSeed {
  disputeId: string;
  /** An account with the arbitrator attribute (and a second factor, as signing an award asks). */
  arbitratorId: string;
  /** The side whose request the tribunal answers (default the claimant). */
  requestedBySide?: 'claimant' | 'respondent';
}

/**
 * "Tribunal seated": a sole arbitrator who has accepted the appointment. The request and the administrator's
 * appointment (their fees, the Appointments tab: other specs' subject) are written straight into the case with
 * a conditional write; the acceptance goes through the service the arbitrator's Accept button calls, so the
 * challenge period, the signing certificate and the parties' notices are as after a real one.
 */
export async function seedTribunalSeated(deps: Deps, seed: TribunalSeatedSeed): Promise<void> {
  const arbitrator = await deps.store.collection<UserDocument>('users').read(seed.arbitratorId, seed.arbitratorId);
  if (!arbitrator?.arbitrator) throw new SeedingError(`The account ${seed.arbitratorId} is not an arbitrator.`);
  const now = deps.clock.now().toISOString();
  const side = seed.requestedBySide ?? 'claimant';
  await changeOpenDispute(deps, seed.disputeId, (current) => {
    if (current.tribunal) throw new SeedingError(`The case ${seed.disputeId} already has a tribunal.`);
    return {
      ...current,
      tribunal: {
        status: 'Appointed',
        size: 1,
        requestedAt: now,
        requestedBy: side === 'claimant' ? current.createdBy.id : 'test seeding',
        requestedBySide: side,
        members: [
          {
            userId: arbitrator.id,
            name: arbitrator.arbitrator!.name,
            title: arbitrator.arbitrator!.title,
            email: arbitrator.email,
            role: 'sole',
            status: 'Invited',
            appointedAt: now,
            appointedBy: 'test seeding',
          },
        ],
      },
    };
  });
  await respondAppointment(
    deps,
    await callerOf(deps, arbitrator.id),
    { disputeId: seed.disputeId, answer: { accept: true, statement: 'none' } },
    SEEDING_CLIENT,
  );
}
