import type { Deps } from '../../deps.js';
import { UnauthorizedError } from '../../errors.js';
import type { Caller } from '../../context/caller.js';
import type { UserDocument } from '../../records/user-document.js';
import { recoveryCodesLeft } from './recovery-codes.js';

/**
 * `GET /user/tfa-recovery-codes`: how many of the caller's recovery codes are unused and when they were made —
 * never the codes, which are shown once and kept only as hashes.
 */
export async function getRecoveryCodeStatus(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
): Promise<{ left: number; createdAt: string | null }> {
  const user = await deps.store.collection<UserDocument>('users').read(caller.userId, caller.userId);
  if (!user) throw new UnauthorizedError();
  return { left: user.tfaEnabled ? recoveryCodesLeft(user) : 0, createdAt: user.tfaRecoveryCodesAt ?? null };
}
