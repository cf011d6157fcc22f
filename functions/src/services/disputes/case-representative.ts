import type { Deps } from '../../deps.js';
import type { UserDocument } from '../../records/user-document.js';
import type { DisputeDocument, Side } from './dispute-document.js';

/** The user who represents a side: the creator for the claimant, else the account with the side's confirmed email. */
export async function representative(
  deps: Pick<Deps, 'store'>,
  dispute: DisputeDocument,
  side: Side,
  /** A user read moments ago in this request (the caller's): taken instead of reading it again when it is the one. */
  known?: UserDocument,
): Promise<UserDocument | undefined> {
  const users = deps.store.collection<UserDocument>('users');
  if (side === 'claimant') {
    const creator =
      known?.id === dispute.createdBy.id ? known : await users.read(dispute.createdBy.id, dispute.createdBy.id);
    if (creator) return creator;
  }
  const key = side === 'claimant' ? dispute.claimantEmailKey : dispute.respondentEmailKey;
  if (!key) return undefined;
  const page = await users.query({ where: [{ field: 'emailKey', op: '=', value: key }], limit: 5 });
  return page.items.find((user) => user.emailConfirmed) ?? page.items[0];
}
