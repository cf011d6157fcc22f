import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { recordAudit } from '../audit/record-audit.js';
import { markSessionEnded } from './mark-session-ended.js';
import type { SessionDocument } from '../../records/session-document.js';

export const SESSION_NOT_FOUND_MESSAGE = refusal('accounts.sessionNotFound').message;

/**
 * Ends one of the caller's own sessions; its token stops working at once.
 *
 * Ending the current session is allowed here on purpose: docs/product.md section 7
 * has one call, `POST /user/logout {id}`, and the client signs out by sending
 * its own session id. "Users cannot end their own current session" (docs/product.md
 * section 6) is about the Sessions list, where the current row's button is
 * disabled; refusing it here would make signing out impossible.
 *
 * Someone else's session answers exactly like a session that does not exist,
 * so session ids cannot be probed. Ending an already ended session of one's
 * own succeeds (the caller wanted it ended, and it is).
 */
export async function endSession(
  deps: Deps,
  caller: Caller,
  sessionId: string,
  client?: ClientInfo,
): Promise<{ endedCurrent: boolean }> {
  const session = await deps.store.collection<SessionDocument>('sessions').read(sessionId, sessionId);
  if (!session || session.userId !== caller.userId) throw new NotFoundError(refusal('accounts.sessionNotFound'));
  await markSessionEnded(deps, session);
  const endedCurrent = session.id === caller.sessionId;
  await recordAudit(deps, {
    action: endedCurrent ? 'Logout' : 'EndSession',
    userId: caller.userId,
    userEmail: caller.email,
    entityType: 'Session',
    entityId: session.id,
    success: true,
    ...(client ? { ipAddress: client.ipAddress } : {}),
  });
  return { endedCurrent };
}
