import type { Deps } from '../../deps.js';
import { StoreConflictError, StoreNotFoundError, type Stored } from '../../ports/store.js';
import type { SessionDocument } from '../../records/session-document.js';

/** How long an ended session's record is kept (for nobody but an investigator reading the store). */
const ENDED_SESSION_TTL_SECONDS = 7 * 24 * 3600;
const MAX_ATTEMPTS = 5;

/**
 * Marks a session ended with a conditional write. When someone else wrote it
 * in between (a lastSeenAt refresh), the session is re-read and the end
 * applied again, so ending a session is never lost to a race. Returns false
 * when the session was already ended or is gone.
 */
export async function markSessionEnded(deps: Deps, session: Stored<SessionDocument>): Promise<boolean> {
  const sessions = deps.store.collection<SessionDocument>('sessions');
  let current: Stored<SessionDocument> | undefined = session;
  for (let attempt = 1; current && !current.endedAt; attempt++) {
    const { _etag, ...doc } = current;
    try {
      await sessions.replace(
        { ...doc, endedAt: deps.clock.now().toISOString(), ttl: ENDED_SESSION_TTL_SECONDS },
        { ifMatch: _etag },
      );
      return true;
    } catch (error) {
      if (error instanceof StoreNotFoundError) return false;
      if (!(error instanceof StoreConflictError) || attempt >= MAX_ATTEMPTS) throw error;
      current = await sessions.read(doc.pk, doc.id);
    }
  }
  return false;
}
