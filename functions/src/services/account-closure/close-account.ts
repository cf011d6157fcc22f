import { type AccountClosedView, type CloseAccountInput, isFinal, type OpenCaseBlocker, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import type { ClientInfo } from '../../context/client-info.js';
import { ConflictError, DomainError, UnauthorizedError } from '../../errors.js';
import { changeRecord } from '../../records/change-record.js';
import type { NoticeDocument } from '../../records/notice-document.js';
import type { SessionDocument } from '../../records/session-document.js';
import type { DepartureNotice, UserDocument } from '../../records/user-document.js';
import { reauthenticate } from '../accounts/reauthenticate.js';
import { erasePersonalAuditData } from '../audit/erase-personal-audit-data.js';
import { forgetPartyCaseList } from '../disputes/party-case-list.js';
import { recordAudit } from '../audit/record-audit.js';
import type { AwardDocument } from '../awards/award-document.js';
import { casesOfPerson, type PersonCaseRole } from '../disputes/cases-of-person.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import { durableStep } from '../outbox/durable-step.js';
import { destroyArbitratorKey } from './destroy-signing-key.js';
import { sendDepartureNotices } from './send-departure-notices.js';

/**
 * `POST /user/close-account` (GDPR Art. 17; docs/data-subject-rights.md). After a fresh re-authentication, and
 * only when the person neither represents a party nor sits on the tribunal of an open case (409
 * `account_has_open_cases` naming them), in this order, each step safe to repeat:
 *  1. the personal fields of their audit entries are erased, the chain kept verifiable (services/audit);
 *  2. their notices are deleted, an arbitrator's private signing key destroyed (its certificate kept);
 *  3. every session is ended and deleted;
 *  4. the account is closed in one conditional write: profile pseudonymised, password hash, two-factor secret
 *     and work-account link gone — from then on nothing signs in as it;
 *  5. the other representatives of each of their cases are told, and the closure is audited.
 * A crash before step 4 leaves an account its holder can still sign in to and close again. What is kept, and
 * why, is in the answer.
 */
export async function closeAccount(
  deps: Deps,
  caller: Caller,
  client: ClientInfo,
  input: Omit<CloseAccountInput, 'confirm'>,
): Promise<AccountClosedView> {
  const users = deps.store.collection<UserDocument>('users');
  const user = await users.read(caller.userId, caller.userId);
  if (!user || user.closedAt) throw new UnauthorizedError(refusal('dataRights.alreadyClosed'));
  await reauthenticate(deps, caller, input, {
    client,
    audit: { action: 'CloseAccount', entityType: 'User', entityId: user.id },
    allowWorkAccount: true,
    refuse: (reason) => {
      const wording =
        reason === 'workAccountRequired' || reason === 'workAccountMismatch'
          ? refusal('dataRights.reauthEntra')
          : reason === 'passwordRequired' || reason === 'codeRequired'
            ? refusal('dataRights.reauthRequired')
            : refusal('dataRights.reauthFailed');
      return { message: wording.message, error: new UnauthorizedError(wording) };
    },
  });

  const cases = await casesOfPerson(deps, user);
  const blockers = cases.filter(({ dispute, role }) => isOpen(dispute) && isSeated(dispute, role, user.id));
  if (blockers.length > 0) {
    const list: OpenCaseBlocker[] = blockers.map(({ dispute, role }) => ({
      disputeId: dispute.id,
      ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
      name: dispute.name,
      role,
    }));
    await recordAudit(deps, {
      action: 'CloseAccount',
      entityType: 'User',
      entityId: user.id,
      userId: user.id,
      userEmail: user.email,
      ipAddress: client.ipAddress,
      success: false,
      errorMessage: `Open cases: ${list.map((c) => c.caseNumber ?? c.disputeId).join(', ')}`,
    });
    const names = list.map((c) => `${c.caseNumber ?? c.name} (${c.role})`).join(', ');
    throw new DomainError('account_has_open_cases', 409, refusal('dataRights.openCases', { cases: names }), undefined, {
      cases: list,
    });
  }

  // 1–3: erasure, each step idempotent.
  const audit = await erasePersonalAuditData(deps, {
    userId: user.id,
    email: user.email,
    userName: user.userName,
    ...(user.fullName ? { fullName: user.fullName } : {}),
  });
  const notices = await deleteAll<NoticeDocument>(deps, 'notices', user.id, user.id);
  const signingKey = await destroyArbitratorKey(deps, user.id);
  const sessions = await deleteAll<SessionDocument>(deps, 'sessions', user.id);
  await forgetPartyCaseList(deps, user.id);

  // 4: the account itself, closed once — and, in the same conditional write, whom to tell that the person
  // left, so a crash after it loses no telling (the `sendDepartureNotices` timer sends what is left).
  const departureNotices: DepartureNotice[] = cases
    .filter(({ role }) => role !== 'arbitrator')
    .map(({ dispute, role }) => ({
      disputeId: dispute.id,
      side: role as 'claimant' | 'respondent',
      recipients: [dispute.claimant.email, dispute.respondent.email].filter(
        (email) => email.trim().toLowerCase() !== user.emailKey,
      ),
    }))
    .filter((entry) => entry.recipients.length > 0);
  const closedAt = deps.clock.now().toISOString();
  const closed = await changeRecord(users, { pk: user.id, id: user.id }, (current) => {
    if (current.closedAt) throw new ConflictError(refusal('dataRights.alreadyClosed'));
    return { ...pseudonymised(current, closedAt), ...(departureNotices.length > 0 ? { departureNotices } : {}) };
  });
  if (closed.outcome === 'missing') throw new UnauthorizedError(refusal('dataRights.alreadyClosed'));
  durableStep(deps, 'account.closed');

  // 5: the others told (each telling once); the closure recorded without any personal data of the person.
  await sendDepartureNotices(deps, user.id);
  const issuedAwards = await countIssuedAwards(
    deps,
    cases.map(({ dispute }) => dispute.id),
  );
  await recordAudit(deps, {
    action: 'CloseAccount',
    entityType: 'User',
    entityId: user.id,
    userId: user.id,
    tenantId: user.tenantId,
    success: true,
    details:
      `Account closed: ${sessions} sessions and ${notices} notices deleted, ${audit.erased} audit entries erased` +
      `${signingKey ? ', signing key destroyed (certificate kept)' : ''}; kept: ${issuedAwards} issued decisions, ` +
      `${cases.length} case records`,
  });
  return {
    closedAt,
    erased: { sessions, notices, auditEntries: audit.erased, signingKey },
    kept: [
      { what: 'issuedAwards', count: issuedAwards },
      { what: 'caseRecords', count: cases.length },
      { what: 'auditChain' },
      { what: 'accountingRecords' },
    ],
  };
}

function isOpen(dispute: DisputeDocument): boolean {
  return dispute.status !== 'Closed' && !isFinal(dispute);
}

/** A party's representative always; an arbitrator while seated or invited (not declined, not removed by a challenge). */
function isSeated(dispute: DisputeDocument, role: PersonCaseRole, userId: string): boolean {
  if (role !== 'arbitrator') return true;
  return (dispute.tribunal?.members ?? []).some(
    (member) =>
      member.userId === userId &&
      (member.status === 'Accepted' || member.status === 'Invited') &&
      !member.removedByChallenge,
  );
}

/**
 * The account as it stays after closing: an id the case records and the audit chain still name, and no
 * more. The name and e-mail become placeholders (freeing them for a new account), the secrets go.
 */
function pseudonymised(user: UserDocument & { _etag?: string }, closedAt: string): UserDocument {
  const placeholder = `closed-${user.id.slice(0, 8)}`;
  return {
    id: user.id,
    pk: user.pk,
    tenantId: user.tenantId,
    userName: placeholder,
    userNameKey: `${placeholder}.${user.id}`,
    email: `${placeholder}@closed.invalid`,
    emailKey: `${placeholder}.${user.id}@closed.invalid`,
    emailConfirmed: false,
    roles: [],
    isActive: false,
    dateJoined: user.dateJoined,
    tfaEnabled: false,
    agreedTermsOfService: user.agreedTermsOfService,
    sessionsValidAfter: closedAt,
    closedAt,
  };
}

/** Deletes every document of the user in a collection (their partition, or by userId); answers how many. */
async function deleteAll<T extends SessionDocument | NoticeDocument>(
  deps: Pick<Deps, 'store'>,
  collection: 'sessions' | 'notices',
  userId: string,
  partitionKey?: string,
): Promise<number> {
  const documents = deps.store.collection<T>(collection);
  let deleted = 0;
  for (;;) {
    const page = await documents.query({
      where: [{ field: 'userId', op: '=', value: userId }],
      limit: 500,
      ...(partitionKey ? { partitionKey } : {}),
    });
    if (page.items.length === 0) return deleted;
    for (const doc of page.items) if (await documents.delete(doc.pk, doc.id)) deleted++;
  }
}

async function countIssuedAwards(deps: Pick<Deps, 'store'>, disputeIds: readonly string[]): Promise<number> {
  let count = 0;
  for (const disputeId of disputeIds) {
    count += await deps.store.collection<AwardDocument>('awards').count({
      partitionKey: disputeId,
      where: [
        { field: 'disputeId', op: '=', value: disputeId },
        { field: 'status', op: '=', value: 'Issued' },
      ],
    });
  }
  return count;
}
