import { createHash } from 'node:crypto';
import type { Deps } from '../../deps.js';
import type { BaseDoc, Stored } from '../../ports/store.js';
import type { IncidentDocument } from './incident-document.js';

/**
 * One document per signal key in `tokens`, naming the incident the key last opened. The store has no unique
 * index, so this claim — created once, then taken over only on its etag — is what keeps two sightings of one
 * signal (two sweeps at once, a sweep and a verification) from opening two incidents.
 */
export interface SignalClaimDocument extends BaseDoc {
  kind: 'incident-signal-claim';
  signalKey: string;
  incidentId: string;
}

export function signalClaimId(signalKey: string): string {
  return `incident-signal.${createHash('sha256').update(signalKey, 'utf8').digest('base64url')}`;
}

export interface SignalState {
  claim?: Stored<SignalClaimDocument>;
  /** The incident the key last opened, if it still exists. */
  incident?: Stored<IncidentDocument>;
  /** True while that incident is not closed: a new sighting is a repeat, not a new incident. */
  open: boolean;
  /** When that incident was closed: entries before it were assessed already. */
  closedAt?: string;
}

export async function readSignalState(deps: Pick<Deps, 'store'>, signalKey: string): Promise<SignalState> {
  const id = signalClaimId(signalKey);
  const claim = await deps.store.collection<SignalClaimDocument>('tokens').read(id, id);
  if (!claim) return { open: false };
  const incident = await deps.store.collection<IncidentDocument>('incidents').read(claim.incidentId, claim.incidentId);
  if (!incident) return { claim, open: false };
  const closedAt = incident.status === 'closed' ? incident.statusHistory.at(-1)?.at : undefined;
  return { claim, incident, open: incident.status !== 'closed', ...(closedAt ? { closedAt } : {}) };
}
