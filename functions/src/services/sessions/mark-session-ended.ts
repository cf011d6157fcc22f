import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import type { SessionDocument } from '../../records/session-document.js';

/** How long an ended session's record is kept (for nobody but an investigator reading the store). */
const ENDED_SESSION_TTL_SECONDS = 7 * 24 * 3600;

/**
 * Marks a session ended with a conditional write. When someone else wrote it
 * in between (a lastSeenAt refresh), the session is re-read and the end
 * applied again, so ending a session is never lost to a race. Returns false
 * when the session was already ended or is gone.
 */
export async function markSessionEnded(deps: Deps, session: Stored<SessionDocument>): Promise<boolean> {
  const result = await changeRecord(
    deps.store.collection<SessionDocument>('sessions'),
    { pk: session.pk, id: session.id },
    (current) =>
      current.endedAt
        ? undefined
        : { ...current, endedAt: deps.clock.now().toISOString(), ttl: ENDED_SESSION_TTL_SECONDS },
    { first: session, attempts: 5 },
  );
  return result.outcome === 'written';
}
