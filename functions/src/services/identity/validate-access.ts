import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { DomainError, UnauthorizedError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import { StoreConflictError, StoreNotFoundError } from '../../ports/store.js';
import { toCurrentUser, type CurrentUser } from '../../records/current-user.js';
import type { UserDocument } from '../../records/user-document.js';
import { recordAudit } from '../audit/record-audit.js';
import { startSession } from '../sessions/start-session.js';
import type { TenantDocument } from '../../records/tenant-document.js';
import { findOrCreateEntraUser } from './find-or-create-entra-user.js';
import { verifyEntraToken } from './verify-entra-token.js';

export const INACTIVE_ACCOUNT_MESSAGE = refusal('accounts.accessInactive').message;

export interface ValidatedAccess {
  authorized: true;
  sessionId: string;
  user: CurrentUser;
}

/**
 * GET /user/validate-access: a work account's sign-in. Validates the Entra
 * access token, finds the user by (tid, oid) or creates it on first sign-in,
 * refuses an inactive account and opens a work-account session, whose id the
 * client sends as `X-Session-Id` with the same kind of token from then on.
 * Successes and refusals are both audited, without the token.
 */
export async function validateAccess(deps: Deps, jwt: string, client: ClientInfo): Promise<ValidatedAccess> {
  let user: UserDocument | undefined;
  try {
    const identity = await verifyEntraToken(deps, jwt);
    const found = await findOrCreateEntraUser(deps, identity);
    user = found.user;
    if (!user.isActive) throw new UnauthorizedError(refusal('accounts.accessInactive'));
    if (user.tenantId !== identity.tenant.id) {
      const own = await deps.store.collection<TenantDocument>('tenants').read(user.tenantId, user.tenantId);
      if (!own?.isActive) throw new UnauthorizedError(refusal('accounts.accessInactive'));
    }
    if (!found.created) await touchLastActivity(deps, found.user);
    const { session } = await startSession(deps, user, client, 'entra');
    await recordAudit(deps, {
      action: 'ValidateAccess',
      success: true,
      userId: user.id,
      userEmail: user.email,
      entityType: 'Session',
      entityId: session.id,
      ipAddress: client.ipAddress,
      details: found.created
        ? 'Work account signed in for the first time; account created.'
        : 'Work account signed in.',
    });
    return { authorized: true, sessionId: session.id, user: toCurrentUser(user, session.id) };
  } catch (error) {
    await recordAudit(deps, {
      action: 'ValidateAccess',
      success: false,
      ...(user ? { userId: user.id, userEmail: user.email } : {}),
      ipAddress: client.ipAddress,
      errorMessage: error instanceof DomainError ? error.message : 'Unexpected error.',
    });
    throw error;
  }
}

async function touchLastActivity(
  deps: Pick<Deps, 'store' | 'clock'>,
  user: UserDocument & { _etag: string },
): Promise<void> {
  const { _etag, ...doc } = user;
  try {
    await deps.store
      .collection<UserDocument>('users')
      .replace({ ...doc, lastActivity: deps.clock.now().toISOString() }, { ifMatch: _etag });
  } catch (error) {
    // Someone changed the user at the same moment; the sign-in does not depend on this bookkeeping.
    if (!(error instanceof StoreConflictError) && !(error instanceof StoreNotFoundError)) throw error;
  }
}
