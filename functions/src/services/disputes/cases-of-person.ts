import type { Deps } from '../../deps.js';
import type { Filter, Stored } from '../../ports/store.js';
import type { UserDocument } from '../../records/user-document.js';
import { memberOf, sideOf } from './dispute-access.js';
import type { DisputeDocument, Side } from './dispute-document.js';

export type PersonCaseRole = Side | 'arbitrator';

/**
 * Every case a person takes part in, with their part: the cases they opened or whose side names their
 * confirmed e-mail (as a representative of that party), and those whose tribunal seats them (not declined).
 * Oldest first. For the data subject's rights (data-export, account-closure), not for screens.
 */
export async function casesOfPerson(
  deps: Pick<Deps, 'store'>,
  user: Pick<UserDocument, 'id' | 'emailConfirmed' | 'emailKey'>,
): Promise<{ dispute: Stored<DisputeDocument>; role: PersonCaseRole }[]> {
  const filters: Filter[] = [
    { field: 'createdBy.id', op: '=', value: user.id },
    { field: 'tribunalMemberIds', op: 'arrayContains', value: user.id },
  ];
  const emailKey = user.emailConfirmed ? user.emailKey : undefined;
  if (emailKey) {
    filters.push({ field: 'claimantEmailKey', op: '=', value: emailKey });
    filters.push({ field: 'respondentEmailKey', op: '=', value: emailKey });
  }
  const disputes = deps.store.collection<DisputeDocument>('disputes');
  const byId = new Map<string, Stored<DisputeDocument>>();
  for (const filter of filters) {
    let continuation: string | undefined;
    do {
      const page = await disputes.query({ where: [filter], limit: 1000, ...(continuation ? { continuation } : {}) });
      for (const dispute of page.items) byId.set(dispute.id, dispute);
      continuation = page.continuation;
    } while (continuation);
  }
  const cases: { dispute: Stored<DisputeDocument>; role: PersonCaseRole }[] = [];
  for (const dispute of byId.values()) {
    const side = sideOf(dispute, user.id, emailKey);
    const role: PersonCaseRole | undefined = side ?? (memberOf(dispute, user.id) ? 'arbitrator' : undefined);
    if (role) cases.push({ dispute, role });
  }
  return cases.sort((a, b) => a.dispute.dateCreated.localeCompare(b.dispute.dateCreated));
}
