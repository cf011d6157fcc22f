import { isFinal, type DisputeSummary, type TribunalRole, type TribunalView, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import type { UserDocument } from '../../records/user-document.js';
import { adminScopeOf, scopeCovers, tenantFilter } from '../../records/admin-scope.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { assertNotFinal, changeOpenDispute } from '../disputes/assert-not-final.js';
import { sideOf } from '../disputes/dispute-access.js';
import {
  toDisputeSummary,
  toTribunalView,
  type DisputeDocument,
  type TribunalMemberRecord,
} from '../disputes/dispute-document.js';
import { constitutionOf } from '../disputes/constitution-record.js';
import { casePath } from '../notices/notice-paths.js';
import { notify } from '../notices/notify.js';
import { requireTribunalFeesPaid } from '../tribunal-fees/open-tribunal-fees.js';

/** A case waiting for its tribunal, as the administrators' appointment screen lists it. */
export interface TribunalRequestRow {
  dispute: DisputeSummary;
  caseNumber?: string;
  tribunal: TribunalView;
  claimantName: string;
  respondentName: string;
}

/** `GET /api/admin/tribunal/requests`: the cases of the administrator's scope whose tribunal is not constituted. */
export async function listTribunalRequests(deps: Pick<Deps, 'store'>, caller: Caller): Promise<TribunalRequestRow[]> {
  const scope = adminScopeOf(caller);
  const page = await deps.store.collection<DisputeDocument>('disputes').query({
    where: [...tenantFilter(scope), { field: 'tribunal.status', op: 'in', value: ['Requested', 'Appointed'] }],
    limit: 200,
  });
  // A final case never waits for an appointment, whatever its tribunal record still says (docs/architecture.md
  // "The outcome holds"); cases that became final before the request was refused are left out here too.
  return page.items
    .filter((dispute) => !isFinal(dispute))
    .sort((a, b) => a.tribunal!.requestedAt.localeCompare(b.tribunal!.requestedAt))
    .map((dispute) => ({
      dispute: toDisputeSummary(dispute, dispute.tribunal!.requestedBySide),
      ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
      tribunal: toTribunalView(dispute.tribunal!),
      claimantName: dispute.claimant.name,
      respondentName: dispute.respondent.name,
    }));
}

/** Whether the account can sign an award: two-factor sign-in on, or a work account (Entra ID). */
export function canSignAwards(user: Pick<UserDocument, 'tfaEnabled' | 'entra'>): boolean {
  return user.tfaEnabled || !!user.entra;
}

/** `GET /api/admin/arbitrators`: the users of the scope who hold the arbitrator attribute and are active. */
export async function listArbitrators(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
): Promise<{ userId: string; name: string; title: string; email: string; tenantId: string; canSign: boolean }[]> {
  const scope = adminScopeOf(caller);
  const page = await deps.store.collection<UserDocument>('users').query({
    where: [...tenantFilter(scope), { field: 'arbitrator', op: 'exists', value: true }],
    limit: 1000,
  });
  return page.items
    .filter((user) => user.isActive && user.arbitrator)
    .map((user) => ({
      userId: user.id,
      name: user.arbitrator!.name,
      title: user.arbitrator!.title,
      email: user.email,
      tenantId: user.tenantId,
      canSign: canSignAwards(user),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'fi'));
}

/**
 * `POST /api/admin/tribunal/{disputeId}/appoint`: an administrator of the case's tenant appoints a sole
 * arbitrator or three (the first is the chair) from the tenant's arbitrators; a representative of a party
 * cannot sit. Replaces members who declined; each appointee is mailed to accept with a statement of independence.
 */
export async function appointTribunal(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; arbitratorIds: string[] },
  client: ClientInfo,
): Promise<TribunalView> {
  const scope = adminScopeOf(caller);
  const disputes = deps.store.collection<DisputeDocument>('disputes');
  const dispute = await disputes.read(input.disputeId, input.disputeId);
  if (!dispute || !scopeCovers(scope, dispute.tenantId)) throw new NotFoundError(refusal('cases.notFound'));
  if (!dispute.tribunal) throw new ConflictError(refusal('tribunal.notRequested'));
  assertNotFinal(dispute);
  // The size is the parties': three only when the other party agreed (answer-tribunal-size.ts).
  if (constitutionOf(dispute).sizeRequest?.status === 'Pending') {
    throw new ConflictError(refusal('constitution.sizePending'));
  }
  if (input.arbitratorIds.length !== dispute.tribunal.size)
    throw new ValidationError(refusal('constitution.sizeMismatch'));
  // The tribunal is constituted only once its administrative fee and both shares of the advance are paid (402).
  if (dispute.tribunal.status === 'Requested') await requireTribunalFeesPaid(deps, dispute);

  const users = deps.store.collection<UserDocument>('users');
  const appointees: UserDocument[] = [];
  for (const id of input.arbitratorIds) {
    const user = await users.read(id, id);
    if (!user || !user.arbitrator || !user.isActive || user.tenantId !== dispute.tenantId) {
      throw new ValidationError(refusal('tribunal.notArbitrator'));
    }
    if (sideOf(dispute, user.id, user.emailConfirmed ? user.emailKey : undefined)) {
      throw new ValidationError(refusal('tribunal.partyCannotSit'));
    }
    // Signing an award needs a second factor (or a work account's own sign-in): an arbitrator must have one.
    if (!canSignAwards(user)) throw new ValidationError(refusal('tribunal.secondFactorRequired'));
    appointees.push(user);
  }
  const size: 1 | 3 = appointees.length === 3 ? 3 : 1;
  const now = deps.clock.now().toISOString();
  const roles: TribunalRole[] = size === 1 ? ['sole'] : ['chair', 'member', 'member'];

  // Who this request newly invites: set by the write that stood (a retried write starts again), and only they
  // are mailed — so a double submit, or the same appointment sent twice, mails each appointee once.
  let invited: string[] = [];
  const updated = await changeOpenDispute(
    deps,
    dispute.id,
    (current) => {
      invited = [];
      const tribunal = current.tribunal;
      if (!tribunal) throw new ConflictError(refusal('tribunal.notRequested'));
      if (tribunal.status === 'Constituted') throw new ConflictError(refusal('tribunal.alreadyAppointed'));
      // Whoever already accepted keeps the seat, and whoever is already invited keeps the invitation (and its
      // date); the rest of the list is the new appointment.
      const standing = tribunal.members.filter((member) => member.status === 'Accepted' || member.status === 'Invited');
      const members: TribunalMemberRecord[] = appointees.map((user, index) => {
        const previous = standing.find((member) => member.userId === user.id);
        if (previous) return previous.status === 'Invited' ? { ...previous, role: roles[index]! } : previous;
        invited.push(user.id);
        return {
          userId: user.id,
          name: user.arbitrator!.name,
          title: user.arbitrator!.title,
          email: user.email,
          role: roles[index]!,
          status: 'Invited' as const,
          appointedAt: now,
          appointedBy: caller.userId,
        };
      });
      const declined = tribunal.members.filter(
        (member) => member.status === 'Declined' && !members.some((m) => m.userId === member.userId),
      );
      const next = { ...tribunal, size, status: 'Appointed' as const, members: [...members, ...declined] };
      // The same appointment again (a second click, a retried request): nothing to write, nobody to mail.
      if (invited.length === 0 && JSON.stringify(next) === JSON.stringify(tribunal)) return undefined;
      return { ...current, tribunal: next };
    },
    dispute,
  );

  for (const member of updated.tribunal!.members.filter((m) => invited.includes(m.userId))) {
    await notify(deps, {
      event: 'arbitratorAppointed',
      params: { role: member.role },
      caseName: updated.name,
      ...(updated.caseNumber ? { caseNumber: updated.caseNumber } : {}),
      disputeId: dispute.id,
      path: casePath(dispute.id, 'tribunal'),
      recipients: [{ email: member.email, userId: member.userId }],
    });
  }
  if (invited.length === 0) return toTribunalView(updated.tribunal!);
  await recordCallerAction(deps, caller, client, {
    action: 'AppointTribunal',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: appointees.map((user, index) => `${roles[index]}: ${user.arbitrator!.name} (${user.id})`).join('; '),
  });
  return toTribunalView(updated.tribunal!);
}
